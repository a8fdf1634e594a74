// Strategy `greedy`: the one-move selector of the seed article, fixed.
//
// Each legal move is scored on the position after it and the best is played,
// ties broken uniformly at random (the seed kept the first in map order). A
// move that finishes the seat is always taken.
// - eval kSeed: seed_eval (eval.hpp) with the weights below, plus
//   hop_length_bonus × (hops − 1) for a chain of `hops` hops (the seed's
//   (path.size() − 2) × 3 on its shortest hop path; 0 for steps and single
//   hops).
// - eval kProgress: the move's progress gain toward the goal's tip (the other
//   pieces do not move, so this ranks moves as −tip_distance_sum after them).
#pragma once

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::chinese_checkers {

struct GreedyParams {
  Eval eval = Eval::kSeed;
  double progress_weight = 10;
  double goal_bonus = 50;
  double centre_weight = 0.6;
  double grouping_weight = 3;
  double hop_weight = 5;
  double hop_length_bonus = 3;
  double tip_weight = 0;  // not in the seed: eval.hpp

  SeedWeights weights() const {
    return {progress_weight, goal_bonus, centre_weight, grouping_weight, hop_weight, tip_weight};
  }
};

class GreedyPlayer {
 public:
  using Params = GreedyParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit GreedyPlayer(const Params& params = {}) : params_(params) {}
  Move choose(const State& state, Rng& rng) const;

 private:
  GreedyParams params_;
};

}  // namespace arena::chinese_checkers
