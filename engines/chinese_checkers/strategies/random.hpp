// Strategy `random`: a uniformly random legal move.
//
// Contract (every strategy): `choose(state, rng)` is called only when the game
// is not over and the side to move has a legal move; it returns a legal move
// for the side to move. All randomness comes from `rng`; strategies are value
// types created fresh per game.
#pragma once

#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::chinese_checkers {

// Uniform over the (from, to) pairs, drawn from per-piece destination sets
// without listing the moves. False (and `move` untouched) when the side to
// move has no legal move and must pass.
bool try_random_move(const State& state, Rng& rng, Move& move);
// As try_random_move; the side to move must have a legal move.
Move random_move(const State& state, Rng& rng);

class RandomPlayer {
 public:
  struct Params {};
  static StrategyInfo info() {
    StrategyInfo info{"random", "a uniformly random legal move", {}};
    info.stalls = {{}};  // a random walk never fills its goal within max_plies
    return info;
  }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit RandomPlayer(const Params& /*params*/ = {}) {}

  Move choose(const State& state, Rng& rng) const { return random_move(state, rng); }
};

}  // namespace arena::chinese_checkers
