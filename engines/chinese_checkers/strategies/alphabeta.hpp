// Strategy `alphabeta`: iterative-deepening alpha-beta with a Zobrist-keyed
// transposition table and move ordering; paranoid for more than two players.
//
// Values are relative_score (eval.hpp) from the root seat's view: the root
// maximises and every other seat minimises it (with two players this is
// plain minimax; with more it is the paranoid assumption, Sturtevant 2002).
// Ordering: the table's move first, then moves by progress gain. At the
// root, moves are shuffled by `rng` before ordering, so equal moves are
// chosen at random yet reproducibly; the previous iteration's best goes first.
//
// Contract: with time_ms == 0 the search runs every depth 1..depth and the
// choice depends only on the position, the game so far (the table persists
// between decisions of one game) and rng: deterministic for a seed. With
// time_ms > 0 it stops when time is up and plays the best move of the last
// finished depth (depth 1 always finishes), so choices may vary between runs.
// The table (tt_mb MiB) is allocated at the first decision.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::chinese_checkers {

struct AlphaBetaParams {
  int depth = 4;
  int time_ms = 0;  // 0: depth-limited only
  int tt_mb = 16;
  Eval eval = Eval::kProgress;
};

class AlphaBetaPlayer {
 public:
  using Params = AlphaBetaParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit AlphaBetaPlayer(const Params& params = {}) : params_(params) {}
  Move choose(const State& state, Rng& rng);
  // Forgets every stored position (the table stays allocated); benchmarks use
  // it to time cold searches.
  void clear_table();

  // Of the last decision: positions visited, deepest finished iteration.
  uint64_t nodes() const { return nodes_; }
  int completed_depth() const { return completed_depth_; }

 private:
  enum class Bound : uint8_t { kExact, kLower, kUpper };
  struct TtEntry {
    uint64_t key = 0;
    double value = 0;
    Move best{};
    int8_t depth = -1;
    Bound bound = Bound::kExact;
  };

  double search(const State& state, int depth, int ply, double alpha, double beta);
  bool out_of_time();
  void allocate_table();
  TtEntry& entry(uint64_t key) { return tt_[key & (tt_.size() - 1)]; }

  AlphaBetaParams params_;
  SeedWeights weights_;
  std::vector<TtEntry> tt_;
  int root_ = 0;
  uint64_t nodes_ = 0;
  int completed_depth_ = 0;
  bool stop_ = false;
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace arena::chinese_checkers
