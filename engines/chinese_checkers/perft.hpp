// Perft: the number of move sequences of a given length from a position.
//
// Contract: moves are distinct (from, to) pairs (movegen.hpp). perft(s, 0) is
// 1; a position whose game is over contributes 0 to any depth >= 1; a side
// with no legal move passes, and the pass counts as one move. The last ply is
// counted without playing it (bulk counting).
#pragma once

#include <cstdint>

#include "engines/chinese_checkers/rules.hpp"
#include "engines/chinese_checkers/state.hpp"

namespace arena::chinese_checkers {

uint64_t perft(const State& state, int depth);
// From the initial position of `rules`.
uint64_t perft(const Rules& rules, int depth);

}  // namespace arena::chinese_checkers
