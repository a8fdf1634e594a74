// Every Chinese Checkers strategy, as one variant type for the game loop.
//
// Contract: each alternative is a value type built from its params struct and
// created fresh per game; `choose(state, rng)` as in random_player.hpp.
#pragma once

#include <variant>

#include "engines/chinese_checkers/alphabeta.hpp"
#include "engines/chinese_checkers/greedy.hpp"
#include "engines/chinese_checkers/mcts.hpp"
#include "engines/chinese_checkers/minimax.hpp"
#include "engines/chinese_checkers/random_player.hpp"

namespace arena::chinese_checkers {

using AnyPlayer =
    std::variant<RandomPlayer, GreedyPlayer, MinimaxPlayer, AlphaBetaPlayer, MctsPlayer>;

inline Move choose_move(AnyPlayer& player, const State& state, Rng& rng) {
  return std::visit([&](auto& p) { return p.choose(state, rng); }, player);
}

}  // namespace arena::chinese_checkers
