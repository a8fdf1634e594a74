#include "harness/tune/checkpoint.hpp"

#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/config/resolved.hpp"
#include "harness/config/tune_config.hpp"

namespace arena {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

constexpr const char* kKind = "arena tune";
constexpr int kTuneCheckpointVersion = 1;

}  // namespace

std::string tune_identity(const RunConfig& config, uint64_t seed) {
  RunConfig copy = config;
  copy.threads = 0;
  return resolved_yaml(copy, seed) + "tune: " + tune_json(*config.tune, config).dump() + "\n";
}

void write_tune_checkpoint(const StagedResults& staged, const TuneCheckpoint& c) {
  const Json j{
      {"kind", kKind},  {"version", kTuneCheckpointVersion}, {"config", c.identity},
      {"seed", c.seed}, {"state", state_json(c.state)},      {"wall_seconds", c.wall_seconds}};
  const std::string temp = std::string(kCheckpointName) + ".tmp";
  staged.write_file(temp, j.dump());                            // flushed and synced
  fs::rename(staged.path(temp), staged.path(kCheckpointName));  // the old checkpoint or the new
}

std::optional<TuneCheckpoint> read_tune_checkpoint(const fs::path& dir) {
  const fs::path file = dir / kCheckpointName;
  if (!fs::exists(file)) return std::nullopt;
  std::ifstream in(file);
  try {
    const Json j = Json::parse(in);
    if (j.value("kind", "") != kKind || j.value("version", 0) != kTuneCheckpointVersion) {
      throw InputError(fmt::format(
          "{}: not a checkpoint of this version of arena tune (version {} here): start again",
          file.string(), kTuneCheckpointVersion));
    }
    return TuneCheckpoint{j.at("config").get<std::string>(), j.at("seed").get<uint64_t>(),
                          state_from_json(j.at("state")), j.at("wall_seconds").get<double>()};
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a checkpoint arena wrote: {}", file.string(), e.what()));
  }
}

}  // namespace arena
