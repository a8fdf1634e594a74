// What the Go Fish adapter (go_fish.cpp) shares with the harness above it
// (arena train): the rules and the players of a config.
#pragma once

#include <vector>

#include "engines/go_fish/strategies.hpp"
#include "harness/config/config.hpp"

namespace arena {

// The rules of `config` at a table of `players` (rules.seats aside). Throws
// ConfigError (at `rules`) for rules that cannot be played.
go_fish::Rules go_fish_rules(const RunConfig& config, int players);

// Every player of `config`, bound to its strategy. A strategy that cannot use
// its parameters (q-learning's policy file unreadable) is a ConfigError at
// the player's params.
std::vector<go_fish::Strategies::Bound> go_fish_players(const RunConfig& config);

}  // namespace arena
