// `arena merge DIR... [--out OUT]`: combines the shards of one run (`arena run
// CONFIG --shard I/N`) into exactly the results of the whole run: the same
// summary.json (but for timing fields), the same games.csv, a report.
#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/checkpoint.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/config/resolved.hpp"
#include "harness/output/report.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/stats/expectations.hpp"

namespace arena {
namespace fs = std::filesystem;

namespace {

// The shards in order; throws InputError unless they are shards 1..N of one run.
std::vector<std::pair<fs::path, ShardResult>> read_shards(const std::vector<std::string>& dirs) {
  std::vector<std::pair<fs::path, ShardResult>> shards;
  for (const auto& dir : dirs)
    shards.emplace_back(dir, read_shard(dir));
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

// games.csv of every shard in order, with the header once.
void append_rows(const fs::path& from, std::ofstream& to, bool with_header) {
  std::ifstream in(from / "games.csv", std::ios::binary);
  if (!in) throw InputError((from / "games.csv").string() + ": cannot read");
  std::string header;
  std::getline(in, header);
  if (with_header) to << header << '\n';
  to << in.rdbuf();
}

}  // namespace

int merge_command(const MergeOptions& options, const Registry& registry) {
  try {
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
    {
      std::ofstream rows(staged.path("games.csv"), std::ios::binary);
      for (size_t i = 0; i < shards.size(); ++i)
        append_rows(shards[i].first, rows, i == 0);
      if (!rows.flush()) throw std::runtime_error("cannot write games.csv");
    }
    const auto expectations = check_expectations(config, match->metrics(), stats);
    const auto summary = summary_json(config, info, *match, stats, expectations);
    staged.write_file("summary.json", summary.dump(2) + "\n");
    staged.write_file("report.html", render_report(nlohmann::json(summary)));
    staged.write_file("config.resolved.yaml", resolved_yaml(config, info.seed));
    staged.commit();
    print_results(config, *match, stats, info, staged.final_dir());
    fmt::print("{}", expectations_text(expectations));
    return 0;
  } catch (const ConfigError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  } catch (const InputError& e) {
    fmt::print(stderr, "arena: merge: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "arena: merge failed: {}\n", e.what());
    return 1;
  }
}

}  // namespace arena
