// Strategy `random-greedy`: the open cells in a random order, a rook wherever
// it is legal (solve_random_greedy in ../solvers.hpp); best of `tries`.
#pragma once

#include "engines/core/strategy_list.hpp"
#include "engines/rooks/solvers.hpp"

namespace arena::rooks {

class RandomGreedySolver {
 public:
  struct Params {
    int tries = 10;
  };
  static StrategyInfo info() {
    return {
        "random-greedy",
        "open cells in random order, a rook wherever legal; best of `tries`",
        {ParamSpec::integer("tries", Params{}.tries, 1, 1'000'000, "passes; the best is kept")}};
  }
  static Params params_from(const ParamSet& values) {
    return {static_cast<int>(values.integer("tries"))};
  }
  explicit RandomGreedySolver(const Params& params) : params_(params) {}

  Placement solve(const Board& board, const Segments& segments, Rng& rng) const {
    return solve_random_greedy(board, segments, params_.tries, rng);
  }

 private:
  Params params_;
};

}  // namespace arena::rooks
