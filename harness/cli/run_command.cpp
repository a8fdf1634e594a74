// `arena run`: load -> build the match -> play -> write results -> print table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <tbb/info.h>

#include <unistd.h>

#include "harness/cli/checkpoint.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/distributed.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/cli/resume.hpp"
#include "harness/cli/run_support.hpp"
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

}  // namespace

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

namespace {

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

}  // namespace

std::string config_identity(RunConfig config, uint64_t seed) {
  config.threads = 0;
  return resolved_yaml(config, seed);
}

namespace {

// Games [first, end) this process plays: all of them, or a shard's slice in
// whole series.
struct Slice {
  uint64_t first = 0;
  uint64_t end = 0;
};

Slice slice_of(const RunOptions& options, uint64_t planned, uint64_t series) {
  if (!options.shard) return {0, planned};
  const uint64_t units = planned / series;
  const auto [index, count] = *options.shard;
  return {units * (index - 1) / count * series, units * index / count * series};
}

std::FILE* open_rows(const StagedResults& staged, const Match& match,
                     const std::optional<Checkpoint>& resume) {
  const auto path = staged.path("games.csv");
  if (!resume) {
    std::FILE* rows = std::fopen(path.c_str(), "wb");
    if (rows) std::fputs(csv_header(match.metrics()).c_str(), rows);
    return rows;
  }
  // Rows after the checkpoint belong to games that will be played again.
  std::FILE* rows = std::fopen(path.c_str(), "r+b");
  if (!rows || ::ftruncate(fileno(rows), static_cast<off_t>(resume->rows_bytes)) != 0)
    return nullptr;
  std::fseek(rows, 0, SEEK_END);
  return rows;
}

struct Played {
  RunStats stats;
  uint64_t next_game = 0;
  uint64_t rows_bytes = 0;
};

// Plays `slice` into `staged`, continuing `resume` when given, checkpointing
// every `options.checkpoint_seconds`; stops early on a stop rule or an interrupt.
Played play_into(const RunConfig& config, const Match& match, const StagedResults& staged,
                 RunInfo& info, const RunOptions& options, const Slice& slice,
                 const std::optional<Checkpoint>& resume) {
  std::unique_ptr<std::FILE, FileCloser> rows(open_rows(staged, match, resume));
  if (!rows) throw std::runtime_error("cannot open games.csv");
  std::vector<char> buffer(1 << 20);
  std::setvbuf(rows.get(), buffer.data(), _IOFBF, buffer.size());

  RunPlan plan{.first_game = resume ? resume->next_game : slice.first,
               .games = slice.end,
               .threads = info.threads};
  if (config.stop.any()) {
    plan.check_every = config.stop.batch;
    plan.stop_when = [&](const RunStats& so_far) {
      return !evaluate_stop(config.stop, so_far).stopped_by.empty();
    };
  }
  for (const auto& p : config.players)
    plan.variant_names.push_back(p.name);
  if (resume) plan.initial = &resume->stats;
  plan.interrupt = &InterruptGuard::requested();
  plan.decision_budget_ns = config.limits.decision_budget_ns();
  std::set<std::pair<int, Fault>> told;  // the first forfeit of each kind per variant is shown
  plan.on_forfeit = [&](const ForfeitNote& note) {
    if (options.quiet || !told.insert({note.variant, note.fault}).second) return;
    fmt::print(stderr, "arena: game {}: {} forfeits ({}): {}{}\n", note.game,
               config.players[note.variant].name, fault_name(note.fault), note.detail,
               " (later ones of this kind are only counted)");
  };

  const double earlier = resume ? resume->wall_seconds : 0;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return earlier +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto flush_rows = [&] {
    if (std::fflush(rows.get()) != 0 || std::ferror(rows.get()) || ::fsync(fileno(rows.get())) != 0)
      throw std::runtime_error("cannot write games.csv (disk full?)");
    return static_cast<uint64_t>(std::ftell(rows.get()));
  };
  const std::string identity = config_identity(config, info.seed);
  auto checkpoint = [&](const RunStats& so_far, uint64_t next_game) {
    write_checkpoint(staged.staging_dir(),
                     {identity, info.seed, next_game, flush_rows(), elapsed(), so_far});
  };
  auto last = std::chrono::steady_clock::now();
  if (!options.shard) {
    plan.on_merged = [&](const RunStats& so_far, uint64_t next_game) {
      const auto now = std::chrono::steady_clock::now();
      if (std::chrono::duration<double>(now - last).count() < options.checkpoint_seconds) return;
      checkpoint(so_far, next_game);
      last = now;
    };
  }

  Progress progress(plan.games - plan.first_game, Progress::style_for_stderr(options.quiet));
  RunStats stats = run_games_distributed(match, plan, rows.get(), &progress);
  info.wall_seconds = elapsed();
  progress.finish();
  const uint64_t before = resume ? resume->stats.games() : 0;
  Played played{std::move(stats), 0, flush_rows()};
  played.next_game = plan.first_game + (played.stats.games() - before);
  if (!options.shard && played.next_game < slice.end &&
      evaluate_stop(config.stop, played.stats).stopped_by.empty()) {
    checkpoint(played.stats, played.next_game);  // interrupted: keep what was played
  }
  return played;
}

}  // namespace

