// Chinese Checkers positions and moves for people reading a game (arena
// replay): the star as text and the path of a move's hops.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engines/chinese_checkers/state.hpp"

namespace arena::chinese_checkers {

// The holes a legal move `m` of the side to move in `before` passes through,
// from m.from to m.to: one step, or the landings of its shortest hop chain.
std::vector<int> move_path(const State& before, Move m);

// The star, one line per row (17 lines): seat s's pieces as the digit s + 1,
// empty holes '.'; along `path` (a move just played) its start 'o', the holes
// it hopped through '*' and the moved piece as the letter 'A' + seat.
std::vector<std::string> render_star(const State& state, std::span<const int> path = {});

// What render_star's characters mean.
std::vector<std::string> star_legend();

}  // namespace arena::chinese_checkers
