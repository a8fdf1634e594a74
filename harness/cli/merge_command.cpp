// `arena merge DIR... [--out OUT]`: combines the shards of one run (`arena run
// CONFIG --shard I/N`) into exactly the results of the whole run: the same
// summary.json (but for timing fields), the same games.csv, a report.
#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/checkpoint.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/exit_code.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/config/resolved.hpp"
#include "harness/output/append_file.hpp"
#include "harness/output/report.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/runner/game_streams.hpp"
#include "harness/stats/expectations.hpp"

namespace arena {
namespace fs = std::filesystem;

namespace {

// The shards in order; throws InputError unless they are shards 1..N of one run.
std::vector<std::pair<fs::path, ShardResult>> read_shards(const std::vector<std::string>& dirs) {
  std::vector<std::pair<fs::path, ShardResult>> shards;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      throw InputError(fmt::format(
          "{}: {}", dir,
          fs::exists(dir, ec) ? "is a file, not a shard's results folder" : "no such folder"));
    }
    shards.emplace_back(dir, read_shard(dir));
  }
  std::sort(shards.begin(), shards.end(),
            [](const auto& a, const auto& b) { return a.second.index < b.second.index; });
  const ShardResult& first = shards.front().second;
  for (size_t i = 0; i < shards.size(); ++i) {
    const auto& [dir, s] = shards[i];
    if (s.config != first.config || s.seed != first.seed || s.count != first.count) {
      throw InputError(
          fmt::format("{}: a shard of another run (config, seed or shard count "
                      "differ from {})",
                      dir.string(), shards.front().first.string()));
    }
    if (s.origin.game_code != first.origin.game_code) {
      throw InputError(fmt::format(
          "{}: played by an arena built from other game code than {} ({} and {}), which may "
          "play other games: play every shard with one build",
          dir.string(), shards.front().first.string(), s.origin.game_code, first.origin.game_code));
    }
    if (s.index != static_cast<int>(i) + 1 ||
        (i > 0 && s.first_game != shards[i - 1].second.end_game)) {
      throw InputError(
          fmt::format("{}: shard {} of {}; expected shard {} (every shard exactly "
                      "once)",
                      dir.string(), s.index, s.count, i + 1));
    }
  }
  if (static_cast<int>(shards.size()) != first.count) {
    throw InputError(fmt::format("{} shards given; the run has {}", shards.size(), first.count));
  }
  return shards;
}

// The files every shard wrote per game (one per stream: games.csv or
// games.csv.gz, moves.jsonl.gz), appended in shard order into `staged`: the
// same bytes as one process writes (AppendFile's members depend only on the
// text). A header line (games.csv's) comes once, from the first shard.
void merge_game_files(const std::vector<std::pair<fs::path, ShardResult>>& shards,
                      const RunConfig& config, const StagedResults& staged) {
  for (size_t s = 0; s < kGameStreams; ++s) {
    const StreamFile file = stream_file(static_cast<GameStream>(s), config.output);
    if (file.name.empty()) continue;
    AppendFile out(staged.path(file.name),
                   file.gzip ? AppendFile::Kind::kGzip : AppendFile::Kind::kPlain, std::nullopt);
    for (size_t i = 0; i < shards.size(); ++i) {
      const fs::path from = shards[i].first / file.name;
      if (!fs::exists(from))
        throw InputError(from.string() + ": missing (a shard of this run writes it)");
      bool first_line = true;
      for_each_line(from, [&](std::string_view line) {
        const bool skip = file.header && first_line && i > 0;
        first_line = false;
        if (skip) return true;
        out.append(line);
        out.append("\n");
        return true;
      });
    }
    out.finish();
  }
}

}  // namespace

int merge_command(const MergeOptions& options, const Registry& registry) {
  return exit_code_of("merge", "arena: merge: ", [&] {
    const auto shards = read_shards(options.dirs);
    const ShardResult& first = shards.front().second;
    RunConfig config = parse_config(
        first.config, (shards.front().first / "config.resolved.yaml").string(), registry);
    const auto match = registry.find(config.engine)->make_match(config, first.seed);
    RunInfo info;
    info.seed = first.seed;
    info.planned_games = planned_games(config, *match);
    RunStats stats = first.stats;
    for (size_t i = 1; i < shards.size(); ++i)
      stats += shards[i].second.stats;
    for (const auto& [dir, s] : shards) {  // shards run side by side: the slowest sets the time
      info.wall_seconds = std::max(info.wall_seconds, s.wall_seconds);
      info.threads = std::max(info.threads, s.threads);
    }
    StagedResults staged(options.out ? fs::path(*options.out) : fs::path("results") / config.name);
    merge_game_files(shards, config, staged);
    const RunSummary summary = summarize(config, info, *match, stats);
    write_summary_and_report(summary, staged, staged.final_dir());
    staged.write_file("config.resolved.yaml", resolved_yaml(config, info.seed));
    staged.commit();
    print_results(summary, {staged.final_dir(), std::nullopt, options.detail});
    return 0;
  });
}

}  // namespace arena
