// Strategy `exact`: the optimum, a maximum matching of row and column segments
// (solve_exact in ../solvers.hpp). Deterministic: the Rng is not used.
#pragma once

#include "engines/core/strategy_list.hpp"
#include "engines/rooks/solvers.hpp"

namespace arena::rooks {

class ExactSolver {
 public:
  struct Params {
    MatchingAlgorithm algorithm = MatchingAlgorithm::kAugmentingBfs;
  };
  static StrategyInfo info() {
    return {"exact",
            "the optimum: a maximum matching of row and column segments",
            {ParamSpec::choice("algorithm", "augmenting-bfs", {"augmenting-bfs", "hopcroft-karp"},
                               "augmenting BFS searches with retired Hungarian trees (faster on "
                               "these boards), or Hopcroft-Karp phases")},
            {{{"algorithm", std::string("hopcroft-karp")}}}};
  }
  static Params params_from(const ParamSet& values) {
    return {values.choice("algorithm") == "hopcroft-karp" ? MatchingAlgorithm::kHopcroftKarp
                                                          : MatchingAlgorithm::kAugmentingBfs};
  }
  explicit ExactSolver(const Params& params) : params_(params) {}

  Placement solve(const Board& board, const Segments& /*segments*/, Rng& /*rng*/) const {
    return solve_exact(board, params_.algorithm);
  }

 private:
  Params params_;
};

}  // namespace arena::rooks
