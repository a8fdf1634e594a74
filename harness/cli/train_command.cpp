// `arena train`: load -> start or resume -> generations with checkpoints ->
// policy, train.json, learning_curve.csv, report.html, config.trained.yaml.
#include "harness/cli/train_command.hpp"

#include <chrono>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include "harness/cli/exit_code.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/cli/resume.hpp"
#include "harness/config/resolved.hpp"
#include "harness/output/append_file.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/runner/progress.hpp"
#include "harness/train/train_output.hpp"
#include "harness/train/trainer.hpp"

namespace arena {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// Checkpoints of another version cannot be continued.
constexpr int kTrainCheckpointVersion = 1;

// The settings that decide what is learnt, as config.resolved.yaml holds
// them: the config with every default, the seed, no thread count and no
// checkpoint period (neither changes a bit of the result).
std::string identity(const TrainConfig& config, uint64_t seed) {
  RunConfig run = config.run;
  run.threads = 0;
  return resolved_yaml(run, seed) + resolved_train_yaml(config, false);
}

struct Started {
  uint64_t seed = 0;
  TrainState state;
  double wall_seconds = 0;  // before this process
};

void write_checkpoint(const StagedResults& staged, const std::string& config_identity,
                      const Started& run, const TrainState& state, double wall_seconds) {
  const Json j{{"version", kTrainCheckpointVersion}, {"kind", "train"},
               {"config", config_identity},          {"seed", run.seed},
               {"wall_seconds", wall_seconds},       {"state", state.to_json()}};
  const std::string temp = std::string(kCheckpointName) + ".tmp";
  staged.write_file(temp, j.dump());  // flushed to disk, then swapped in whole
  fs::rename(staged.path(temp), staged.path(kCheckpointName));
}

// The interrupted training in `staged`, checked against the config given now.
Started resume_from(const StagedResults& staged, TrainConfig& config,
                    std::optional<uint64_t> given_seed) {
  const fs::path file = staged.path(kCheckpointName);
  Json j;
  try {
    j = Json::parse(file_bytes(file));
    if (j.value("version", 0) != kTrainCheckpointVersion || j.value("kind", "") != "train")
      throw InputError(file.string() + ": not a checkpoint of this version of arena train");
    Started s;
    s.seed = j.at("seed").get<uint64_t>();
    config.run.seed = resumed_seed(given_seed, s.seed, staged.final_dir());
    if (identity(config, *config.run.seed) != j.at("config").get<std::string>()) {
      throw InputError(fmt::format(
          "{}: the config changed since training was interrupted; resume with the same config "
          "and flags, or delete {} to start again",
          config.run.file, staged.staging_dir().string()));
    }
    s.state = TrainState::from_json(j.at("state"));
    s.wall_seconds = j.at("wall_seconds").get<double>();
    return s;
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a checkpoint arena wrote: {}", file.string(), e.what()));
  } catch (const std::invalid_argument& e) {
    throw InputError(fmt::format("{}: {}", file.string(), e.what()));
  }
}

// When `dir` holds finished training of this config: the line that says so.
// (A seed not given is the finished training's own, as for a resume.)
std::optional<std::string> finished(const fs::path& dir, const TrainConfig& config,
                                    std::optional<uint64_t> given_seed) {
  std::error_code ec;
  if (fs::exists(staging_dir_for(dir) / kCheckpointName, ec)) return std::nullopt;
  if (!fs::exists(dir / kTrainJson, ec) || !fs::exists(dir / "config.resolved.yaml", ec))
    return std::nullopt;
  try {
    const Json train = Json::parse(file_bytes(dir / kTrainJson));
    if (!train.value("complete", false)) return std::nullopt;
    const std::string resolved = file_bytes(dir / "config.resolved.yaml");
    const uint64_t seed = given_seed ? *given_seed : YAML::Load(resolved)["seed"].as<uint64_t>();
    if (identity(config, seed) != resolved) {
      throw InputError(fmt::format(
          "{}: holds finished training of a different config; run without --resume to replace "
          "it, or give another --out",
          dir.string()));
    }
    return fmt::format("{}: training is already complete ({} games); nothing to resume",
                       dir.string(), train.value("games", uint64_t{0}));
  } catch (const Json::exception&) {
    return std::nullopt;
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

void print_final(const Json& train, const fs::path& where) {
  fmt::print("{}: {} training games, {} Q-learning steps\n", train["name"].get<std::string>(),
             train["games"].get<uint64_t>(), train["updates"].get<uint64_t>());
  for (size_t i = 0; i < train["trained"].size(); ++i) {
    const Json& before = train["untrained"][i];
    const Json& after = train["trained"][i];
    fmt::print("  against {:<12} win share {:5.1f}% (95% {:.1f}-{:.1f}%), untrained {:.1f}%\n",
               after["opponent"].get<std::string>(), 100 * after["win_share"].get<double>(),
               100 * after["win_share_ci95"][0].get<double>(),
               100 * after["win_share_ci95"][1].get<double>(),
               100 * before["win_share"].get<double>());
  }
  fmt::print("results in {}\n", where.string());
}

// The results of training so far, into the staging folder.
Json write_results(const StagedResults& staged, const TrainConfig& config, const Started& run,
                   const TrainState& state, bool complete, const TrainTiming& timing) {
  const Json train = train_json(config, run.seed, state, complete, timing);
  staged.write_file(kPolicyFile, policy_json(config, run.seed, state));
  staged.write_file(kTrainJson, train.dump(2) + "\n");
  staged.write_file(kCurveCsv, curve_csv(config, state));
  staged.write_file(kTrainedConfig, trained_config_yaml(config, run.seed));
  staged.write_file("report.html", render_train_report(train));
  return train;
}

int train(const TrainOptions& options, const Registry& registry) {
  TrainConfig config = load_train_config(options.config_path, registry);
  if (options.seed) config.run.seed = *options.seed;
  const int threads = options.threads.value_or(config.run.threads);
  const fs::path dir = options.out ? fs::path(*options.out) : fs::path("results") / config.run.name;
  if (options.resume) {
    if (const auto done = finished(dir, config, options.seed)) {
      fmt::print(stderr, "arena: {}\n", *done);
      return 0;
    }
  }
  StagedResults staged(
      dir, options.resume ? StagedResults::Start::kResume : StagedResults::Start::kFresh);
  Started run = options.resume ? resume_from(staged, config, options.seed) : Started{};
  if (!options.resume) run.seed = config.run.seed ? *config.run.seed : fresh_seed();
  const std::string config_identity = identity(config, run.seed);
  staged.write_file("config.resolved.yaml", config_identity);
  const Trainer trainer(config, run.seed, threads);
  if (!options.resume) {
    run.state = trainer.initial_state();
    write_checkpoint(staged, config_identity, run, run.state, 0);
  }
  const auto start = std::chrono::steady_clock::now();
  const auto wall = [&] {
    return run.wall_seconds +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  TrainState& state = run.state;
  Progress progress(config.games, Progress::style_for_stderr(options.quiet));
  progress.add(state.next_game);
  const InterruptGuard guard;
  double last_checkpoint = 0;
  while (!trainer.done(state) && !InterruptGuard::requested()) {
    trainer.advance(state, &progress);
    if (wall() - last_checkpoint >= config.checkpoint_seconds && !trainer.done(state)) {
      write_checkpoint(staged, config_identity, run, state, wall());
      last_checkpoint = wall();
    }
  }
  progress.finish();
  const TrainTiming timing{trainer.threads(), wall()};
  const bool complete = trainer.done(state);
  if (!complete) {
    write_checkpoint(staged, config_identity, run, state, wall());
    write_results(staged, config, run, state, false, timing);
    fmt::print(stderr,
               "arena: interrupted after {} of {} training games; a checkpoint and partial "
               "results are in {}; continue with:\n  {}\n",
               state.next_game, config.games, staged.staging_dir().string(),
               continue_command("train", options.config_path, staged.final_dir(), run.seed));
    return 130;
  }
  const Json train = write_results(staged, config, run, state, true, timing);
  staged.commit();
  print_final(train, staged.final_dir());
  return 0;
}

}  // namespace

int train_command(const TrainOptions& options, const Registry& registry) {
  return exit_code_of("training", "arena: ", [&] { return train(options, registry); });
}

}  // namespace arena
