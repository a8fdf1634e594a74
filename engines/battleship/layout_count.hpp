// The exact number of legal fleet layouts of any Rules, and the share of them
// that put a ship on each cell.
//
// Contract: a layout is what sample_uniform_layout draws (layout.hpp): every
// ship of the fleet placed once, horizontal or vertical (a ship of length 1 has
// one placement per cell), no two ships on one cell, and under
// Touching::kForbidden no two ships on cells sharing an edge or a corner. Ships
// are told apart by name, so two ships of equal length count twice as two
// layouts when they swap places. Counts are exact in 128 bits; a count that
// does not fit throws CountOverflow rather than wrap. Deterministic; no Rng.
//
// Method: a transfer matrix over the board, cell by cell in row-major order
// (layout_count.cpp), whose state is what the cells not yet reached depend on.
// Its cost grows with the number of ships that can be under way at once, not
// with the number of layouts.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/battleship/rules.hpp"

namespace arena::battleship {

__extension__ typedef unsigned __int128 LayoutCount;  // __extension__: a GCC and Clang type

struct CountOverflow : std::overflow_error {
  using std::overflow_error::overflow_error;
};

// Thrown when the sweep would hold more than its limit of states at one cell
// (their number grows about as the board's side to the power of the ships
// that can be under way at once: the standard fleet needs 376,735 on 10x10,
// 915,795 on 12x12 and 1,948,391 on 14x14).
struct CountTooCostly : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The default limit: 2 Mi states (14x14 with the standard fleet fits), for
// tables of at most about 0.4 GB (0.6 GB with 128-bit counts and big boards).
constexpr size_t kMaxLayoutStates = size_t{1} << 21;

struct LayoutCensus {
  LayoutCount layouts = 0;
  // Cell row * size + col: the fraction of all layouts that put a ship on it
  // (it sums to the fleet's cells). Empty when not asked for, or when no
  // layout exists.
  std::vector<double> heat;
  // The most states the count held at one cell: what its time and memory grow with.
  size_t peak_states = 0;
};

// The number of legal layouts of `rules`' fleet (1 for an empty fleet, 0 when
// none fits). Throws CountOverflow past 2^128 - 1, CountTooCostly past
// `max_states`, and std::invalid_argument for a ship shorter than 1 cell or
// more than kMaxShips ships.
LayoutCount count_layouts(const Rules& rules, size_t max_states = kMaxLayoutStates);

// The count and, with `heat`, the share of layouts covering each cell.
LayoutCensus layout_census(const Rules& rules, bool heat, size_t max_states = kMaxLayoutStates);

// `n` in decimal digits.
std::string decimal(LayoutCount n);

}  // namespace arena::battleship
