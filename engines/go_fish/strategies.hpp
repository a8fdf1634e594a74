// Every Go Fish strategy, one line each: the only place besides its own file
// that names a strategy. Configs, `arena list`, the adapter, the conformance
// suite and the benchmarks all take them from here.
//
// Contract: a strategy lives in strategies/ (one header, or a header and a
// source file), declared as engines/core/strategy_list.hpp says; every header
// there is included by the generated strategies/all.hpp. A player is built
// fresh for each game (strategies keep per-game memory).
#pragma once

#include "engines/go_fish/strategies/all.hpp"  // generated: every header in strategies/

namespace arena::go_fish {

using Strategies = StrategyList<  //
    RandomPlayer,                 //
    MemoryPlayer,                 //
    BeliefPlayer,                 //
    SeedMemoryPlayer,             //
    CountingPlayer,               //
    QLearningPlayer,              //
    RlcardV1Player,               //
    RlcardV2Player,               //
    ExternalPlayer>;

using AnyPlayer = Strategies::Player;

}  // namespace arena::go_fish
