// Go Fish game costs, single-threaded.
//
//   build/bench/arena_bench --benchmark_filter=GoFish
//
// BM_GoFishRandom2p: whole 2-player games of `random` (deal included);
// items_per_second is games per second (the target: 300,000 per core).
// BM_GoFishGame/<setting>: for every strategy setting, whole 3-player games with the strategy in
// every seat; items_per_second is games per second, ns_per_decision the whole cost (engine and
// broadcasts included) divided by the asks made.
#include <benchmark/benchmark.h>

#include <array>
#include <string>
#include <string_view>

#include "engines/go_fish/play.hpp"
#include "harness/config/params.hpp"

namespace {

using namespace arena;
using namespace arena::go_fish;

// A NullTimer that counts decisions.
struct CountingTimer {
  int64_t decisions = 0;
  template <class F>
  decltype(auto) decide(int /*seat*/, F&& f) {
    ++decisions;
    return f();
  }
};

void run_games(benchmark::State& state, const Rules& rules, const AnyPlayer& fresh) {
  std::array<AnyPlayer, kMaxPlayers> seats;
  std::array<Rng, kMaxPlayers> rngs{Rng(0), Rng(0), Rng(0), Rng(0), Rng(0),
                                    Rng(0), Rng(0), Rng(0), Rng(0), Rng(0)};
  const std::array<int, kMaxPlayers> who{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const auto n = static_cast<size_t>(rules.players);
  CountingTimer timer;
  uint64_t game = 0;
  int64_t books = 0;
  for (auto _ : state) {
    Rng deal(derive_seed(5, 0, game, Purpose::kEnvironment));
    for (size_t s = 0; s < n; ++s) {
      seats[s] = fresh;
      rngs[s] = Rng(derive_seed(5, 0, game, player_purpose(s)));
    }
    ++game;
    const GameResult result = play_game(rules, std::span(seats.data(), n), deal,
                                        std::span(rngs.data(), n), timer, std::span(who.data(), n));
    books += result.books[0];
  }
  benchmark::DoNotOptimize(books);
  state.SetItemsProcessed(state.iterations());
  state.counters["asks_per_game"] =
      static_cast<double>(timer.decisions) / static_cast<double>(state.iterations());
  state.counters["ns_per_decision"] =
      benchmark::Counter(static_cast<double>(timer.decisions) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_GoFishRandom2p(benchmark::State& state) {
  Rules rules;
  rules.players = 2;
  run_games(state, rules, RandomPlayer{});
}
BENCHMARK(BM_GoFishRandom2p);

// Every strategy of the list at every setting it declares (BM_GoFishGame/seed-memory).
const bool kGameBenchmarks = [] {
  const auto infos = Strategies::infos();
  for (const StrategySetting& setting : settings_of(infos, false))
    benchmark::RegisterBenchmark(
        ("BM_GoFishGame/" + setting_label(infos, setting)).c_str(),
        [setting](benchmark::State& state) {
          Rules rules;
          rules.players = 3;
          run_games(state, rules, Strategies::make_default(setting.strategy, setting.overrides));
        });
  return true;
}();

}  // namespace
