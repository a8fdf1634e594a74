// Mode `solo`: one shooter against one fleet; the metric is shots to sink it.
//
// Contract: the shooter is any type with choose(Rng&) -> cell and
// observe(cell, ShotResult); the timer is a DecisionTimer whose decide() wraps
// every choice (timed under `who`). No virtual call and no allocation per shot.
// A shot off the board throws StrategyFault (kIllegalMove) naming `who`; a
// repeated shot is legal (and wasted).
#pragma once

#include "engines/battleship/ocean.hpp"
#include "engines/core/decision_timer.hpp"
#include "engines/core/rng.hpp"

namespace arena::battleship {

struct SoloResult {
  int shots = 0;
  bool finished = false;  // false only if the shooter gave up (cap reached)
};

// Plays until the fleet is sunk or 4 x cells shots were fired (a shooter that
// repeats cells forever must not hang the run).
template <class Shooter, class Timer>
SoloResult play_solo(const Rules& rules, Ocean ocean, Shooter& shooter, Rng& rng, Timer& timer,
                     int who) {
  SoloResult result;
  const int cap = 4 * rules.cells();
  while (!ocean.fleet_sunk() && result.shots < cap) {
    const int cell =
        timer.decide(who, static_cast<int>(ocean.phase()), [&] { return shooter.choose(rng); });
    check_on_board(rules, cell, who);
    shooter.observe(cell, ocean.shoot(cell));
    ++result.shots;
  }
  result.finished = ocean.fleet_sunk();
  return result;
}

}  // namespace arena::battleship
