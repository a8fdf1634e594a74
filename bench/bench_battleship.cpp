// Battleship decision and game costs, single-threaded.
//
//   build/bench/arena_bench --benchmark_filter=Battleship
#include <benchmark/benchmark.h>

#include "engines/battleship/solo.hpp"
#include "engines/battleship/strategies.hpp"
#include "harness/config/params.hpp"
#include "harness/registry/match.hpp"

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
  std::vector<LatencyHistogram> latency(kMaxPhases);
  LatencyRecorder timer(latency);
  solo_games(state, timer);
}
BENCHMARK(BM_BattleshipSoloGameRandomTimed);

// Every decision timed, as before decisions were timed by sample.
void BM_BattleshipSoloGameRandomTimedAll(benchmark::State& state) {
  std::vector<LatencyHistogram> latency(kMaxPhases);
  LatencyRecorder timer(latency, 0, 1);
  solo_games(state, timer);
}
BENCHMARK(BM_BattleshipSoloGameRandomTimedAll);

// As most games of cheap decisions are played in a run: with the recorder's
// CountingTimer (each decision counted and signed, none timed).
void BM_BattleshipSoloGameRandomCounted(benchmark::State& state) {
  std::vector<LatencyHistogram> latency(kMaxPhases);
  LatencyRecorder recorder(latency);
  CountingTimer timer(recorder);
  solo_games(state, timer);
}
BENCHMARK(BM_BattleshipSoloGameRandomCounted);

// No timing: only the signature's fold of who decided what (the part of the
// recorder that no sampling removes).
struct SignatureOnlyTimer {
  uint64_t signature = 0;
  template <class F>
  decltype(auto) decide(int seat, int /*phase*/, F&& f) {
    auto choice = f();
    fold_move(signature, seat, choice);
    return choice;
  }
};
void BM_BattleshipSoloGameRandomSignatureOnly(benchmark::State& state) {
  SignatureOnlyTimer timer;
  solo_games(state, timer);
  benchmark::DoNotOptimize(timer.signature);
}
BENCHMARK(BM_BattleshipSoloGameRandomSignatureOnly);

}  // namespace

namespace {

// The decision at the opening position (empty board). choose() changes no
// knowledge (only observe() does), so every iteration decides the opening anew.
void BM_BattleshipDensityOpeningDecision(benchmark::State& state) {
  const Rules rules;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  DensityShooter shooter(tables, {});
  Rng rng(5);
  for (auto _ : state)
    benchmark::DoNotOptimize(shooter.choose(rng));
}
BENCHMARK(BM_BattleshipDensityOpeningDecision);

// Whole solo games (untimed), one per iteration: BM_BattleshipSoloGame/<setting>
// for every strategy at its defaults and at each sample.
void whole_games(benchmark::State& state, const StrategySetting& setting) {
  const Rules rules;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  NullTimer timer;
  const Strategies::Bound bound = Strategies::bind_defaults(setting.strategy, setting.overrides);
  uint64_t game = 0;
  for (auto _ : state) {
    Rng environment(derive_seed(3, 0, game, Purpose::kEnvironment));
    Rng rng(derive_seed(3, 0, game++, player_purpose(0)));
    AnyShooter shooter = Strategies::make(bound, ShooterContext{tables});
    const Ocean ocean(rules, sample_uniform_layout(table, environment));
    benchmark::DoNotOptimize(
        std::visit([&](auto& s) { return play_solo(rules, ocean, s, rng, timer, 0); }, shooter));
  }
  state.SetItemsProcessed(state.iterations());
}

const bool kWholeGames = [] {
  const auto infos = Strategies::infos();
  for (const StrategySetting& setting : settings_of(infos, false)) {
    benchmark::RegisterBenchmark(
        ("BM_BattleshipSoloGame/" + setting_label(infos, setting)).c_str(),
        [setting](benchmark::State& state) { whole_games(state, setting); })
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

// Monte Carlo with `samples` per decision: whole solo games, with the cost
// of one kept sample (time / samples kept) and the share of drawn samples kept.
void solo_games_monte_carlo(benchmark::State& state, Touching touching) {
  Rules rules;
  rules.touching = touching;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  NullTimer timer;
  const MonteCarloParams params{static_cast<int>(state.range(0)), TieBreak::kRandom};
  uint64_t game = 0, kept = 0, drawn = 0;
  for (auto _ : state) {
    Rng environment(derive_seed(3, 0, game, Purpose::kEnvironment));
    Rng rng(derive_seed(3, 0, game++, player_purpose(0)));
    MonteCarloShooter shooter(tables, params);
    const Ocean ocean(rules, sample_uniform_layout(table, environment));
    benchmark::DoNotOptimize(play_solo(rules, ocean, shooter, rng, timer, 0));
    kept += shooter.samples_kept();
    drawn += shooter.samples_drawn();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["time_per_kept_sample"] = benchmark::Counter(
      static_cast<double>(kept), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["kept_share"] = static_cast<double>(kept) / static_cast<double>(drawn);
}
void BM_BattleshipSoloGameMonteCarlo(benchmark::State& state) {
  solo_games_monte_carlo(state, Touching::kAllowed);
}
BENCHMARK(BM_BattleshipSoloGameMonteCarlo)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);
// The same under the no-touch rule (overlaps tested against halos).
void BM_BattleshipSoloGameMonteCarloNoTouch(benchmark::State& state) {
  solo_games_monte_carlo(state, Touching::kForbidden);
}
BENCHMARK(BM_BattleshipSoloGameMonteCarloNoTouch)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace
