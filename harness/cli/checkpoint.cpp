#include "harness/cli/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/config/config_error.hpp"

namespace arena {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

Json read_json(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw InputError(fmt::format("{}: cannot read", file.string()));
  try {
    return Json::parse(in);
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a file arena wrote: {}", file.string(), e.what()));
  }
}

void sync_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Version 2 added forfeit counts to the statistics and the `forfeit` column
// to games.csv, 3 five kinds of forfeit (external strategies), 4 the states of
// gzip files and moves.jsonl.gz and the games worth a look, 5 the cheaper
// per-decision fold of the signature, 6 the run's origin (flags given, the
// game code's hash), 7 the finishing orders (Plackett-Luce ratings), 8 the
// finishing orders of forfeited games, latency buckets of 64 per power of
// two and the `seat` column of games.csv: files of an earlier version cannot
// be continued or merged.
constexpr int kCheckpointVersion = 8;

void check_version(const Json& j, const fs::path& file, const char* what) {
  const auto it = j.is_object() ? j.find("version") : j.end();
  const int version = it != j.end() && it->is_number_integer() ? it->get<int>() : 0;
  if (version != kCheckpointVersion) {
    throw InputError(
        fmt::format("{}: a {} of format version {}, written by another version of "
                    "arena; this one reads version {}: start the run again",
                    file.string(), what, version, kCheckpointVersion));
  }
}

Json optional_json(const auto& value) {
  return value ? Json(*value) : Json(nullptr);
}

template <class T>
std::optional<T> optional_of(const Json& j) {
  return j.is_null() ? std::nullopt : std::optional<T>(j.get<T>());
}

}  // namespace

Json RunOrigin::to_json() const {
  return {{"seed_flag", optional_json(seed_flag)},
          {"games_flag", optional_json(games_flag)},
          {"shard", shard ? Json::array({shard->first, shard->second}) : Json(nullptr)},
          {"game_code", game_code}};
}

RunOrigin RunOrigin::from_json(const Json& j) {
  RunOrigin o;
  o.seed_flag = optional_of<uint64_t>(j.at("seed_flag"));
  o.games_flag = optional_of<uint64_t>(j.at("games_flag"));
  if (const Json& shard = j.at("shard"); !shard.is_null())
    o.shard = std::make_pair(shard.at(0).get<uint64_t>(), shard.at(1).get<uint64_t>());
  o.game_code = j.at("game_code").get<std::string>();
  return o;
}

void write_checkpoint(const fs::path& dir, const Checkpoint& c) {
  Json files = Json::object();
  for (const auto& [name, state] : c.files)
    files[name] = state.to_json();
  const Json j{{"version", kCheckpointVersion},
               {"config", c.config},
               {"seed", c.seed},
               {"origin", c.origin.to_json()},
               {"next_game", c.next_game},
               {"files", files},
               {"wall_seconds", c.wall_seconds},
               {"stats", c.stats.to_json()},
               {"llr_history", c.llr_history.to_json()}};
  const fs::path temp = dir / (std::string(kCheckpointFile) + ".tmp");
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << j.dump();
    out.flush();
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", temp.string()));
  }
  sync_file(temp);
  fs::rename(temp, dir / kCheckpointFile);  // atomic: the old checkpoint or the new one
}

std::optional<Checkpoint> read_checkpoint(const fs::path& dir) {
  const fs::path file = dir / kCheckpointFile;
  if (!fs::exists(file)) return std::nullopt;
  const Json j = read_json(file);
  check_version(j, file, "checkpoint");
  try {
    Checkpoint c;
    c.config = j.at("config").get<std::string>();
    c.seed = j.at("seed").get<uint64_t>();
    c.origin = RunOrigin::from_json(j.at("origin"));
    c.next_game = j.at("next_game").get<uint64_t>();
    for (const auto& [name, state] : j.at("files").items())
      c.files[name] = AppendState::from_json(state);
    c.wall_seconds = j.at("wall_seconds").get<double>();
    c.stats = RunStats::from_json(j.at("stats"));
    // Checkpoints of earlier versions have none: the chart then starts at the resume.
    if (j.contains("llr_history")) c.llr_history = LlrHistory::from_json(j["llr_history"]);
    return c;
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a checkpoint arena wrote: {}", file.string(), e.what()));
  }
}

std::string shard_json(const ShardResult& s) {
  const Json j{{"version", kCheckpointVersion},
               {"config", s.config},
               {"seed", s.seed},
               {"origin", s.origin.to_json()},
               {"shard", {s.index, s.count}},
               {"games", {s.first_game, s.end_game}},
               {"wall_seconds", s.wall_seconds},
               {"threads", s.threads},
               {"stats", s.stats.to_json()}};
  return j.dump() + "\n";
}

ShardResult read_shard(const fs::path& dir) {
  const fs::path file = dir / kShardFile;
  const Json j = read_json(file);
  check_version(j, file, "shard");
  try {
    ShardResult s;
    s.config = j.at("config").get<std::string>();
    s.seed = j.at("seed").get<uint64_t>();
    s.origin = RunOrigin::from_json(j.at("origin"));
    s.index = j.at("shard").at(0).get<int>();
    s.count = j.at("shard").at(1).get<int>();
    s.first_game = j.at("games").at(0).get<uint64_t>();
    s.end_game = j.at("games").at(1).get<uint64_t>();
    s.wall_seconds = j.at("wall_seconds").get<double>();
    s.threads = j.at("threads").get<int>();
    s.stats = RunStats::from_json(j.at("stats"));
    return s;
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a shard arena wrote: {}", file.string(), e.what()));
  }
}

}  // namespace arena
