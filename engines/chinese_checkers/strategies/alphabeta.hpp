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
// The table (tt_mb MiB) is taken at the first decision from the tables
// that earlier players on this thread gave back when they went (a game's
// players are made and destroyed on one thread), else mapped anew (a
// ZeroedArray: pages cost only when first touched). Each taking starts a new
// generation: entries of an older one read as empty, so a taken table is
// empty without a pass over it. Writing a 16 MiB table whole cost about 8 ms
// per seat and game, a hundred shallow decisions' worth. A thread keeps as
// many tables as it had players alive at once, until it ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"
#include "engines/core/zeroed_array.hpp"

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
  AlphaBetaPlayer(const AlphaBetaPlayer&) = default;  // copies the table's contents
  AlphaBetaPlayer(AlphaBetaPlayer&&) = default;
  AlphaBetaPlayer& operator=(const AlphaBetaPlayer&) = default;
  AlphaBetaPlayer& operator=(AlphaBetaPlayer&&) = default;
  ~AlphaBetaPlayer();  // gives the table back to this thread's pool
  Move choose(const State& state, Rng& rng);
  // Forgets every stored position (the table stays allocated); benchmarks use
  // it to time cold searches.
  void clear_table();

  // Of the last decision: positions visited, deepest finished iteration.
  uint64_t nodes() const { return nodes_; }
  int completed_depth() const { return completed_depth_; }

 private:
  enum class Bound : uint8_t { kExact, kLower, kUpper };
  // An entry of another generation than its table's reads as TtEntry{}
  // with the table's generation (the empty entry; depth 0 never answers a
  // lookup, which are at depth 1 or more).
  struct TtEntry {
    uint64_t key = 0;
    double value = 0;
    Move best{};
    int8_t depth = 0;
    Bound bound = Bound::kExact;
    uint32_t generation = 0;
  };
  struct Table {
    ZeroedArray<TtEntry> entries;  // a power of two of them
    uint32_t generation = 0;       // entries of other generations are empty
    void next_generation();
  };

  double search(const State& state, int depth, int ply, double alpha, double beta);
  bool out_of_time();
  void allocate_table();
  static std::vector<Table>* pool();  // this thread's tables; null once it is ending
  static Table take_table(size_t entries);
  static void give_back(Table&& table);
  // The entry for `key`, emptied first when it is of an older generation.
  TtEntry& entry(uint64_t key) {
    TtEntry& e = tt_.entries[key & (tt_.entries.size() - 1)];
    if (e.generation != tt_.generation) {
      e = TtEntry{};
      e.generation = tt_.generation;
    }
    return e;
  }

  AlphaBetaParams params_;
  SeedWeights weights_;
  Table tt_;
  int root_ = 0;
  uint64_t nodes_ = 0;
  int completed_depth_ = 0;
  bool stop_ = false;
  std::chrono::steady_clock::time_point deadline_{};
};

}  // namespace arena::chinese_checkers
