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

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/progress.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

// A game a strategy forfeited: which, who, why, and the fault's message.
struct ForfeitNote {
  uint64_t game = 0;
  int variant = 0;
  Fault fault = Fault::kThrew;
  std::string detail;
};

struct RunPlan {
  // Games [first_game, games) are played: 0 for a whole run; later for a
  // resumed run (whose earlier games are in `initial`) or a shard.
  uint64_t first_game = 0;
  uint64_t games = 0;
  int threads = 1;
  std::vector<std::string> variant_names = {};  // for the rows
  // Early stopping: after every `check_every` games (a multiple of the match's
  // series length), in game-index order, the run stops if stop_when(results so
  // far) is true. Blocks divide `check_every`, so the check sees exactly the
  // games up to the boundary, and later blocks are neither counted nor written.
  uint64_t check_every = 0;
  std::function<bool(const RunStats&)> stop_when = nullptr;
  // Results of the games before first_game (resume), merged first; may be null.
  const RunStats* initial = nullptr;
  // When set (e.g. by a signal handler), no new block is started and blocks
  // in flight end at their next series boundary (a game in progress
  // finishes); the result covers [first_game, n) for some n, with whole
  // series only.
  const std::atomic<bool>* interrupt = nullptr;
  // Called in game-index order after each block is merged and its rows
  // written, with the results so far and the next game index (checkpoints).
  std::function<void(const RunStats&, uint64_t next_game)> on_merged = nullptr;
  // Per-decision budget in nanoseconds (0: none): a decision over it forfeits its game.
  uint64_t decision_budget_ns = 0;
  // Called in game-index order, from the merge stage, for each forfeited game.
  std::function<void(const ForfeitNote&)> on_forfeit = nullptr;
  // The programs of external strategies (null when the run has none).
  BotPool* bots = nullptr;
};

// A config made playable: the engine's match for `seed`, and the plan that
// plays every game it schedules with the config's variant names and decision
// budget, on `threads` workers (0: all cores).
// With external strategies it also holds their programs (a BotPool, one slot
// per thread), whose stderr goes to `bot_log_dir`/bots/<variant>`bot_log_suffix`.log
// (nowhere when bot_log_dir is empty; see bot_specs).
struct PreparedRun {
  std::unique_ptr<BotPool> bots;  // before match: the match's games use it
  std::unique_ptr<Match> match;
  RunPlan plan;
};
PreparedRun prepare_run(const Registry& registry, const RunConfig& config, uint64_t seed,
                        int threads, const std::filesystem::path& bot_log_dir = {},
                        const std::string& bot_log_suffix = "");

// The games.csv header for a match's metrics.
std::string csv_header(const std::vector<MetricSpec>& metrics);

// Plays every game of `plan`; appends rows to `rows` (may be null) in game-index
// order and reports progress (may be null). A StrategyFault ends its game by
// forfeit (GameSink::forfeit); any other exception from a game propagates.
RunStats run_games(const Match& match, const RunPlan& plan, std::FILE* rows, Progress* progress);

// Games (or series, when a match plays series) per block: small enough to keep every worker busy,
// large enough that scheduling costs nothing. Depends on the thread count, which is harmless:
// blocks change only how work is cut, never what is computed.
uint64_t block_size(uint64_t games, int threads);

}  // namespace arena
