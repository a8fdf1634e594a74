// The rules of nim, as an engine's rules look (engines/<game>/): a pile of
// `stones`; the seats take 1 to `max_take` stones in turn; whoever takes the
// last stone wins. Knows nothing of the harness.
//
// Contract: play_nim plays one game with one player per seat (any type with
// `int take(int pile, int max_take, Rng&)`), timing every decision through
// the DecisionTimer as timer.decide(who[seat], ...). A take outside
// [1, min(pile, max_take)] throws StrategyFault (kIllegalMove) naming who.
#pragma once

#include <algorithm>
#include <span>
#include <string>

#include "engines/core/decision_timer.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_fault.hpp"

namespace arena::nim {

struct Rules {
  int players = 2;
  int stones = 21;
  int max_take = 3;
};

struct GameResult {
  int winner = 0;  // the seat that took the last stone
  int takes = 0;
};

template <class Players, class Timer>
GameResult play_nim(const Rules& rules, Players& seats, std::span<Rng> rngs, Timer& timer,
                    std::span<const int> who) {
  GameResult result;
  int pile = rules.stones;
  for (int seat = 0;; seat = (seat + 1) % rules.players) {
    const int take = timer.decide(who[seat], [&] {
      return std::visit([&](auto& p) { return p.take(pile, rules.max_take, rngs[seat]); },
                        seats[seat]);
    });
    if (take < 1 || take > std::min(pile, rules.max_take)) {
      throw StrategyFault(who[seat], Fault::kIllegalMove,
                          "took " + std::to_string(take) + " of " + std::to_string(pile));
    }
    pile -= take;
    ++result.takes;
    if (pile == 0) {
      result.winner = seat;
      return result;
    }
  }
}

}  // namespace arena::nim
