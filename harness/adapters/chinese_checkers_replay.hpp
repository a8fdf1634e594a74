// How a Chinese Checkers game is shown by `arena replay` (harness/output/
// replay_boards/chinese_checkers.js draws the data): shared by the adapter's
// replay of a game and by `arena solve chinese-checkers --solitaire`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/chinese_checkers/state.hpp"
#include "harness/registry/registry.hpp"

namespace arena {

// "seat 2 (mcts) moves a piece from hole 42 to hole 52: one step", or
// "...: 3 hops, landing on 53, 60, 64", for the path of a move (move_path).
std::string checkers_move_text(const std::string& who, const std::vector<int>& path);

// Every seat's holes, the ply, and the move that led here (null at the start).
nlohmann::json checkers_state_json(const chinese_checkers::State& state, nlohmann::json move);

// The start's state plus the star's geometry, given once: per hole its cube
// coordinates and triangle (as the protocol's handshake), per seat its home
// and goal triangle.
nlohmann::json checkers_start_state_json(const chinese_checkers::State& state);

// `arena solve chinese-checkers --solitaire` (EngineSpec::solitaire): runs
// chinese_checkers::find_crossing at `beam` (nullopt: its default), checks the
// crossing with check_crossing and returns it in the shape of `arena replay
// --json`, the lone player as seat 1 (the engine plays it as seat 0 of a
// two-player table whose other seat has no piece).
SolitaireSolution checkers_solitaire(std::optional<int> beam);

}  // namespace arena
