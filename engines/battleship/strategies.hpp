// Every Battleship strategy (a shooter), one line each: the only place besides
// its own file that names a strategy. Configs, `arena list`, the adapter, the
// conformance suite and the benchmarks all take them from here.
//
// Contract: a shooter lives in strategies/ (one header, or a header and a
// source file), declared as engines/core/strategy_list.hpp says, built per
// game from (const Params&, const ShooterContext&), with choose(Rng&) and
// observe(cell, ShotResult) as random.hpp states; every header there is
// included by the generated strategies/all.hpp.
#pragma once

#include "engines/battleship/strategies/all.hpp"  // generated: every header in strategies/

namespace arena::battleship {

using Strategies = StrategyList<  //
    RandomShooter,                //
    HuntTargetShooter,            //
    DensityShooter,               //
    SeedDensityShooter,           //
    MonteCarloShooter,            //
    ExternalShooter>;

using AnyShooter = Strategies::Player;

}  // namespace arena::battleship
