#include "harness/cli/bench_suite.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "engines/core/rng.hpp"
#include "harness/adapters/seating.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

// The engine's declared cases, then one for each mode none of them plays:
// named after the engine (and the mode, when it has several), short rules.
std::vector<BenchCase> cases_of(const EngineSpec& engine) {
  std::vector<BenchCase> cases = engine.bench_cases;
  for (size_t m = 0; m < engine.modes.size(); ++m) {
    const auto mode = static_cast<int>(m);
    if (std::any_of(cases.begin(), cases.end(), [&](const auto& c) { return c.mode == mode; }))
      continue;
    std::string name = engine.name;
    if (engine.modes.size() > 1) name += "-" + engine.modes[m].name;
    cases.push_back({name, mode, engine.short_rules});
  }
  return cases;
}

// The config of `setting` in a case: it against the engine's first strategy.
// Games at tables are whole deals: `games` deals, each in every seat order.
RunConfig config_of(const BenchCase& c, const EngineSpec& engine, const StrategySetting& setting,
                    const Registry& registry) {
  const std::string yaml = fmt::format(
      "name: bench-{}\nengine: {}\nmode: {}\nseed: {}\nrules: {}\ngames: 1\n"
      "players:\n  - {{name: tested, strategy: {}, params: {}}}\n"
      "  - {{name: reference, strategy: {}}}\n",
      c.name, engine.name, engine.modes[static_cast<size_t>(c.mode)].name, c.seed,
      overrides_yaml(c.rules), setting.strategy, overrides_yaml(setting.overrides),
      engine.strategies.front().name);
  RunConfig config = parse_config(yaml, c.name, registry);
  config.games = c.games;
  if (engine.modes[static_cast<size_t>(config.mode.index)].tables) {
    const auto seats = static_cast<int>(config.rules.integer("seats"));
    config.games *= Seating(2, seats > 0 ? seats : 2, config.format).orders();
  }
  return config;
}

BenchResult play_setting(const BenchCase& c, const EngineSpec& engine,
                         const StrategySetting& setting, const Registry& registry, int threads) {
  const RunConfig config = config_of(c, engine, setting, registry);
  const PreparedRun run = prepare_run(registry, config, *config.seed, threads);
  const auto start = std::chrono::steady_clock::now();
  const RunStats stats = run_games(*run.match, run.plan, nullptr, nullptr);
  BenchResult r{c.name,
                setting_label(engine.strategies, setting),
                stats.games(),
                0,
                stats.signature(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
  for (int v = 0; v < stats.variants(); ++v)
    r.decisions += stats.latency(v).count();
  return r;
}

}  // namespace

std::vector<BenchResult> run_bench_suite(const Registry& registry, int threads) {
  std::vector<BenchResult> results;
  for (const EngineSpec& engine : registry.engines()) {
    for (const BenchCase& c : cases_of(engine)) {
      for (const StrategySetting& setting : settings_of(engine.strategies, true)) {
        if (setting.sample == 0 || c.samples)
          results.push_back(play_setting(c, engine, setting, registry, threads));
      }
    }
  }
  return results;
}

uint64_t combined_signature(const std::vector<BenchResult>& results) {
  uint64_t h = 0;
  for (const auto& r : results)
    h = splitmix64_mix(h ^ r.signature);
  return h;
}

}  // namespace arena
