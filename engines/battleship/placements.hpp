// Every way to put one ship of a given length on the board, with bit masks.
//
// Contract: built once per match from the Rules and shared read-only by all
// threads. Cells are numbered row * size + col. For each length the table
// holds each distinct placement once (a ship of length 1 has one orientation),
// with the cells it covers and its halo (those cells and their 8 neighbours),
// which is what the no-touch rule checks against.
#pragma once

#include <bitset>
#include <cstdint>
#include <vector>

#include "engines/battleship/rules.hpp"

namespace arena::battleship {

using CellSet = std::bitset<kMaxCells>;

struct Placement {
  int row = 0;
  int col = 0;
  int length = 0;
  bool horizontal = true;
  CellSet cells;
  CellSet halo;

  int cell(int i, int size) const {
    return horizontal ? row * size + col + i : (row + i) * size + col;
  }
};

class PlacementTable {
 public:
  explicit PlacementTable(const Rules& rules);

  const Rules& rules() const { return rules_; }
  // All placements of a ship of `length` (1 <= length <= size).
  const std::vector<Placement>& of_length(int length) const { return by_length_[length]; }
  // True when `p` may join ships already covering `occupied` under the rules.
  bool fits(const Placement& p, const CellSet& occupied) const {
    const CellSet& reach = rules_.touching == Touching::kForbidden ? p.halo : p.cells;
    return (reach & occupied).none();
  }

 private:
  Rules rules_;
  std::vector<std::vector<Placement>> by_length_;
};

}  // namespace arena::battleship
