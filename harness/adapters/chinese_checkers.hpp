// What the Chinese Checkers adapter (chinese_checkers.cpp) shares with the
// harness above it (Python's game states): the rules of a config.
#pragma once

#include "engines/chinese_checkers/rules.hpp"
#include "harness/config/config.hpp"

namespace arena {

// The engine's rules from the config's `rules:` (seats, neutral_zones, win,
// max_plies). Throws ConfigError at rules.seats for a table the star cannot
// seat (2, 3, 4 or 6).
chinese_checkers::Rules checkers_rules_of(const RunConfig& config);

}  // namespace arena
