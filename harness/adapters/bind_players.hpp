// Players of a config bound to an engine's strategy list.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engines/core/bot_link.hpp"
#include "harness/config/config.hpp"

namespace arena {

// The bound strategy of every player, in config order. Config validation takes
// strategy names from the same list, so an unknown name here is an internal
// error (std::logic_error naming it), never a silent stand-in.
template <class List>
std::vector<typename List::Bound> bind_players(const std::vector<PlayerConfig>& players,
                                               std::string_view engine) {
  std::vector<typename List::Bound> bound;
  for (const PlayerConfig& player : players) {
    auto b = List::bind(engine_strategy(player.strategy), player.params);
    if (!b) {
      throw std::logic_error("internal error: " + std::string(engine) +
                             " adapter: unknown strategy '" + player.strategy + "'");
    }
    bound.push_back(std::move(*b));
  }
  return bound;
}

}  // namespace arena
