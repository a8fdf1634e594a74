#include "engines/battleship/small_board.hpp"

namespace arena::battleship {

SmallBoard::SmallBoard(int size) : size_(size) {
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      const int bit = r * stride() + c;
      cells_ |= Bits128{1} << bit;
      cell_of_bit_[bit] = static_cast<uint8_t>(r * size + c);
      bit_of_cell_[r * size + c] = static_cast<uint8_t>(bit);
    }
  }
}

Bits128 SmallBoard::cells_of(const Placement& p) const {
  const int step = p.horizontal ? 1 : stride();
  Bits128 cells = 0;
  for (int i = 0, b = p.row * stride() + p.col; i < p.length; ++i, b += step)
    cells |= Bits128{1} << b;
  return cells;
}

Bits128 SmallBoard::halo_of(const Placement& p) const {
  // Spreading one column left or right from the board's edge lands on
  // padding, and one row up or down from it off the board: both are masked.
  Bits128 halo = cells_of(p);
  halo |= (halo << 1) | (halo >> 1);
  halo |= (halo << stride()) | (halo >> stride());
  return halo & cells_;
}

}  // namespace arena::battleship
