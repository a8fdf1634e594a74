// `arena tune`: load -> search (checkpointed, interruptible) -> verify ->
// write tune.json, trajectory.csv, config.tuned.yaml and report.html into a
// staging folder -> commit it whole.
#include <chrono>
#include <fstream>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <tbb/info.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/cli/exit_code.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/cli/resume.hpp"
#include "harness/cli/run_clock.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/stats/elo.hpp"
#include "harness/tune/checkpoint.hpp"
#include "harness/tune/game_objective.hpp"
#include "harness/tune/report.hpp"
#include "harness/tune/results.hpp"
#include "harness/tune/search.hpp"
#include "harness/tune/verify.hpp"

namespace arena {
namespace {

namespace fs = std::filesystem;
using OrderedJson = nlohmann::ordered_json;

RunConfig config_of(const TuneOptions& options, const Registry& registry) {
  RunConfig config = load_config(options.config_path, registry);
  if (!config.tune) {
    throw ConfigError(config.file, SourceMark{},
                      "tune: missing the 'tune' section that arena tune searches by "
                      "(docs/tuning.md)");
  }
  if (options.seed) config.seed = *options.seed;
  return config;
}

fs::path results_dir_of(const TuneOptions& options, const RunConfig& config) {
  return options.out ? fs::path(*options.out) : fs::path("results") / config.name;
}

// The line saying `dir` already holds this tuning, finished; nullopt otherwise.
// (A seed not given is the finished tuning's own, as for a resume.)
std::optional<std::string> finished_tune(const fs::path& dir, const RunConfig& config,
                                         std::optional<uint64_t> given_seed) {
  std::error_code ec;
  if (fs::exists(staging_dir_for(dir) / kCheckpointName, ec)) return std::nullopt;
  std::ifstream in(dir / "tune.json");
  if (!in) return std::nullopt;
  const OrderedJson done = OrderedJson::parse(in, nullptr, false);
  if (done.is_discarded() || !done.value("complete", false)) return std::nullopt;
  const uint64_t seed = given_seed ? *given_seed : done.value("seed", uint64_t{0});
  if (done.value("config_crc32", "") != config_crc32(config, seed)) return std::nullopt;
  return fmt::format("{}: the tuning is already complete; nothing to resume", dir.string());
}

// Where the search is, saved every `every` seconds (and whenever asked).
class Checkpoints {
 public:
  Checkpoints(const StagedResults& staged, std::string identity, uint64_t seed,
              const RunClock& clock, double every)
      : staged_(staged),
        identity_(std::move(identity)),
        seed_(seed),
        clock_(clock),
        every_(every) {}

  void write(const TuneState& state) {
    write_tune_checkpoint(staged_, {identity_, seed_, state, clock_.seconds()});
    last_ = std::chrono::steady_clock::now();
  }
  void due(const TuneState& state) {
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() >= every_) write(state);
  }

