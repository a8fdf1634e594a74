// A fleet layout: where each ship of the fleet lies.
//
// Contract: ships are in fleet order (ship i is rules.fleet[i]); a Layout
// from sample_uniform_layout is legal under the rules and drawn uniformly over
// all legal layouts (ships are told apart by name). Randomness comes only from
// the Rng passed in.
#pragma once

#include <array>
#include <cstdint>

#include "engines/battleship/placements.hpp"
#include "engines/core/rng.hpp"

namespace arena::battleship {

struct Layout {
  int ship_count = 0;
  std::array<const Placement*, kMaxShips> ships{};
  CellSet occupied;
};

// Draws every ship uniformly over its placements and rejects the whole fleet on
// any conflict, which makes legal layouts equally likely (unlike retrying ship
// by ship, which favours layouts that are easy to complete). Throws
// std::runtime_error after `max_attempts` rejections in a row.
Layout sample_uniform_layout(const PlacementTable& table, Rng& rng,
                             uint64_t max_attempts = 100'000'000);

// True when at least one legal layout exists (depth-first search, giving up
// and answering true after `node_budget` nodes: sampling then decides).
bool layout_exists(const PlacementTable& table, uint64_t node_budget = 2'000'000);

}  // namespace arena::battleship
