// Plays a run's games in parallel and streams their rows in game-index order.
//
// Contract: games [0, games) are cut into fixed blocks; blocks are played in
// parallel (oneTBB, `threads` workers), each into its own RunStats and row
// text, then merged and written strictly in block order. The result and the
// rows are therefore identical whatever the thread count, and memory is
// bounded by the blocks in flight (a few per thread), not by the game count.
//
// Why a tbb::parallel_pipeline and not a bare parallel_for over game indices:
// the pipeline's serial in-order last stage merges and streams each block as
// soon as it and its predecessors are done, with no barrier, so rows reach
// disk in game-index order while every worker keeps playing. A parallel_for
// would have to hold all rows (memory grows with games) or stop at a barrier
// after each window of blocks (workers idle while one finishes).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "harness/registry/registry.hpp"
#include "harness/runner/progress.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

struct RunPlan {
  uint64_t games = 0;
  int threads = 1;
  std::vector<std::string> variant_names = {};  // for the rows
  // Early stopping: after every `check_every` games (a multiple of the match's
  // series length), in game-index order, the run stops if stop_when(results so
  // far) is true. Blocks divide `check_every`, so the check sees exactly the
  // games up to the boundary, and later blocks are neither counted nor written.
  uint64_t check_every = 0;
  std::function<bool(const RunStats&)> stop_when = nullptr;
};

// The games.csv header for a match's metrics.
std::string csv_header(const std::vector<MetricSpec>& metrics);

// Plays every game of `plan`; appends rows to `rows` (may be null) in game-index
// order and reports progress (may be null). Exceptions from a game propagate.
RunStats run_games(const Match& match, const RunPlan& plan, std::FILE* rows, Progress* progress);

// Games (or series, when a match plays series) per block: small enough to keep every worker busy,
// large enough that scheduling costs nothing. Depends on the thread count, which is harmless:
// blocks change only how work is cut, never what is computed.
uint64_t block_size(uint64_t games, int threads);

}  // namespace arena
