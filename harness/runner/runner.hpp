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
#include <string_view>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/game_streams.hpp"
#include "harness/runner/progress.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

// A game a strategy forfeited: which, who, why, and the fault's message; or,
// with `forfeited` false, a program replaced before its first reply in the
// game, for a fault after its earlier game, which cost no game (bots.hpp).
struct ForfeitNote {
  uint64_t game = 0;
  int variant = 0;
  Fault fault = Fault::kThrew;
  std::string detail;
  bool forfeited = true;
};

// Which games' moves a run keeps (config output.moves; see OutputConfig).
// Games that replay can rebuild from the seed need no record under
// kForfeits; what it cannot rebuild is a game with a variant that does not
// follow from the seed, or one forfeited over a decision budget (the clock
// decided it).
struct MovePolicy {
  MovesRecord level = MovesRecord::kNone;
  uint64_t sample = 0;          // kSample: this many games spread over `planned`
  uint64_t planned = 0;         // the whole run's games (every shard spaces samples alike)
  std::vector<bool> from_seed;  // per variant: follows_from_seed (config.hpp)
  bool budget = false;          // limits.decision_ms is set

  // Whether games must log their moves at all (else no game is recorded).
  bool logs() const;
  // Whether game `game`, played into `sink`, is recorded.
  bool records(uint64_t game, const GameSink& sink) const;
};

// The policy of config.output.moves for a run of `planned` games.
MovePolicy move_policy(const RunConfig& config, uint64_t planned);

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
  // Called in game-index order, from the merge stage, for each forfeited game
  // and each program replaced before its first reply in a game.
  std::function<void(const ForfeitNote&)> on_forfeit = nullptr;
  // The programs of external strategies (null when the run has none).
  BotPool* bots = nullptr;
  // Which games' moves go to the writer (none by default).
  MovePolicy moves = {};
};

// A config made playable, the one way every caller (arena run, MPI workers,
// check-bot, bench, tests) gets there: the engine's match for `seed`, and the
// plan that plays every game it schedules with the config's variant names and
// decision budget, on `threads` workers (0: all cores). A caller adds only
// what is its own (a slice, resume, stop rules, interrupts, callbacks).
// With external strategies it also holds their programs (a BotPool, one slot
// per thread), whose stderr goes to `bot_log_dir`/bots/<variant>`bot_log_suffix`.log
// (nowhere when bot_log_dir is empty; see bot_specs); `adjust_bot` (may be
// null) sees each program's spec before the pool is made.
struct PreparedRun {
  std::unique_ptr<BotPool> bots;  // before match: the match's games use it
  std::unique_ptr<Match> match;
  RunPlan plan;
};
PreparedRun prepare_run(const Registry& registry, const RunConfig& config, uint64_t seed,
                        int threads, const std::filesystem::path& bot_log_dir = {},
                        const std::string& bot_log_suffix = "",
                        const std::function<void(BotSpec&)>& adjust_bot = nullptr);

// The games.csv header for a match's metrics:
// game,variant,seat,rank,outcome,<metrics>,forfeit. A game's rows are in seat
// order, `seat` its 0-based index (the position in moves.jsonl.gz's "seats").
std::string csv_header(const std::vector<MetricSpec>& metrics);

// Plays every game of `plan`; appends rows to `rows` (may be null) in game-index
// order and reports progress (may be null). A StrategyFault ends its game by
// forfeit (GameSink::forfeit); any other exception from a game propagates.
RunStats run_games(const Match& match, const RunPlan& plan, std::FILE* rows, Progress* progress);
// The same with every stream (rows, and recorded moves by plan.moves) going to `out` (may be null).
RunStats run_games(const Match& match, const RunPlan& plan, GameWriter* out, Progress* progress);
// Neither rows nor moves.
inline RunStats run_games(const Match& match, const RunPlan& plan, std::nullptr_t,
                          Progress* progress) {
  return run_games(match, plan, static_cast<GameWriter*>(nullptr), progress);
}

// Plays game `game` into `sink` (cleared first), as a run does: a
// StrategyFault ends the game by forfeit. Every fault that forfeited a seat
// or the game is in sink.notes() afterwards.
void play_one_game(const Match& match, uint64_t game, GameSink& sink, SeriesMemory* memory);

// A seat's outcome as games.csv words it: "win", "loss", "draw", or "solo"
// for a game of one seat.
const char* outcome_of(const SeatResult& seat, std::span<const SeatResult> seats);

// Game `game`'s games.csv rows (see csv_header).
std::string game_rows(uint64_t game, std::span<const SeatResult> seats,
                      const std::vector<std::string>& variant_names, size_t metric_count);

// Game `game`'s moves.jsonl line: {"game": N, "seats": [variant...], "moves": [...]}.
std::string moves_line(uint64_t game, const GameSink& sink);

// Games (or series, when a match plays series) per block: small enough to keep every worker busy,
// large enough that scheduling costs nothing. Depends on the thread count, which is harmless:
// blocks change only how work is cut, never what is computed.
uint64_t block_size(uint64_t games, int threads);

}  // namespace arena
