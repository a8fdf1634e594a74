// Every rooks solver, one line each: the only place besides its own file that
// names a strategy. Configs, `arena list`, the adapter, the conformance suite
// and the benchmarks all take them from here.
//
// Contract: a solver lives in strategies/, declared as
// engines/core/strategy_list.hpp says, with
// `Placement solve(const Board&, const Segments&, Rng&) const` returning a
// placement (the harness checks it is legal); every header there is included
// by the generated strategies/all.hpp.
#pragma once

#include "engines/rooks/strategies/all.hpp"  // generated: every header in strategies/

namespace arena::rooks {

using Strategies = StrategyList<  //
    SeedRandomSolver,             //
    RandomGreedySolver,           //
    ExactSolver,                  //
    MinDegreeSolver,              //
    ExternalSolver>;

using AnySolver = Strategies::Player;

}  // namespace arena::rooks