namespace {

std::filesystem::path results_dir_of(const RunOptions& options, const RunConfig& config) {
  if (options.out) return *options.out;
  if (options.shard) {
    return std::filesystem::path("results") / fmt::format("{}.shard-{}-of-{}", config.name,
                                                          options.shard->first,
                                                          options.shard->second);
  }
  return std::filesystem::path("results") / config.name;
}

}  // namespace

void print_results(const RunConfig& config, const Match& match, const RunStats& stats,
                   const RunInfo& info, const std::filesystem::path& where) {
  fmt::print("{}", results_table(config, match.metrics(), stats));
  fmt::print("{}", matches_text(config, stats));
  fmt::print("{}", metric_means_text(config, match.metrics(), stats));
  fmt::print("{}", groups_text(config, match, stats));
  fmt::print("{}", stop_text(config, stats));
  fmt::print("{}", ratings_text(config, stats));
  const std::string processes =
      world_size() > 1 ? fmt::format(" in rank 0 of {} MPI processes", world_size()) : "";
  fmt::print("{} games in {:.2f} s ({:.0f} games/s, {} threads{}); results in {}\n", stats.games(),
             info.wall_seconds, static_cast<double>(stats.games()) / info.wall_seconds,
             info.threads, processes, where.string());
}

int run_command(const RunOptions& options, const Registry& registry) {
  if (world_rank() > 0) return serve_as_worker(registry);  // an MPI job's other processes
  Workers workers;  // until started, they are told there is no run
  try {
    RunConfig config = load_config(options.config_path, registry);
    apply_overrides(config, options);
    const EngineSpec& engine = *registry.find(config.engine);
    if (options.shard && config.stop.any()) {
      throw InputError(config.file +
                       ": --shard cannot split a run with early stopping (stop: "
                       "sprt or ci_width needs every game in order); run it whole");
    }
    if (options.resume) {
      if (const auto done = finished_run(results_dir_of(options, config), config)) {
        fmt::print(stderr, "arena: {}\n", *done);
        return 0;  // a requeued job of a run that already finished: nothing to do
      }
    }
    StagedResults staged(results_dir_of(options, config), options.resume
                                                              ? StagedResults::Start::kResume
                                                              : StagedResults::Start::kFresh);
    std::optional<Checkpoint> resume;
    if (options.resume) resume = checkpoint_to_resume(staged, config);
    RunInfo info;
    info.seed = config.seed ? *config.seed : fresh_seed();
    info.threads = config.threads > 0 ? config.threads : tbb::info::default_concurrency();
    const std::unique_ptr<Match> match = engine.make_match(config, info.seed);
    info.planned_games = planned_games(config, *match);
    validate_expectations(config, match->metrics());
    if (!config.seed && !options.quiet) {
      fmt::print(stderr, "arena: no seed given; using {} (recorded in config.resolved.yaml)\n",
                 info.seed);
    }
    if (const std::string why = match->nondeterminism(); !why.empty()) {
      fmt::print(stderr, "arena: note: this run is not reproducible from its seed: {}\n", why);
    }
    info.timer_overhead_ns = measure_timer_overhead_ns();
    const Slice slice = slice_of(options, info.planned_games, match->series_length());
    staged.write_file("config.resolved.yaml", resolved_yaml(config, info.seed));
    workers.start(resolved_yaml(config, info.seed), config.file);
    Played played = [&] {
      const InterruptGuard guard;
      return play_into(config, *match, staged, info, options, slice, resume);
    }();
    const RunStats& stats = played.stats;

    if (options.shard) {
      staged.write_file(kShardFile,
                        shard_json({config_identity(config, info.seed), info.seed,
                                    static_cast<int>(options.shard->first),
                                    static_cast<int>(options.shard->second), slice.first, slice.end,
                                    info.wall_seconds, info.threads, stats}));
      staged.commit();
      fmt::print("shard {} of {}: games {} to {} in {:.2f} s; results in {}\n",
                 options.shard->first, options.shard->second, slice.first, slice.end,
                 info.wall_seconds, staged.final_dir().string());
      return 0;
    }
    const auto expectations = check_expectations(config, match->metrics(), stats);
    const auto summary = summary_json(config, info, *match, stats, expectations);
    staged.write_file("summary.json", summary.dump(2) + "\n");  // keys in the documented order
    staged.write_file("report.html", render_report(nlohmann::json(summary)));
    if (played.next_game < slice.end && !summary["complete"].get<bool>()) {
      print_results(config, *match, stats, info, staged.staging_dir());
      fmt::print(stderr,
                 "arena: interrupted after {} of {} games; partial results (complete: false) and "
                 "a checkpoint are in {}; continue with: arena run {} --resume\n",
                 played.next_game, slice.end, staged.staging_dir().string(),
                 options.config_path + (options.out ? " --out " + *options.out : ""));
      return 130;
    }
    staged.commit();
    print_results(config, *match, stats, info, staged.final_dir());
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
