#include "harness/cli/bench_suite.hpp"

#include <chrono>

#include <fmt/format.h>

#include "engines/core/rng.hpp"
#include "harness/adapters/seating.hpp"
#include "harness/config/config.hpp"
#include "harness/config/params.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

// A case: an engine's mode and rules. Every strategy setting of the engine
// (each strategy at its quick setting, and with `samples` at each declared
// sample too) plays the case on its own against the engine's first strategy,
// so each setting has its own signature: a new strategy adds rows and leaves
// the others' signatures as they were.
struct BenchCase {
  const char* name;
  const char* engine;
  const char* mode;   // "" for the engine's default
  const char* rules;  // a YAML flow map
  uint64_t seed;
  uint64_t games;  // for tables: deals (each played in every seat order)
  bool samples;
};

// Small enough to run in seconds, varied enough to exercise every strategy,
// both touching rules, defenders, series, duels, Chinese Checkers in pairs and
// at a six-seat table, Go Fish at rotated tables and under the seed's rules,
// and every rooks solver.
const BenchCase kCases[] = {
    {"battleship-solo", "battleship", "solo", "{}", 1, 300, true},
    {"battleship-no-touch-defenders", "battleship", "solo",
     "{touching: forbidden, placement: seed-sequential}", 2, 100, false},
    {"battleship-learned", "battleship", "solo", "{placement: edges, series_length: 20}", 3, 200,
     true},
    {"battleship-duel", "battleship", "duel", "{}", 4, 20, true},
    {"chinese-checkers", "chinese-checkers", "", "{seats: 2, max_plies: 300}", 8, 2, true},
    {"chinese-checkers-6p", "chinese-checkers", "",
     "{seats: 6, max_plies: 200, neutral_zones: forbidden, win: all-own}", 9, 1, false},
    {"go-fish", "go-fish", "", "{seats: 3}", 6, 20, true},
    {"go-fish-seed-rules", "go-fish", "", "{seats: 2, preset: seed}", 7, 100, false},
    {"rooks", "rooks", "", "{n: [6, 12, 30], fort_density: 0.15}", 5, 150, true},
};

std::string params_yaml(const ParamOverrides& overrides) {
  std::string params;
  for (const auto& [key, value] : overrides)
    params += (params.empty() ? "" : ", ") + key + ": " + format_value(value);
  return "{" + params + "}";
}

// The config of `setting` in a case: it against the engine's first strategy.
// Games at tables are whole deals: `games` deals, each in every seat order.
RunConfig config_of(const BenchCase& c, const EngineSpec& engine, const StrategySetting& setting,
                    const Registry& registry) {
  const std::string yaml =
      fmt::format("name: bench-{}\nengine: {}\nseed: {}\nrules: {}\ngames: 1\n", c.name, c.engine,
                  c.seed, c.rules) +
      (c.mode[0] ? fmt::format("mode: {}\n", c.mode) : "") +
      fmt::format(
          "players:\n  - {{name: tested, strategy: {}, params: {}}}\n"
          "  - {{name: reference, strategy: {}}}\n",
          setting.strategy, params_yaml(setting.overrides), engine.strategies.front().name);
  RunConfig config = parse_config(yaml, c.name, registry);
  config.games = c.games;
  if (engine.modes[static_cast<size_t>(config.mode.index)]
          .tables) {  // tables: every seat order of every deal
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
  for (const BenchCase& c : kCases) {
    const EngineSpec& engine = *registry.find(c.engine);
    for (const StrategySetting& setting : settings_of(engine.strategies, true)) {
      if (setting.sample == 0 || c.samples)
        results.push_back(play_setting(c, engine, setting, registry, threads));
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
