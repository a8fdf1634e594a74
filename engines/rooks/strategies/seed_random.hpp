// Strategy `seed-random`: the seed's randomized algorithm (solve_seed_random in
// ../solvers.hpp), best of `tries` passes (the seed's g_count).
#pragma once

#include "engines/core/strategy_list.hpp"
#include "engines/rooks/solvers.hpp"

namespace arena::rooks {

class SeedRandomSolver {
 public:
  struct Params {
    int tries = 10;
  };
  static StrategyInfo info() {
    return {
        "seed-random",
        "the seed's algorithm: row by row, random columns until the row has no free cell; "
        "best of `tries` passes (the seed's g_count)",
        {ParamSpec::integer("tries", Params{}.tries, 1, 1'000'000, "passes; the best is kept")}};
  }
  static Params params_from(const ParamSet& values) {
    return {static_cast<int>(values.integer("tries"))};
  }
  explicit SeedRandomSolver(const Params& params) : params_(params) {}

  Placement solve(const Board& board, const Segments& /*segments*/, Rng& rng) const {
    return solve_seed_random(board, params_.tries, rng);
  }

 private:
  Params params_;
};

}  // namespace arena::rooks
