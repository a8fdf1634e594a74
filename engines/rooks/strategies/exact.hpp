// Strategy `exact`: the optimum, a maximum matching of row and column segments
// (solve_exact in ../solvers.hpp). Deterministic: the Rng is not used.
#pragma once

#include "engines/core/strategy_list.hpp"
#include "engines/rooks/solvers.hpp"

namespace arena::rooks {

class ExactSolver {
 public:
  struct Params {
    MatchingAlgorithm algorithm = MatchingAlgorithm::kAuto;
  };
  static StrategyInfo info() {
    return {"exact",
            "the optimum: a maximum matching of row and column segments",
            {ParamSpec::choice("algorithm", "auto",
                               {"auto", "pothen-fan", "augmenting-bfs", "hopcroft-karp"},
                               "Pothen-Fan+ depth-first phases (fastest with few forts), "
                               "augmenting BFS searches with retired Hungarian trees (fastest "
                               "with many), auto for whichever suits the board, or "
                               "Hopcroft-Karp phases")},
            {{{"algorithm", std::string("hopcroft-karp")}}}};
  }
  static Params params_from(const ParamSet& values) {
    const std::string& name = values.choice("algorithm");
    if (name == "pothen-fan") return {MatchingAlgorithm::kPothenFan};
    if (name == "augmenting-bfs") return {MatchingAlgorithm::kAugmentingBfs};
    if (name == "hopcroft-karp") return {MatchingAlgorithm::kHopcroftKarp};
    return {MatchingAlgorithm::kAuto};
  }
  explicit ExactSolver(const Params& params) : params_(params) {}

  Placement solve(const Board& board, const Segments& /*segments*/, Rng& /*rng*/) const {
    return solve_exact(board, params_.algorithm);
  }

 private:
  Params params_;
};

}  // namespace arena::rooks
