// A whole small board in one 128-bit word.
//
// Contract: SmallBoard lays out boards with (size + 1) * size <= 128 (up to
// 10 x 10): cell (row, col) is bit row * (size + 1) + col. Column `size` is
// padding and never on the board, so spreading a set of cells one column
// left or right never wraps onto another row's cells, and one row down is a
// shift by size + 1. Bits keep the order of cell indices. Value type.
//
// Why: a set of cells as one word makes "does this placement cover a ruled
// out cell" one AND, where a std::bitset of the largest board is eleven.
#pragma once

#include <array>
#include <cstdint>

#include "engines/battleship/placements.hpp"

namespace arena::battleship {

__extension__ using Bits128 = unsigned __int128;

class SmallBoard {
 public:
  static constexpr bool fits(int size) { return (size + 1) * size <= 128; }

  explicit SmallBoard(int size);

  int size() const { return size_; }
  // Bits between a cell and the one below it.
  int stride() const { return size_ + 1; }
  // Every cell of the board (no padding, nothing past the last row).
  Bits128 cells() const { return cells_; }
  Bits128 bit(int cell) const { return Bits128{1} << bit_of_cell_[cell]; }
  int cell_of_bit(int bit) const { return cell_of_bit_[bit]; }
  // The cells of `p`, or its halo (its cells and their eight neighbours).
  Bits128 cells_of(const Placement& p) const;
  Bits128 halo_of(const Placement& p) const;

 private:
  int size_;
  Bits128 cells_ = 0;
  std::array<uint8_t, 128> cell_of_bit_{};
  std::array<uint8_t, 128> bit_of_cell_{};
};

}  // namespace arena::battleship
