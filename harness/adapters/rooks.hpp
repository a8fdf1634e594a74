// What the rooks adapter (rooks.cpp) shares with the harness above it
// (Python's game states): the boards of a config's board file.
#pragma once

#include <string>
#include <vector>

#include "engines/rooks/board.hpp"
#include "harness/config/config.hpp"

namespace arena {

// The boards of the judge-format file `name` (relative to the config's
// folder). Throws ConfigError at rules.board_file when it cannot be read,
// or naming the file's line and column when it is malformed or empty.
std::vector<rooks::Board> read_board_file(const RunConfig& config, const std::string& name);

}  // namespace arena
