// `arena run --resume`: which run there is to continue, and the options that
// continue exactly it.
//
// Contract: a resume plays the games of the run begun in its results folder,
// never others. What decided those games is recorded (an interrupted run's
// checkpoint, a finished run's config.resolved.yaml or shard.json): the
// config's resolved text, the seed, the number of games, the shard and the
// game code's hash. A value the command line does not give is taken from the
// record; one it gives must equal the record's, or the resume is refused
// with an InputError naming it ("--seed was 5, now 6"), as is a config whose
// text changed (naming the keys) and a checkpoint from other game code.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "harness/cli/checkpoint.hpp"
#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"

namespace arena {

// What a results folder records of a run begun earlier.
struct RecordedRun {
  std::string identity;  // config_identity() of its config (threads aside)
  uint64_t seed = 0;
  uint64_t games = 0;  // the config's `games`, after any --games
  // The flags it was given; for a finished run every value counts as given
  // (its origin is not recorded, and taking the values is what a requeued
  // job of the same command needs).
  RunOrigin origin;
  bool finished = false;
  uint64_t played = 0;  // a finished run's games in all (summary.json's `games`)
};

// The record of the interrupted run whose checkpoint this is.
RecordedRun recorded_run(const Checkpoint& checkpoint);

// The record of the finished run (or finished shard) in `final_dir`, when it
// holds one and no interrupted run waits beside it; otherwise nullopt.
std::optional<RecordedRun> finished_run(const std::filesystem::path& final_dir);

// `given` completed from `recorded`: the seed, games and shard it played where
// `given` has none (a seed or games of its config only when the config file
// still says the same: `written` is the config as its file says now).
// Throws InputError (naming `final_dir`) at the first value that differs.
RunOptions resumed_options(const RunOptions& given, const RecordedRun& recorded,
                           const RunConfig& written, const std::filesystem::path& final_dir);

// Throws InputError (naming `final_dir`) when `config` with `seed` is not
// the recorded run's config, naming the keys that changed, or when an
// interrupted run's checkpoint was written by other game code.
void check_same_run(const RecordedRun& recorded, const RunConfig& config, uint64_t seed,
                    const std::filesystem::path& final_dir);

// The command line that continues this run, to be pasted as it is: the
// program as invoked, the config, every flag that decides its games (the
// seed even when it was drawn), --out and --resume; words quoted for a POSIX
// shell where they need it. Under MPI it starts with `mpirun -np K`.
std::string resume_command(const RunOptions& options, const std::filesystem::path& final_dir,
                           uint64_t seed);

// The seed an interrupted `arena tune` or `arena train` in `final_dir`
// continues with: the one it recorded, unless --seed gives another (then an
// InputError naming both).
uint64_t resumed_seed(std::optional<uint64_t> given, uint64_t recorded,
                      const std::filesystem::path& final_dir);

// The command line that continues an interrupted `arena SUBCOMMAND` (tune,
// train) whose results go to `final_dir`, with its seed.
std::string continue_command(const std::string& subcommand, const std::string& config_path,
                             const std::filesystem::path& final_dir, uint64_t seed);

}  // namespace arena
