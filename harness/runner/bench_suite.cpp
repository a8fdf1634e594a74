#include "harness/runner/bench_suite.hpp"

#include <chrono>

#include "engines/core/rng.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

struct BenchCase {
  const char* name;
  const char* yaml;
};

// Small enough to run in seconds, varied enough to exercise every strategy,
// both touching rules, defenders, series, duels, every Chinese Checkers
// strategy in pairs and at a six-seat table, every Go Fish strategy at
// rotated tables and under the seed's rules, and every rooks solver.
const BenchCase kCases[] = {
    {"battleship-solo", R"(name: bench-solo
engine: battleship
seed: 1
games: 300
players:
  - {name: random, strategy: random}
  - {name: hunt-target, strategy: hunt-target}
  - {name: parity, strategy: hunt-target, params: {parity: true, parity_step: smallest-afloat}}
  - {name: density, strategy: density}
  - {name: checkerboard, strategy: density, params: {checkerboard_weight: 1.5}}
  - {name: seed-density, strategy: seed-density}
  - {name: monte-carlo, strategy: monte-carlo, params: {samples: 20}}
)"},
    {"battleship-no-touch-defenders", R"(name: bench-defenders
engine: battleship
seed: 2
games: 200
rules: {touching: forbidden, placement: seed-sequential}
players:
  - {name: density, strategy: density}
  - {name: monte-carlo, strategy: monte-carlo, params: {samples: 20}}
)"},
    {"battleship-learned", R"(name: bench-learned
engine: battleship
seed: 3
games: 200
rules: {placement: edges, series_length: 20}
players:
  - {name: learned, strategy: density, params: {prior: learned}}
)"},
    {"battleship-duel", R"(name: bench-duel
engine: battleship
seed: 4
games: 200
mode: duel
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
  - {name: random, strategy: random}
)"},
    {"chinese-checkers", R"(name: bench-chinese-checkers
engine: chinese-checkers
seed: 8
games: 2
rules: {seats: 2, max_plies: 300}
players:
  - {name: random, strategy: random}
  - {name: greedy-seed, strategy: greedy}
  - {name: greedy-progress, strategy: greedy, params: {eval: progress}}
  - {name: minimax-seed, strategy: minimax, params: {depth: 2, scoring: seed, eval: seed}}
  - {name: alphabeta, strategy: alphabeta, params: {depth: 3, tt_mb: 1}}
  - {name: mcts, strategy: mcts, params: {iterations: 100, playout: random}}
)"},
    {"chinese-checkers-6p", R"(name: bench-chinese-checkers-6p
engine: chinese-checkers
seed: 9
games: 20
rules: {seats: 6, max_plies: 200, neutral_zones: forbidden, win: all-own}
players:
  - {name: greedy, strategy: greedy, params: {eval: progress}}
  - {name: minimax, strategy: minimax, params: {depth: 1}}
)"},
    {"go-fish", R"(name: bench-go-fish
engine: go-fish
seed: 6
games: 60
rules: {seats: 3}
players:
  - {name: random, strategy: random}
  - {name: memory, strategy: memory}
  - {name: belief, strategy: belief}
  - {name: seed-memory, strategy: seed-memory}
  - {name: counting, strategy: counting}
)"},
    {"go-fish-seed-rules", R"(name: bench-go-fish-seed
engine: go-fish
seed: 7
games: 400
rules: {seats: 2, preset: seed}
players:
  - {name: seed-memory, strategy: seed-memory}
  - {name: fixed, strategy: seed-memory, params: {faithful: false}}
)"},
    {"rooks", R"(name: bench-rooks
engine: rooks
seed: 5
games: 150
rules: {n: [6, 12, 30], fort_density: 0.15}
players:
  - {name: seed-random, strategy: seed-random, params: {tries: 5}}
  - {name: random-greedy, strategy: random-greedy, params: {tries: 5}}
  - {name: exact, strategy: exact}
  - {name: hopcroft-karp, strategy: exact, params: {algorithm: hopcroft-karp}}
)"},
};

}  // namespace

std::vector<BenchResult> run_bench_suite(const Registry& registry, int threads) {
  std::vector<BenchResult> results;
  for (const BenchCase& c : kCases) {
    const RunConfig config = parse_config(c.yaml, c.name, registry);
    const auto match = registry.find(config.engine)->make_match(config, *config.seed);
    RunPlan plan{.games = match->game_count(), .threads = threads};
    for (const auto& p : config.players)
      plan.variant_names.push_back(p.name);
    const auto start = std::chrono::steady_clock::now();
    const RunStats stats = run_games(*match, plan, nullptr, nullptr);
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
