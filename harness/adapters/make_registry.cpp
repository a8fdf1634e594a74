// The one place that lists the engines Arena ships: one line per engine. The
// factories are declared by CMake (harness/adapters/adapters.hpp).
#include "harness/adapters/adapters.hpp"

namespace arena {

Registry make_registry() {
  Registry registry;
  registry.add(battleship_engine());
  registry.add(chinese_checkers_engine());
  registry.add(go_fish_engine());
  registry.add(rooks_engine());
  return registry;
}

}  // namespace arena
