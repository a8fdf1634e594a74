// Checkpoints of `arena tune` in progress.
//
// Contract: a checkpoint records the config as resolved with its tune
// section and seed (its identity: threads left out, they change nothing),
// the search's state after a whole step (search.hpp), whether the search is
// over (then only the verification is left to play) and the wall time so
// far. It is the staging folder's checkpoint.json (so the folder is kept for
// --resume: results_dir.hpp), written atomically (a temporary file, synced,
// renamed over it): after an interruption at any moment, kill -9 included,
// the last checkpoint is whole, and resuming from it gives the trajectory an
// uninterrupted run gives, byte for byte.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "harness/config/config.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/tune/search.hpp"

namespace arena {

struct TuneCheckpoint {
  std::string identity;
  uint64_t seed = 0;
  TuneState state;
  double wall_seconds = 0;
};

// The config as a resumed tuning must find it again.
std::string tune_identity(const RunConfig& config, uint64_t seed);

void write_tune_checkpoint(const StagedResults& staged, const TuneCheckpoint& checkpoint);
// The checkpoint in `dir`, or nothing when there is none. Throws InputError
// naming the file when it is not a checkpoint of `arena tune` of this version.
std::optional<TuneCheckpoint> read_tune_checkpoint(const std::filesystem::path& dir);

}  // namespace arena
