// `arena run`: load -> build the match -> play -> write results -> print table.
#include <algorithm>
#include <memory>
#include <optional>
#include <random>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/cli/distributed.hpp"
#include "harness/cli/exit_code.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/cli/live_report.hpp"
#include "harness/cli/play_run.hpp"
#include "harness/cli/resume.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/config/resolved.hpp"
#include "harness/output/report.hpp"
#include "harness/output/table.hpp"
#include "harness/registry/game_code.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/latency.hpp"
#include "harness/stats/summary.hpp"

namespace arena {

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

std::string config_identity(RunConfig config, uint64_t seed) {
  config.threads = 0;
  return resolved_yaml(config, seed);
}

uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

void write_summary_and_report(const RunSummary& summary, const StagedResults& staged,
                              const std::filesystem::path& report_dir, const PartialRun* partial) {
  const auto json = summary_json(summary);
  staged.write_file("summary.json", json.dump(2) + "\n");  // keys in the documented order
  staged.write_file("report.html",
                    render_report(nlohmann::json(json), report_dir.string(), partial));
}

namespace {

// The config as given, with the command line's overrides; checks what the
// flags together forbid.
RunConfig config_of(const RunOptions& options, const Registry& registry) {
  RunConfig config = written_config(options, registry);
  // Each flag replaces its key; errors found later in that key name the flag.
  if (options.threads) {
    config.threads = *options.threads;
    config.set_by_flag("threads", fmt::format("--threads {}", *options.threads));
  }
  if (options.games) {
    config.games = *options.games;
    config.set_by_flag("games", fmt::format("--games {}", *options.games));
  }
  if (options.seed) {
    config.seed = *options.seed;
    config.set_by_flag("seed", fmt::format("--seed {}", *options.seed));
  }
  if (options.shard && config.stop.any()) {
    throw InputError(config.file +
                     ": --shard cannot split a run with early stopping (stop: "
                     "sprt or ci_width needs every game in order); run it whole");
  }
  return config;
}

std::filesystem::path results_dir_of(const RunOptions& options, const RunConfig& config) {
  if (options.out) return *options.out;
  if (options.shard) {
    return std::filesystem::path("results") / fmt::format("{}.shard-{}-of-{}", config.name,
                                                          options.shard->first,
                                                          options.shard->second);
  }
  return std::filesystem::path("results") / config.name;
}

// How an interrupted run is continued: the caller's hint, or the command line.
std::string continue_hint(const RunOptions& options, const std::filesystem::path& final_dir,
                          uint64_t seed) {
  if (options.resume_hint.empty()) return resume_command(options, final_dir, seed);
  return fmt::format(fmt::runtime(options.resume_hint), fmt::arg("out", final_dir.string()));
}

// A config that names a command runs it: says so, once per program, and
// starts each before the first game. (A program that cannot be found is a
// config error; one that never gets to its hello stops the run, exit 1,
// its log kept when `staging` goes; one that starts and then fails forfeits
// its games, and the run completes.)
void start_bots(BotPool& bots, const std::filesystem::path& staging) {
  for (const BotSpec& spec : bots.specs()) {
    if (spec.in_process) continue;
    fmt::print(stderr, "arena: {} runs the program: {} (in {})\n", spec.name, spec.command,
               spec.cwd.string());
  }
  bots.start_all(staging);
}

// What stderr should know before the games start.
void announce(const RunConfig& config, const RunInfo& info, const Match& match, bool quiet) {
  if (!config.seed && !quiet) {
    fmt::print(stderr, "arena: no seed given; using {} (recorded in config.resolved.yaml)\n",
               info.seed);
  }
  if (const std::string why = match.nondeterminism(); !why.empty()) {
    fmt::print(stderr, "arena: note: this run is not reproducible from its seed: {}\n", why);
  }
}

// Says where an interrupted run's checkpoint is and how to continue it.
// `kept` says what is in its staging folder.
int report_interrupted(const RunContext& run, uint64_t next_game, const StagedResults& staged,
                       const char* kept) {
  fmt::print(stderr, "arena: interrupted after {} of {} games; {} in {}; continue with:\n  {}\n",
             next_game - run.slice.first, run.slice.end - run.slice.first, kept,
             staged.staging_dir().string(), run.resume_command);
  return 130;
}

// Puts the finished results in place; when that fails (CommitError), says
// how the run is finished once the cause is fixed.
void commit(const RunContext& run, StagedResults& staged) {
  try {
    staged.commit();
  } catch (const CommitError& e) {
    throw CommitError(fmt::format("{}; once that is fixed, this puts them in place: {}", e.what(),
                                  run.resume_command));
  }
}

// A shard's results: its counts for `arena merge`, committed when its slice
// is complete; else left with its checkpoint for --resume (exit 130).
int finish_shard(const RunContext& run, const RunInfo& info, const Played& played,
                 StagedResults& staged) {
  if (played.next_game < run.slice.end)
    return report_interrupted(run, played.next_game, staged, "its checkpoint is");
  const auto [index, count] = *run.options.shard;
  staged.write_file(kShardFile,
                    shard_json({config_identity(run.config, info.seed), info.seed, run.origin,
                                static_cast<int>(index), static_cast<int>(count), run.slice.first,
                                run.slice.end, info.wall_seconds, info.threads, played.stats}));
  commit(run, staged);
  fmt::print("shard {} of {}: games {} to {} in {:.2f} s; results in {}\n", index, count,
             run.slice.first, run.slice.end, info.wall_seconds, staged.final_dir().string());
  return 0;
}

// A run's results: summary, report; committed when complete (exit 0, or 3
// under --strict when a published figure was missed), else left with the
// checkpoint for --resume (exit 130).
int finish_run(const RunContext& run, const RunInfo& info, const Played& played,
               StagedResults& staged) {
  const RunConfig& config = run.config;
  // Stopped short of its games and of its stop rules: partial results stay in staging.
  const bool interrupted =
      played.next_game < run.slice.end && !run_complete(config, info, played.stats);
  const RunSummary summary = summarize(config, info, run.match, played.stats);
  // An interrupted run's report (the live report's last page, made final) says how far it got.
  const PartialRun partial{summary.games,     info.planned_games, local_time_of_day(), 0, "",
                           run.resume_command};
  write_summary_and_report(summary, staged, interrupted ? staged.staging_dir() : staged.final_dir(),
                           interrupted ? &partial : nullptr);
  if (interrupted) {
    if (run.options.print_results)
      print_results(summary, {staged.staging_dir(), info.planned_games, run.options.detail});
    return report_interrupted(run, played.next_game, staged,
                              "partial results (complete: false) and a checkpoint are");
  }
  commit(run, staged);
  if (run.options.print_results)
    print_results(summary, {staged.final_dir(), std::nullopt, run.options.detail});
  return run.options.strict && !all_reproduced(summary) ? 3 : 0;
}

// The origin of a fresh run's games: the flags given, this build's game code.
RunOrigin origin_of(const RunOptions& options) {
  return {options.seed, options.games, options.shard, game_code_hash()};
}

// For --resume when `results_dir` holds this run finished: the line saying
// so (a requeued job of a run that already finished has nothing to do).
// Throws InputError when it holds another run.
std::optional<std::string> already_finished(const RunOptions& given, const RunConfig& written,
                                            const std::filesystem::path& results_dir,
                                            const Registry& registry) {
  const auto done = finished_run(results_dir);
  if (!done) return std::nullopt;
  const RunOptions options = resumed_options(given, *done, written, results_dir);
  check_same_run(*done, config_of(options, registry), done->seed, results_dir);
  return fmt::format("{}: the run is already complete ({} games); nothing to resume",
                     results_dir.string(), done->played);
}

// The run on rank 0 (the only process without MPI); throws on bad input.
int run(const RunOptions& given, const Registry& registry, Workers& workers) {
  const RunConfig written = written_config(given, registry);
  const auto results_dir = results_dir_of(given, written);
  if (given.resume) {
    if (const auto done = already_finished(given, written, results_dir, registry)) {
      fmt::print(stderr, "arena: {}\n", *done);
      return 0;
    }
  }
  StagedResults staged(results_dir,
                       given.resume ? StagedResults::Start::kResume : StagedResults::Start::kFresh,
                       given.rename_results);
  std::optional<Checkpoint> resume;
  RunOptions options = given;
  if (given.resume) {
    resume = read_checkpoint(staged.staging_dir());
    if (!resume) throw InputError(staged.staging_dir().string() + ": no checkpoint");
    options = resumed_options(given, recorded_run(*resume), written, results_dir);
  }
  RunConfig config = config_of(options, registry);
  RunInfo info;
  info.seed = config.seed ? *config.seed : fresh_seed();
  if (resume) check_same_run(recorded_run(*resume), config, info.seed, results_dir);
  const RunOrigin origin = resume ? resume->origin : origin_of(options);
  PreparedRun prepared = prepare_run(registry, config, info.seed, config.threads,
                                     staged.staging_dir(), "", options.adjust_bot);
  const Match& match = *prepared.match;
  info.threads = prepared.plan.threads;
  info.planned_games = planned_games(config, match);
  validate_expectations(config, match.metrics());
  if (prepared.bots)
    start_bots(*prepared.bots, resume ? std::filesystem::path() : staged.staging_dir());
  announce(config, info, match, options.quiet);
  info.timer_overhead_ns = measure_timer_overhead_ns();
  const RunContext context{
      config, match,   prepared.plan,
      staged, options, slice_of(options, info.planned_games, match.series_length()),
      resume, origin,  continue_hint(options, staged.final_dir(), info.seed)};
  staged.write_file("config.resolved.yaml", resolved_yaml(config, info.seed));
  workers.start(resolved_yaml(config, info.seed), config.file, staged.staging_dir());
  const Played played = [&] {
    const InterruptGuard guard(
        context.resume_command, staged.staging_dir() / kCheckpointFile, staged.lock_file(),
        options.signals_to_quit,
        options.resume_hint.empty() ? "without --resume" : "without resume=True");
    return play_into(context, info);
  }();
  return options.shard ? finish_shard(context, info, played, staged)
                       : finish_run(context, info, played, staged);
}

}  // namespace

RunConfig written_config(const RunOptions& options, const Registry& registry) {
  return options.config_text ? parse_config(*options.config_text, options.config_path, registry)
                             : load_config(options.config_path, registry);
}

int run_in_process(const RunOptions& options, const Registry& registry) {
  Workers workers;  // no MPI: nobody to tell
  return run(options, registry, workers);
}

int run_command(const RunOptions& options, const Registry& registry) {
  if (world_rank() > 0) return serve_as_worker(registry);  // an MPI job's other processes
  Workers workers;  // until started, they are told there is no run
  return exit_code_of("run", "arena: ", [&] { return run(options, registry, workers); });
}

}  // namespace arena
