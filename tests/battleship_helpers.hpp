// Helpers shared by the Battleship tests.
#pragma once

#include <utility>
#include <vector>

#include "engines/battleship/rules.hpp"

namespace arena::testing {

inline battleship::Rules battleship_rules(int size, std::vector<battleship::ShipSpec> fleet,
                                          battleship::Touching touching) {
  battleship::Rules r;
  r.size = size;
  r.fleet = std::move(fleet);
  r.touching = touching;
  return r;
}

}  // namespace arena::testing
