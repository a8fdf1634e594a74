// The runner's own cost per game, measured on a match that does no work.
//
//   build/bench/arena_bench --benchmark_filter=Runner
#include <benchmark/benchmark.h>

#include <cstdio>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"

namespace {

using namespace arena;

// A match whose games cost nothing: one seat, one metric, no decisions.
class EmptyMatch final : public Match {
 public:
  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  uint64_t game_count() const override { return 0; }  // the plan gives the count
  void play(uint64_t game, GameSink& sink, SeriesMemory* /*memory*/) const override {
    sink.add(SeatResult{0, 1, {static_cast<int64_t>(game & 63)}});
  }

 private:
  std::vector<MetricSpec> metrics_ = {{"value", "", ""}};
};

// Harness overhead per game on one thread: scheduling, stats, and (with
// Arg(1)) formatting and writing the games.csv row to /dev/null.
void BM_RunnerPerGameOverhead(benchmark::State& state) {
  const EmptyMatch match;
  const RunPlan plan{.games = 100'000, .threads = 1, .variant_names = {"v"}};
  std::FILE* sink = state.range(0) ? std::fopen("/dev/null", "wb") : nullptr;
  for (auto _ : state)
    benchmark::DoNotOptimize(run_games(match, plan, sink, nullptr));
  if (sink) std::fclose(sink);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(plan.games));
  state.counters["time_per_game"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(plan.games),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(state.range(0) ? "with games.csv rows" : "stats only");
}
BENCHMARK(BM_RunnerPerGameOverhead)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// A whole solo game of `random` through the harness (registry match, timed
// decisions, stats, rows to /dev/null), one thread.
void BM_RunnerBattleshipSoloGame(benchmark::State& state) {
  const Registry registry = make_registry();
  const RunConfig config = parse_config(
      "name: b\nengine: battleship\nseed: 1\nplayers: [{strategy: random}]\n", "bench", registry);
  const auto match = registry.find("battleship")->make_match(config, 1);
  const RunPlan plan{.games = 20'000, .threads = 1, .variant_names = {"random"}};
  std::FILE* sink = std::fopen("/dev/null", "wb");
  for (auto _ : state)
    benchmark::DoNotOptimize(run_games(*match, plan, sink, nullptr));
  std::fclose(sink);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(plan.games));
}
BENCHMARK(BM_RunnerBattleshipSoloGame)->Unit(benchmark::kMillisecond);

}  // namespace