 private:
  const StagedResults& staged_;
  std::string identity_;
  uint64_t seed_;
  const RunClock& clock_;
  double every_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Games the search plays from step `from` on.
uint64_t search_games(const Search& search, const GameObjective& objective, uint64_t from) {
  uint64_t games = 0;
  for (uint64_t s = from; s < search.steps(); ++s)
    games += search.iterations_of(s) * search.matches_per_step() * objective.games_per_iteration();
  return games;
}

// Plays steps until the search is done or interrupted; true when done.
bool run_search(Search& search, TuneState& state, GameObjective& objective,
                Checkpoints& checkpoints, bool quiet) {
  Progress progress(search_games(search, objective, state.step), Progress::style_for_stderr(quiet));
  objective.set_progress(&progress);
  while (!search.done(state) && !InterruptGuard::requested() && search.advance(state))
    checkpoints.due(state);
  progress.finish();
  objective.set_progress(nullptr);
  return search.done(state);
}

std::string elo_text(const OrderedJson& m) {
  const double inf = std::numeric_limits<double>::infinity();
  const double score = m.value("score", 0.5);
  const double elo = m["elo"].is_number() ? m["elo"].get<double>()
                                          : (score > 0.5 ? inf : (score < 0.5 ? -inf : 0.0));
  const double error = m["elo_error"].is_number() ? m["elo_error"].get<double>() : inf;
  return fmt::format("+{} -{} ={}  Elo {}  LOS {:.1f}%", m["wins"].get<uint64_t>(),
                     m["losses"].get<uint64_t>(), m["draws"].get<uint64_t>(),
                     estimate_text(elo, error), 100 * m.value("los", 0.5));
}

// The results on stdout: values, then the verification's matches.
void print_summary(const OrderedJson& t, const fs::path& where) {
  fmt::print("tuned {} by {}: {} steps, {} games in {:.1f} s\n", t["variant"].get<std::string>(),
             t["method"].get<std::string>(), t["steps"].get<uint64_t>(), t["games"].get<uint64_t>(),
             t["wall_seconds"].get<double>());
  for (const auto& [name, start] : t["start"].items())
    fmt::print("  {:<24} {:>12.6g} -> {:<12.6g}\n", name, start.get<double>(),
               t["tuned"][name].get<double>());
  const OrderedJson& v = t["verification"];
  // The `shown` first players' scores and engine metrics, then their matches.
  const auto matches = [](const OrderedJson& match, size_t shown) {
    for (size_t i = 0; i < shown && i < match["variants"].size(); ++i) {
      const OrderedJson& variant = match["variants"][i];
      std::string metrics;
      for (const auto& [name, mean] : variant["metrics"].items()) {
        if (mean.is_number()) {
          metrics +=
              fmt::format("{}{} {:.4g}", metrics.empty() ? "" : ", ", name, mean.get<double>());
        }
      }
      fmt::print("  {}: score {:.1f}%{}{}\n", variant["name"].get<std::string>(),
                 100 * variant.value("win_share", 0.0), metrics.empty() ? "" : "; ", metrics);
    }
    for (const OrderedJson& m : match["matches"]) {
      if (m["a"] != match["players"][0]) continue;  // the others among themselves
      fmt::print("  {} vs {}: {} ({} games)\n", m["a"].get<std::string>(),
                 m["b"].get<std::string>(), elo_text(m), m["games"].get<uint64_t>());
    }
    if (match.contains("stop") && match["stop"].contains("sprt")) {
      const OrderedJson& s = match["stop"]["sprt"];
      fmt::print(
          "  SPRT [{}, {}]: LLR {:.3f}, {}\n", s["elo0"].get<double>(), s["elo1"].get<double>(),
          s["llr"].get<double>(),
          s["verdict"].is_null() ? "undecided" : s["verdict"].get<std::string>() + " accepted");
    }
  };
  fmt::print("verification, tuned against the start point:\n");
  matches(v["head_to_head"], 2);
  if (v.contains("against")) {
    fmt::print("verification, each against the opponents on the same deals:\n");
    matches(v["against"]["tuned"], 1);
    matches(v["against"]["start"], 1);
    const OrderedJson& d = v["against"]["difference"];
    if (d["elo"].is_number()) {
      fmt::print("  tuned minus start against the opponents: Elo {}\n",
                 estimate_text(d["elo"].get<double>(), d["elo_error"].get<double>()));
    }
  }
  fmt::print("results in {}\n", where.string());
}

void interrupted(const TuneOptions& options, const StagedResults& staged, uint64_t seed,
                 const char* during) {
  fmt::print(stderr,
             "arena: interrupted during the {}; a checkpoint is in {}; continue with:\n  {}\n",
             during, staged.staging_dir().string(),
             continue_command("tune", options.config_path, staged.final_dir(), seed));
}

int tune(const TuneOptions& options, const Registry& registry) {
  RunConfig config = config_of(options, registry);
  const TuneConfig& tune = *config.tune;
  const fs::path dir = results_dir_of(options, config);
  if (options.resume) {
    if (const auto done = finished_tune(dir, config, options.seed)) {
      fmt::print(stderr, "arena: {}\n", *done);
      return 0;
    }
  }
  // Refused before anything is written: players that cannot meet, verification games.
  // --threads changes nothing but the time taken, so the config keeps its own.
  const int asked = options.threads.value_or(config.threads);
  const int threads = asked > 0 ? asked : tbb::info::default_concurrency();
  GameObjective objective(registry, config, threads, &InterruptGuard::requested());
  [[maybe_unused]] const Verification check(registry, config, start_point(tune));
  StagedResults staged(
      dir, options.resume ? StagedResults::Start::kResume : StagedResults::Start::kFresh);
  std::optional<TuneCheckpoint> resume;
  if (options.resume) {
    resume = read_tune_checkpoint(staged.staging_dir());
    if (!resume) throw InputError(staged.staging_dir().string() + ": no checkpoint");
    config.seed = resumed_seed(options.seed, resume->seed, dir);
    if (tune_identity(config, *config.seed) != resume->identity) {
      throw InputError(
          fmt::format("{}: the config changed since the tuning was interrupted; "
                      "resume with the same config and flags, or delete {}",
                      config.file, staged.staging_dir().string()));
    }
  }
  const uint64_t seed = config.seed ? *config.seed : fresh_seed();
  if (!config.seed && !options.quiet)
    fmt::print(stderr, "arena: no seed given; using {} (recorded in tune.json)\n", seed);
  const InterruptGuard guard;
  Search search(tune, seed, objective);
  TuneState state = resume ? resume->state : search.start();
  const RunClock clock(resume ? resume->wall_seconds : 0);
  Checkpoints checkpoints(staged, tune_identity(config, seed), seed, clock,
                          options.checkpoint_seconds);
  if (!run_search(search, state, objective, checkpoints, options.quiet)) {
    checkpoints.write(state);
    interrupted(options, staged, seed, "search");
    return 130;
  }
  checkpoints.write(state);  // a resume goes straight to the verification
  const Point final_point = search.result(state);
  const Verification verification(registry, config, final_point);
  Progress progress(verification.games(), Progress::style_for_stderr(options.quiet));
  const auto verified = verification.play(seed, threads, &progress, &InterruptGuard::requested());
  progress.finish();
  if (!verified) {
    interrupted(options, staged, seed, "verification");
    return 130;
  }
  const TuneRun run{seed, threads, clock.seconds(), search_games(search, objective, 0)};
  const OrderedJson results = tune_results_json(config, run, state, final_point, *verified);
  staged.write_file("tune.json", results.dump(2) + "\n");
  staged.write_file("trajectory.csv", trajectory_csv(tune, state));
  staged.write_file("config.tuned.yaml", tuned_config_yaml(config, final_point, seed));
  staged.write_file("report.html", render_tune_report(results));
  staged.commit();
  print_summary(results, staged.final_dir());
  return 0;
}

}  // namespace

int tune_command(const TuneOptions& options, const Registry& registry) {
  return exit_code_of("tune", "arena: ", [&] { return tune(options, registry); });
}

}  // namespace arena
