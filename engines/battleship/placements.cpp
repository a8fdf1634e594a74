#include "engines/battleship/placements.hpp"

namespace arena::battleship {
namespace {

Placement make_placement(int row, int col, int length, bool horizontal, int size) {
  Placement p{row, col, length, horizontal, {}, {}};
  for (int i = 0; i < length; ++i) {
    const int r = horizontal ? row : row + i;
    const int c = horizontal ? col + i : col;
    p.cells.set(r * size + c);
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        const int nr = r + dr;
        const int nc = c + dc;
        if (nr >= 0 && nr < size && nc >= 0 && nc < size) p.halo.set(nr * size + nc);
      }
    }
  }
  return p;
}

}  // namespace

PlacementTable::PlacementTable(const Rules& rules) : rules_(rules), by_length_(rules.size + 1) {
  const int n = rules.size;
  for (int length = 1; length <= n; ++length) {
    auto& list = by_length_[length];
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col + length <= n; ++col)
        list.push_back(make_placement(row, col, length, true, n));
    }
    if (length == 1) continue;  // a single cell has one placement, not two
    for (int row = 0; row + length <= n; ++row) {
      for (int col = 0; col < n; ++col)
        list.push_back(make_placement(row, col, length, false, n));
    }
  }
}

}  // namespace arena::battleship
