// Playing the games of `arena run` into its staging folder: rows appended to
// games.csv, checkpoints every few seconds, early stopping, interruption.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "harness/cli/checkpoint.hpp"
#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/registry/match.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/summary.hpp"

namespace arena {

// Games [first, end) this process plays: all of them, or a shard's slice.
struct Slice {
  uint64_t first = 0;
  uint64_t end = 0;
};

// The slice of `planned` games (in whole series) that `options.shard` names.
Slice slice_of(const RunOptions& options, uint64_t planned, uint64_t series);

// Everything a run plays with: the config made playable by prepare_run (its
// match, and its plan: variant names, decision budget, threads, programs of
// external strategies); `resume` is the checkpoint it continues, if any;
// `origin` what its checkpoints record besides the config; `resume_command`
// the command line that continues it when interrupted.
struct RunContext {
  const RunConfig& config;
  const Match& match;
  const RunPlan& prepared;
  const StagedResults& staged;
  const RunOptions& options;
  Slice slice;
  const std::optional<Checkpoint>& resume;
  const RunOrigin& origin;
  std::string resume_command;
};

struct Played {
  RunStats stats;
  uint64_t next_game = 0;  // where an interrupted run goes on
};

// Plays the context's slice into its staging folder (games.csv), continuing
// its checkpoint when given, checkpointing every options.checkpoint_seconds;
// stops early on a stop rule or an interrupt, and then leaves a checkpoint.
// Sets info.wall_seconds.
Played play_into(const RunContext& run, RunInfo& info);

}  // namespace arena
