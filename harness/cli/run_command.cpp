// `arena run`: load -> build the match -> play -> write results -> print table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>

#include <fmt/format.h>
#include <tbb/info.h>

#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/config/resolved.hpp"
#include "harness/output/report.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/output/table.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/latency.hpp"
#include "harness/stats/stopping.hpp"
#include "harness/stats/summary.hpp"

namespace arena {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Games to play: the match's, capped by stop.max_games; checks that the stop
// rules fit the match's series (pairs must not be cut in half).
uint64_t planned_games(const RunConfig& config, const Match& match) {
  const uint64_t series = match.series_length();
  uint64_t games = match.game_count();
  if (config.stop.max_games) {
    if (*config.stop.max_games % series != 0) {
      throw config.error_at("stop.max_games",
                            fmt::format("must be a multiple of {} (games come in series)", series));
    }
    games = std::min(games, *config.stop.max_games);
  }
  if (config.stop.any() && config.stop.batch % series != 0) {
    throw config.error_at("stop.batch",
                          fmt::format("must be a multiple of {} (games come in series)", series));
  }
  return games;
}

// The Bradley-Terry table for three or more variants, or "".
std::string ratings_text(const RunConfig& config, const RunStats& stats) {
  if (stats.variants() < 3) return "";
  std::string out = fmt::format("ratings (Bradley-Terry, {} = 0):\n",
                                config.anchor == "mean" ? "mean" : config.players[0].name);
  for (const RankedRating& r : tournament_ratings(config, stats)) {
    out +=
        r.rating.rated
            ? fmt::format("  {:>2}. {:<24} {:+8.1f} +/- {:.1f}\n", r.rank,
                          config.players[r.variant].name, r.rating.rating, r.rating.ci95)
            : fmt::format("  {:>2}. {:<24} (no games)\n", r.rank, config.players[r.variant].name);
  }
  return out;
}

// One line on how early stopping ended, or "" without stop rules.
std::string stop_text(const RunConfig& config, const RunStats& stats) {
  if (!config.stop.any()) return "";
  const StopStatus status = evaluate_stop(config.stop, stats);
  std::string out;
  if (status.has_sprt) {
    const SprtTest& t = *config.stop.sprt;
    out += fmt::format("SPRT [{}, {}]: LLR {:.3f} in [{:.3f}, {:.3f}]: {}\n", t.elo0, t.elo1,
                       status.llr, t.lower_bound(), t.upper_bound(),
                       status.verdict.empty() ? "no decision"
                                              : (status.verdict == "H1" ? "H1 accepted (elo1)"
                                                                        : "H0 accepted (elo0)"));
  }
  out += status.stopped_by.empty()
             ? fmt::format("no stop rule was met in {} games\n", stats.games())
             : fmt::format("stopped by {} after {} games\n", status.stopped_by, stats.games());
  return out;
}

uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

void apply_overrides(RunConfig& config, const RunOptions& options) {
  if (options.threads) config.threads = *options.threads;
  if (options.games) config.games = *options.games;
  if (options.seed) config.seed = *options.seed;
}

// Plays the run into `staged` and returns the statistics.
RunStats play_into(const RunConfig& config, const Match& match, const StagedResults& staged,
                   RunInfo& info, bool quiet) {
  std::unique_ptr<std::FILE, FileCloser> rows(std::fopen(staged.path("games.csv").c_str(), "wb"));
  if (!rows) throw std::runtime_error("cannot create games.csv");
  std::vector<char> buffer(1 << 20);
  std::setvbuf(rows.get(), buffer.data(), _IOFBF, buffer.size());
  std::fputs(csv_header(match.metrics()).c_str(), rows.get());

  RunPlan plan{.games = info.planned_games, .threads = info.threads, .variant_names = {}};
  if (config.stop.any()) {
    plan.check_every = config.stop.batch;
    plan.stop_when = [&](const RunStats& so_far) {
      return !evaluate_stop(config.stop, so_far).stopped_by.empty();
    };
  }
  for (const auto& p : config.players)
    plan.variant_names.push_back(p.name);
  Progress progress(plan.games, Progress::style_for_stderr(quiet));
  const auto start = std::chrono::steady_clock::now();
  RunStats stats = run_games(match, plan, rows.get(), &progress);
  info.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.finish();
  if (std::fflush(rows.get()) != 0 || std::ferror(rows.get())) {
    throw std::runtime_error("cannot write games.csv (disk full?)");
  }
  ::fsync(fileno(rows.get()));
  return stats;
}

}  // namespace

int run_command(const RunOptions& options, const Registry& registry) {
  try {
    RunConfig config = load_config(options.config_path, registry);
    apply_overrides(config, options);
    const EngineSpec& engine = *registry.find(config.engine);
    RunInfo info;
    info.seed = config.seed ? *config.seed : fresh_seed();
    info.threads = config.threads > 0 ? config.threads : tbb::info::default_concurrency();
    const std::unique_ptr<Match> match = engine.make_match(config, info.seed);
    info.planned_games = planned_games(config, *match);
    validate_expectations(config, match->metrics());
    StagedResults staged(options.out ? std::filesystem::path(*options.out)
                                     : std::filesystem::path("results") / config.name);
    if (!config.seed && !options.quiet) {
      fmt::print(stderr, "arena: no seed given; using {} (recorded in config.resolved.yaml)\n",
                 info.seed);
    }

    if (const std::string why = match->nondeterminism(); !why.empty()) {
      fmt::print(stderr, "arena: note: this run is not reproducible from its seed: {}\n", why);
    }
    info.timer_overhead_ns = measure_timer_overhead_ns();
    const RunStats stats = play_into(config, *match, staged, info, options.quiet);
    const auto expectations = check_expectations(config, match->metrics(), stats);
    const auto summary = summary_json(config, info, *match, stats, expectations);
    staged.write_file("summary.json", summary.dump(2) + "\n");  // keys in the documented order
    staged.write_file("report.html", render_report(nlohmann::json(summary)));
    staged.write_file("config.resolved.yaml", resolved_yaml(config, info.seed));
    staged.commit();

    fmt::print("{}", results_table(config, match->metrics(), stats));
    fmt::print("{}", matches_text(config, stats));
    fmt::print("{}", metric_means_text(config, match->metrics(), stats));
    fmt::print("{}", groups_text(config, *match, stats));
    fmt::print("{}", stop_text(config, stats));
    fmt::print("{}", ratings_text(config, stats));
    fmt::print("{} games in {:.2f} s ({:.0f} games/s, {} threads); results in {}\n", stats.games(),
               info.wall_seconds, static_cast<double>(stats.games()) / info.wall_seconds,
               info.threads, staged.final_dir().string());
    fmt::print("{}", expectations_text(expectations));
    const bool all_reproduced = std::all_of(expectations.begin(), expectations.end(),
                                            [](const auto& r) { return r.reproduced; });
    return options.strict && !all_reproduced ? 3 : 0;
  } catch (const ConfigError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  } catch (const InputError& e) {
    fmt::print(stderr, "arena: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "arena: run failed: {}\n", e.what());
    return 1;
  }
}

}  // namespace arena
