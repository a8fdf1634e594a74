// Strategy `minimax`: full-width minimax to `depth` plies (no pruning), the
// seed's two-ply idea done right: replies are generated from the position
// after our move.
//
// - scoring kNegamax (default): minimax on relative_score (eval.hpp) from the
//   root seat's view; the root maximises, every other seat minimises it (with
//   more than two players this is the paranoid assumption). Ties at the root
//   are broken uniformly at random.
// - scoring kSeed: the seed's formula, for comparison: for each move m,
//   seat_score(root after m) − 0.5 × max over the next seat's replies r of
//   seat_score(that seat after m, r) + hop_length_bonus × (hops − 1); depth
//   is ignored (always two plies).
// Terminal positions score as in search_common.hpp. Deterministic for a seed.
#pragma once

#include <cstdint>

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::chinese_checkers {

enum class Scoring { kNegamax, kSeed };

struct MinimaxParams {
  int depth = 2;
  Scoring scoring = Scoring::kNegamax;
  Eval eval = Eval::kProgress;
  double hop_length_bonus = 2;  // kSeed scoring only: the seed's minimax used 2
};

class MinimaxPlayer {
 public:
  using Params = MinimaxParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit MinimaxPlayer(const Params& params = {}) : params_(params) {}
  Move choose(const State& state, Rng& rng);
  // Positions visited by the last choose (for benchmarks and tests).
  uint64_t nodes() const { return nodes_; }

 private:
  double search(const State& state, int depth, int ply);
  Move choose_seed_scoring(const State& state, Rng& rng);

  MinimaxParams params_;
  SeedWeights weights_;
  int root_ = 0;
  uint64_t nodes_ = 0;
};

}  // namespace arena::chinese_checkers
