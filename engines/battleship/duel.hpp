// Mode `duel`: two shooters alternate single shots at each other's fleet; the
// first to sink the whole enemy fleet wins.
//
// Contract: `first` fires first at `first_target`, `second` at
// `second_target`; shooters see only their own shots' answers. Timed under
// `first_who` and `second_who`. No virtual call and no allocation per shot.
// A shot off the board throws StrategyFault (kIllegalMove) naming its shooter.
#pragma once

#include "engines/battleship/ocean.hpp"
#include "engines/core/rng.hpp"

namespace arena::battleship {

struct DuelResult {
  bool first_won = false;
  int first_shots = 0;
  int second_shots = 0;
  bool cut_off = false;  // stopped at the cap with both fleets afloat
};

template <class First, class Second, class Timer>
DuelResult play_duel(const Rules& rules, Ocean first_target, Ocean second_target, First& first,
                     Second& second, Rng& first_rng, Rng& second_rng, Timer& timer, int first_who,
                     int second_who) {
  DuelResult result;
  const int cap = 4 * rules.cells();  // a shooter stuck repeating cells must not hang the run
  while (result.first_shots < cap) {
    const int a = timer.decide(first_who, static_cast<int>(first_target.phase()),
                               [&] { return first.choose(first_rng); });
    check_on_board(rules, a, first_who);
    first.observe(a, first_target.shoot(a));
    ++result.first_shots;
    if (first_target.fleet_sunk()) {
      result.first_won = true;
      return result;
    }
    const int b = timer.decide(second_who, static_cast<int>(second_target.phase()),
                               [&] { return second.choose(second_rng); });
    check_on_board(rules, b, second_who);
    second.observe(b, second_target.shoot(b));
    ++result.second_shots;
    if (second_target.fleet_sunk()) return result;
  }
  result.cut_off = true;
  return result;
}

}  // namespace arena::battleship
