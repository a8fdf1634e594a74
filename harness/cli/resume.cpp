#include "harness/cli/resume.hpp"

#include <errno.h>  // program_invocation_name (glibc)

#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include "harness/cli/distributed.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/append_file.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/registry/game_code.hpp"
#include "harness/runner/bots.hpp"

namespace arena {
namespace fs = std::filesystem;

namespace {

uint64_t games_of(const std::string& identity) {
  return YAML::Load(identity)["games"].as<uint64_t>();
}

// A finished run records no origin: every value counts as given.
RecordedRun finished_record(std::string identity, uint64_t seed,
                            std::optional<std::pair<uint64_t, uint64_t>> shard, uint64_t played) {
  RecordedRun r;
  r.played = played;
  r.games = games_of(identity);
  r.identity = std::move(identity);
  r.seed = seed;
  r.origin.seed_flag = seed;
  r.origin.games_flag = r.games;
  r.origin.shard = shard;
  r.finished = true;
  return r;
}

std::string shard_text(const std::optional<std::pair<uint64_t, uint64_t>>& shard) {
  return shard ? fmt::format("{}/{}", shard->first, shard->second) : std::string("none");
}

// Where a recorded value came from, for messages.
enum class Source { kFlag, kConfig, kDrawn };

// "--seed was 5, now 6"; "games was 100, the config now says 1200".
std::string mismatch(const std::string& key, const std::string& was, Source source,
                     const std::string& now, bool now_a_flag) {
  const std::string before = source == Source::kFlag    ? fmt::format("--{} was {}", key, was)
                             : source == Source::kDrawn ? fmt::format("{} was {} (drawn)", key, was)
                                                        : fmt::format("{} was {}", key, was);
  const std::string after = !now_a_flag               ? "the config now says " + now
                            : source == Source::kFlag ? "now " + now
                                                      : fmt::format("now --{} {}", key, now);
  return before + ", " + after;
}

// How an interrupted run can still be continued after a refusal.
constexpr const char* kLeaveTheFlagOut =
    "leave the flag out to continue the run with its own value (from its checkpoint)";
constexpr const char* kRestoreTheConfig = "put the config back as it was";

// Refuses the resume: why, and what to do about it (`fix`, for an
// interrupted run; a finished one is only ever replaced).
[[noreturn]] void refuse(const RecordedRun& recorded, const fs::path& final_dir,
                         const std::string& why, const std::string& fix) {
  if (recorded.finished) {
    throw InputError(
        fmt::format("{}: holds a finished run: {}; nothing to resume: run without "
                    "--resume to replace it, or give another --out",
                    final_dir.string(), why));
  }
  throw InputError(fmt::format("{}: cannot resume the run: {}; {}, or delete {} to start again",
                               final_dir.string(), why, fix, staging_dir_for(final_dir).string()));
}

// A node as one line of YAML, whole: what is compared.
std::string flow_text(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "(none)";
  YAML::Emitter out;
  out << YAML::Flow << node;
  return out.c_str();
}

// The same, shortened for messages.
std::string flow(const YAML::Node& node) {
  const std::string text = flow_text(node);
  return text.size() <= 60 ? text : text.substr(0, 57) + "...";
}

// A whole config as canonical YAML, the thread count aside (it changes no
// game): two runs are the same run only if these are equal.
std::string canonical(const std::string& identity) {
  YAML::Node node = YAML::Load(identity);
  if (node.IsMap()) node.remove("threads");
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

// The keys where `was` and `now` differ ("rules.size was 10, now 8"), the
// thread count aside (it changes no game).
void differences(const YAML::Node& was, const YAML::Node& now, const std::string& path,
                 std::vector<std::string>& out) {
  const auto differ = [&] {
    out.push_back(fmt::format("{} was {}, now {}", path, flow(was), flow(now)));
  };
  if (was.IsMap() && now.IsMap()) {
    const auto key_path = [&](const std::string& key) {
      return path.empty() ? key : path + "." + key;
    };
    for (const auto& entry : was) {
      const std::string key = entry.first.as<std::string>();
      if (path.empty() && key == "threads") continue;
      differences(entry.second, now[key], key_path(key), out);
    }
    for (const auto& entry : now) {
      const std::string key = entry.first.as<std::string>();
      if (!was[key].IsDefined() && !(path.empty() && key == "threads"))
        differences(YAML::Node(), entry.second, key_path(key), out);
    }
  } else if (was.IsSequence() && now.IsSequence()) {
    for (size_t i = 0; i < std::min(was.size(), now.size()); ++i)
      differences(was[i], now[i], fmt::format("{}[{}]", path, i), out);
    if (was.size() != now.size()) {
      out.push_back(fmt::format("{} had {} entries, now {}", path, was.size(), now.size()));
    }
  } else if (flow_text(was) != flow_text(now) || was.Type() != now.Type()) {
    differ();
  }
}

}  // namespace

RecordedRun recorded_run(const Checkpoint& checkpoint) {
  RecordedRun r;
  r.identity = checkpoint.config;
  r.seed = checkpoint.seed;
  r.games = games_of(checkpoint.config);
  r.origin = checkpoint.origin;
  return r;
}

std::optional<RecordedRun> finished_run(const fs::path& final_dir) {
  std::error_code ec;
  if (fs::exists(staging_dir_for(final_dir) / kCheckpointFile, ec)) return std::nullopt;
  try {
    if (fs::exists(final_dir / kShardFile, ec)) {
      const ShardResult s = read_shard(final_dir);
      return finished_record(s.config, s.seed, std::make_pair(uint64_t(s.index), uint64_t(s.count)),
                             s.end_game - s.first_game);
    }
    const fs::path summary_file = final_dir / "summary.json";
    const fs::path resolved_file = final_dir / "config.resolved.yaml";
    if (!fs::exists(summary_file, ec) || !fs::exists(resolved_file, ec)) return std::nullopt;
    const auto summary = nlohmann::json::parse(file_bytes(summary_file));
    if (!summary.value("complete", false)) return std::nullopt;
    const std::string resolved = file_bytes(resolved_file);
    return finished_record(resolved, YAML::Load(resolved)["seed"].as<uint64_t>(), std::nullopt,
                           summary.value("games", uint64_t{0}));
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not readable as arena's results: resume says there is nothing
  } catch (const YAML::Exception&) {
    return std::nullopt;
  } catch (const InputError&) {
    return std::nullopt;  // a shard.json of another version: not a run to leave alone
  }
}

RunOptions resumed_options(const RunOptions& given, const RecordedRun& recorded,
                           const RunConfig& written, const fs::path& final_dir) {
  RunOptions options = given;
  const RunOrigin& origin = recorded.origin;
  const auto seed_source = [&] {
    return origin.seed_flag ? Source::kFlag : written.seed ? Source::kConfig : Source::kDrawn;
  };
  if (given.seed && *given.seed != recorded.seed) {
    refuse(recorded, final_dir,
           mismatch("seed", std::to_string(recorded.seed),
                    recorded.finished ? Source::kConfig : seed_source(),
                    std::to_string(*given.seed), true),
           kLeaveTheFlagOut);
  }
  if (!given.seed) {
    if (origin.seed_flag || !written.seed) {
      options.seed = recorded.seed;  // given then, or drawn: the run's own
    } else if (*written.seed != recorded.seed) {
      refuse(recorded, final_dir,
             mismatch("seed", std::to_string(recorded.seed), Source::kConfig,
                      std::to_string(*written.seed), false),
             kRestoreTheConfig);
    }
  }
  if (given.games && *given.games != recorded.games) {
    refuse(recorded, final_dir,
           mismatch("games", std::to_string(recorded.games),
                    origin.games_flag && !recorded.finished ? Source::kFlag : Source::kConfig,
                    std::to_string(*given.games), true),
           kLeaveTheFlagOut);
  }
  if (!given.games) {
    if (origin.games_flag) {
      options.games = recorded.games;
    } else if (written.games != recorded.games) {
      refuse(recorded, final_dir,
             mismatch("games", std::to_string(recorded.games), Source::kConfig,
                      std::to_string(written.games), false),
             kRestoreTheConfig);
    }
  }
  if (given.shard && given.shard != origin.shard) {
    refuse(recorded, final_dir,
           origin.shard
               ? fmt::format("--shard was {}, now {}", shard_text(origin.shard),
                             shard_text(given.shard))
               : fmt::format("the run was not sharded, now --shard {}", shard_text(given.shard)),
           kLeaveTheFlagOut);
  }
  options.shard = origin.shard;
  return options;
}

void check_same_run(const RecordedRun& recorded, const RunConfig& config, uint64_t seed,
                    const fs::path& final_dir) {
  if (!recorded.finished && recorded.origin.game_code != game_code_hash()) {
    refuse(recorded, final_dir,
           fmt::format("its checkpoint was written by an arena built from other game code "
                       "(engines, adapters or runner: {}; this arena: {}), which may play "
                       "other games",
                       recorded.origin.game_code, game_code_hash()),
           "finish it with the build that began it");
  }
  const std::string identity = config_identity(config, seed);
  std::vector<std::string> changed;
  differences(YAML::Load(recorded.identity), YAML::Load(identity), "", changed);
  if (changed.empty() && canonical(recorded.identity) != canonical(identity)) {
    changed.push_back("its text differs from the config recorded");  // a safety net: no key
  }
  if (changed.empty()) return;
  std::string list = changed.front();
  for (size_t i = 1; i < std::min<size_t>(changed.size(), 3); ++i)
    list += "; " + changed[i];
  if (changed.size() > 3) list += fmt::format("; and {} more", changed.size() - 3);
  refuse(recorded, final_dir,
         fmt::format("{} is not the config it {}: {}", config.file,
                     recorded.finished ? "ran" : "began with", list),
         kRestoreTheConfig);
}

uint64_t resumed_seed(std::optional<uint64_t> given, uint64_t recorded, const fs::path& final_dir) {
  if (given && *given != recorded) {
    throw InputError(fmt::format(
        "{}: cannot resume: --seed was {}, now {}; leave the flag out to continue with the "
        "seed it began with, or delete {} to start again",
        final_dir.string(), recorded, *given, staging_dir_for(final_dir).string()));
  }
  return recorded;
}

std::string continue_command(const std::string& subcommand, const std::string& config_path,
                             const fs::path& final_dir, uint64_t seed) {
  return join_command({program_invocation_name, subcommand, config_path, "--out",
                       final_dir.string(), "--resume", "--seed", std::to_string(seed)});
}

std::string resume_command(const RunOptions& options, const fs::path& final_dir, uint64_t seed) {
  std::vector<std::string> words;
  if (world_size() > 1) words = {"mpirun", "-np", std::to_string(world_size())};
  words.insert(words.end(), {program_invocation_name, "run", options.config_path, "--out",
                             options.out ? *options.out : final_dir.string(), "--resume", "--seed",
                             std::to_string(seed)});
  if (options.games) words.insert(words.end(), {"--games", std::to_string(*options.games)});
  if (options.shard) words.insert(words.end(), {"--shard", shard_text(options.shard)});
  if (options.threads) words.insert(words.end(), {"--threads", std::to_string(*options.threads)});
  if (options.checkpoint_seconds != RunOptions{}.checkpoint_seconds) {
    words.insert(words.end(),
                 {"--checkpoint-every", fmt::format("{}", options.checkpoint_seconds)});
  }
  if (options.report_seconds != RunOptions{}.report_seconds)
    words.insert(words.end(), {"--report-every", fmt::format("{}", options.report_seconds)});
  if (options.strict) words.emplace_back("--strict");
  if (options.quiet) words.emplace_back("--quiet");
  return join_command(words);
}

}  // namespace arena
