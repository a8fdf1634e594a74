// Battleship rules: board size, fleet and the touching rule.
//
// Contract: a value type with the defaults of the standard game (10x10,
// carrier 5, battleship 4, cruiser 3, submarine 3, destroyer 2, ships may
// touch). These member initialisers are the one place the defaults live; the
// harness reads them when it fills in a config.
#pragma once

#include <string>
#include <vector>

namespace arena::battleship {

constexpr int kMinSize = 5;
constexpr int kMaxSize = 26;
constexpr int kMaxCells = kMaxSize * kMaxSize;
constexpr int kMaxShips = 16;

struct ShipSpec {
  std::string name;
  int length = 0;
};

enum class Touching {
  kAllowed,    // ships may share edges and corners (but never cells)
  kForbidden,  // no two ships share an edge or a corner (the seed's rule)
};

inline std::vector<ShipSpec> standard_fleet() {
  return {{"carrier", 5}, {"battleship", 4}, {"cruiser", 3}, {"submarine", 3}, {"destroyer", 2}};
}

struct Rules {
  int size = 10;
  std::vector<ShipSpec> fleet = standard_fleet();
  Touching touching = Touching::kAllowed;

  int cells() const { return size * size; }
  int fleet_cells() const {
    int total = 0;
    for (const auto& ship : fleet)
      total += ship.length;
    return total;
  }
};

}  // namespace arena::battleship
