// One decision of every Battleship strategy (every setting it declares) at a
// fixed list of recorded positions: the opening (empty board), the middle and the endgame of one
// recorded game, the same positions for every strategy.
//
//   build/bench/arena_bench --benchmark_filter=BattleshipDecision
//
// A position is reached by replaying the recorded shots into the strategy
// (observe()), so each strategy holds the knowledge it would hold there.
// choose() may change a strategy (hunt-target pops its stack), so each timed
// decision runs on a fresh copy of the position; copies are made in batches
// outside the timed region.
#include <benchmark/benchmark.h>

#include <vector>

#include "engines/battleship/strategies.hpp"
#include "harness/config/params.hpp"

namespace {

using namespace arena;
using namespace arena::battleship;

struct RecordedGame {
  Rules rules;
  PlacementTable placements{rules};
  DensityTables tables{placements};
  Layout layout;
  std::vector<int> shots;  // every shot of a parity hunt-target game, in order
};

// The game the positions come from: seed fixed, so the positions never change.
const RecordedGame& recorded_game() {
  static const RecordedGame game = [] {
    RecordedGame g;
    Rng environment(derive_seed(2026, 0, 0, Purpose::kEnvironment));
    g.layout = sample_uniform_layout(g.placements, environment);
    Ocean ocean(g.rules, g.layout);
    HuntTargetShooter shooter(g.rules, {true, ParityStep::kTwo});
    Rng rng(derive_seed(2026, 0, 0, player_purpose(0)));
    while (!ocean.fleet_sunk()) {
      const int cell = shooter.choose(rng);
      shooter.observe(cell, ocean.shoot(cell));
      g.shots.push_back(cell);
    }
    return g;
  }();
  return game;
}

// Shots fired before the position: opening 0, middle half the game, endgame
// three shots before the last.
size_t shots_before(int position) {
  const size_t total = recorded_game().shots.size();
  return position == 0 ? 0 : (position == 1 ? total / 2 : total - 3);
}

const char* position_name(int position) {
  return position == 0 ? "opening" : (position == 1 ? "middle" : "endgame");
}

template <class Shooter>
Shooter at_position(Shooter shooter, int position) {
  const RecordedGame& g = recorded_game();
  Ocean ocean(g.rules, g.layout);
  for (size_t i = 0; i < shots_before(position); ++i)
    shooter.observe(g.shots[i], ocean.shoot(g.shots[i]));
  return shooter;
}

template <class Shooter>
void time_decisions(benchmark::State& state, const Shooter& position) {
  constexpr size_t kBatch = 64;
  std::vector<Shooter> copies(kBatch, position);
  size_t next = 0;
  Rng rng(9);
  for (auto _ : state) {
    if (next == kBatch) {
      state.PauseTiming();
      std::fill(copies.begin(), copies.end(), position);
      next = 0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(copies[next++].choose(rng));
  }
  const int at = static_cast<int>(state.range(0));
  state.SetLabel(std::string(position_name(at)) + ", " + std::to_string(shots_before(at)) +
                 " shots fired");
}

// BM_BattleshipDecision/<setting>/<position> for every strategy at its
// defaults and at each sample.
const bool kRegistered = [] {
  const auto infos = Strategies::infos();
  for (const StrategySetting& setting : settings_of(infos, false)) {
    benchmark::RegisterBenchmark(
        ("BM_BattleshipDecision/" + setting_label(infos, setting)).c_str(),
        [setting](benchmark::State& state) {
          const RecordedGame& g = recorded_game();
          const AnyShooter shooter = Strategies::make_default(setting.strategy, setting.overrides,
                                                              ShooterContext{g.tables});
          std::visit(
              [&](const auto& s) {
                time_decisions(state, at_position(s, static_cast<int>(state.range(0))));
              },
              shooter);
        })
        ->DenseRange(0, 2)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
