// Battleship decision and game costs, single-threaded.
//
//   build/bench/arena_bench --benchmark_filter=Battleship
#include <benchmark/benchmark.h>

#include "engines/battleship/random_shooter.hpp"
#include "engines/battleship/solo.hpp"
#include "harness/runner/game_record.hpp"

namespace {

using namespace arena;
using namespace arena::battleship;

// One `random` decision, averaged over the 100 decisions of a whole board
// (the shooter is rebuilt every 100, which is counted in).
void BM_BattleshipRandomDecision(benchmark::State& state) {
  const Rules rules;
  const RandomShooter fresh(rules);
  Rng rng(1);
  for (auto _ : state) {
    RandomShooter shooter = fresh;
    for (int i = 0; i < 100; ++i)
      benchmark::DoNotOptimize(shooter.choose(rng));
  }
  state.SetItemsProcessed(state.iterations() * 100);
  state.counters["time_per_decision"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * 100,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BattleshipRandomDecision);

// Drawing one uniform fleet layout (standard fleet), by touching rule.
void BM_BattleshipLayout(benchmark::State& state) {
  Rules rules;
  rules.touching = state.range(0) ? Touching::kForbidden : Touching::kAllowed;
  const PlacementTable table(rules);
  Rng rng(2);
  for (auto _ : state)
    benchmark::DoNotOptimize(sample_uniform_layout(table, rng));
  state.SetLabel(state.range(0) ? "touching: forbidden" : "touching: allowed");
}
BENCHMARK(BM_BattleshipLayout)->Arg(0)->Arg(1);

// Whole solo games of `random` (layout, ocean, about 95 shots) with `timer`
// around every decision.
template <class Timer>
void solo_games(benchmark::State& state, Timer& timer) {
  const Rules rules;
  const PlacementTable table(rules);
  uint64_t game = 0;
  for (auto _ : state) {
    Rng environment(derive_seed(3, 0, game, Purpose::kEnvironment));
    Rng rng(derive_seed(3, 0, game++, player_purpose(0)));
    RandomShooter shooter(rules);
    const Ocean ocean(rules, sample_uniform_layout(table, environment));
    benchmark::DoNotOptimize(play_solo(rules, ocean, shooter, rng, timer, 0));
  }
  state.SetItemsProcessed(state.iterations());
}

// Untimed: the engine's own cost.
void BM_BattleshipSoloGameRandom(benchmark::State& state) {
  NullTimer timer;
  solo_games(state, timer);
}
BENCHMARK(BM_BattleshipSoloGameRandom);

// Every decision timed by the harness's steady-clock recorder, as in a run.
void BM_BattleshipSoloGameRandomTimed(benchmark::State& state) {
  std::vector<LatencyHistogram> latency(1);
  LatencyRecorder timer(latency);
  solo_games(state, timer);
}
BENCHMARK(BM_BattleshipSoloGameRandomTimed);

}  // namespace
