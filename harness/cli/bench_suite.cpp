#include "harness/cli/bench_suite.hpp"

#include <chrono>

#include <fmt/format.h>

#include "engines/core/rng.hpp"
#include "harness/adapters/seating.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

// A case: an engine's mode and rules, with every strategy of the registry as
// a player (each at its quick setting, and with `samples` at each declared
// sample too). The players are derived, so a new strategy joins every case of
// its engine and the signature changes with it.
struct BenchCase {
  const char* name;
  const char* engine;
  const char* mode;   // "" for the engine's default
  const char* rules;  // a YAML flow map
  uint64_t seed;
  uint64_t games;  // for tables: deals per table (each played in every seat order)
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
    {"battleship-duel", "battleship", "duel", "{}", 4, 10, true},
    {"chinese-checkers", "chinese-checkers", "", "{seats: 2, max_plies: 300}", 8, 1, true},
    {"chinese-checkers-6p", "chinese-checkers", "",
     "{seats: 6, max_plies: 200, neutral_zones: forbidden, win: all-own}", 9, 1, false},
    {"go-fish", "go-fish", "", "{seats: 3}", 6, 2, true},
    {"go-fish-seed-rules", "go-fish", "", "{seats: 2, preset: seed}", 7, 40, false},
    {"rooks", "rooks", "", "{n: [6, 12, 30], fort_density: 0.15}", 5, 150, true},
};

// The players of a case: "name" at its defaults, "name-2" at its second sample, ...
std::string players_yaml(const EngineSpec& engine, bool samples) {
  std::string out = "players:\n";
  for (const StrategySetting& setting : settings_of(engine.strategies, true)) {
    if (setting.sample > 0 && !samples) continue;
    const std::string name =
        setting.strategy + (setting.sample > 0 ? "-" + std::to_string(setting.sample + 1) : "");
    std::string params;
    for (const auto& [key, value] : setting.overrides)
      params += (params.empty() ? "" : ", ") + key + ": " + format_value(value);
    out +=
        "  - {name: " + name + ", strategy: " + setting.strategy + ", params: {" + params + "}}\n";
  }
  return out;
}

// The config of a case. Games at tables are whole deals: `games` deals per
// table, each in every seat order.
RunConfig config_of(const BenchCase& c, const Registry& registry) {
  const EngineSpec& engine = *registry.find(c.engine);
  std::string yaml = fmt::format("name: bench-{}\nengine: {}\nseed: {}\nrules: {}\n", c.name,
                                 c.engine, c.seed, c.rules) +
                     (c.mode[0] ? fmt::format("mode: {}\n", c.mode) : "") +
                     players_yaml(engine, c.samples);
  RunConfig config = parse_config(yaml + "games: 1\n", c.name, registry);
  uint64_t games = c.games;
  if (engine.modes.front().name == "play") {  // tables: every seat order of every deal
    const auto seats = static_cast<int>(config.rules.integer("seats"));
    const int variants = static_cast<int>(config.players.size());
    games *= Seating(variants, seats > 0 ? seats : variants, config.format).orders();
  }
  config.games = games;
  return config;
}

}  // namespace

std::vector<BenchResult> run_bench_suite(const Registry& registry, int threads) {
  std::vector<BenchResult> results;
  for (const BenchCase& c : kCases) {
    const RunConfig config = config_of(c, registry);
    const PreparedRun run = prepare_run(registry, config, *config.seed, threads);
    const auto start = std::chrono::steady_clock::now();
    const RunStats stats = run_games(*run.match, run.plan, nullptr, nullptr);
    BenchResult r{c.name, stats.games(), 0, stats.signature(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
    for (int v = 0; v < stats.variants(); ++v)
      r.decisions += stats.latency(v).count();
    results.push_back(r);
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
