// Checkpoints of a run in progress, and the shard files `arena merge` reads.
//
// Contract: a checkpoint records, for one results folder in the making, the
// config as resolved (with its seed), what decided its games besides the
// config (RunOrigin: the flags given, the build of the game code), the next
// game index to play, the state
// of each file written per game (games.csv or games.csv.gz, moves.jsonl.gz:
// its bytes on disk that belong to the games before it, and for gzip files
// the text not yet compressed; see AppendFile), and the exact results of
// those games (RunStats as JSON), and with an SPRT its LLR history (the
// report's chart). It is written atomically (temporary file,
// fsync, rename) after those files were synced, so after an interruption at
// any moment, even kill -9, the last checkpoint is consistent with them:
// resuming cuts each file back to its state and plays on from `next_game`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "harness/output/append_file.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/stopping.hpp"

namespace arena {

// What decides which games a run plays besides the config file's text: the
// values its command line gave (empty: not given; the seed then came from
// the config or was drawn, the games from the config) and the build of the
// code that plays them (harness/registry/game_code.hpp). A resume takes the
// values from here when it is not given them, and refuses others.
struct RunOrigin {
  std::optional<uint64_t> seed_flag;
  std::optional<uint64_t> games_flag;
  std::optional<std::pair<uint64_t, uint64_t>> shard;  // --shard I/N
  std::string game_code;

  nlohmann::json to_json() const;
  static RunOrigin from_json(const nlohmann::json& j);
};

struct Checkpoint {
  std::string config;  // config.resolved.yaml text (threads left out: they change nothing)
  uint64_t seed = 0;
  RunOrigin origin;
  uint64_t next_game = 0;
  std::map<std::string, AppendState> files;  // by file name in the results folder
  double wall_seconds = 0;                   // time spent before the checkpoint, for games/s
  RunStats stats{0, 0};
  LlrHistory llr_history;  // the SPRT's LLR at the stop checks before next_game
};

inline constexpr const char* kCheckpointFile = kCheckpointName;

void write_checkpoint(const std::filesystem::path& dir, const Checkpoint& checkpoint);
// The checkpoint in `dir`, or nothing when there is none. Throws InputError
// naming the file when it cannot be read.
std::optional<Checkpoint> read_checkpoint(const std::filesystem::path& dir);

// What one shard of a run leaves for `arena merge`: its slice of games and
// their results.
struct ShardResult {
  std::string config;
  uint64_t seed = 0;
  RunOrigin origin;
  int index = 0;  // 1..count
  int count = 1;
  uint64_t first_game = 0;
  uint64_t end_game = 0;
  double wall_seconds = 0;
  int threads = 1;
  RunStats stats{0, 0};
};

inline constexpr const char* kShardFile = "shard.json";

std::string shard_json(const ShardResult& shard);
ShardResult read_shard(const std::filesystem::path& dir);

}  // namespace arena
