// Every Chinese Checkers strategy, one line each: the only place besides its
// own file that names a strategy. Configs, `arena list`, the adapter, the
// conformance suite and the benchmarks all take them from here.
//
// Contract: a strategy lives in strategies/ (one header, or a header and a
// source file), declared as engines/core/strategy_list.hpp says, with
// `Move choose(const State&, Rng&)`; every header there is included by the
// generated strategies/all.hpp. A player is built fresh for each game.
#pragma once

#include "engines/chinese_checkers/strategies/all.hpp"  // generated: every header in strategies/

namespace arena::chinese_checkers {

using Strategies = StrategyList<  //
    RandomPlayer,                 //
    GreedyPlayer,                 //
    MinimaxPlayer,                //
    AlphaBetaPlayer,              //
    MctsPlayer,                   //
    ExternalPlayer>;

using AnyPlayer = Strategies::Player;

inline Move choose_move(AnyPlayer& player, const State& state, Rng& rng) {
  return std::visit([&](auto& p) { return p.choose(state, rng); }, player);
}

}  // namespace arena::chinese_checkers
