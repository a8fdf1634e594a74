// Rook puzzle solvers on a random 1000 x 1000 board with 10% forts, one thread.
//
//   build/bench/arena_bench --benchmark_filter=Rooks
#include <benchmark/benchmark.h>

#include "engines/rooks/solvers.hpp"

namespace {

using namespace arena;
using namespace arena::rooks;

const Board& big_board() {
  static const Board board = [] {
    Rng rng(1000);
    return random_board(1000, 0.1, rng);
  }();
  return board;
}

// The default exact solver, from the board to the placement.
void BM_RooksExact1000(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(solve_exact(big_board()));
  state.SetLabel("1000x1000, 10% forts");
}
BENCHMARK(BM_RooksExact1000)->Unit(benchmark::kMillisecond);

// The seed's randomized algorithm: one try.
void BM_RooksSeedRandomTry1000(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state)
    benchmark::DoNotOptimize(solve_seed_random(big_board(), 1, rng));
}
BENCHMARK(BM_RooksSeedRandomTry1000)->Unit(benchmark::kMillisecond);

// Random greedy: one try (a shuffle of the open cells and one pass).
void BM_RooksRandomGreedyTry1000(benchmark::State& state) {
  const Segments segments(big_board());
  Rng rng(2);
  for (auto _ : state)
    benchmark::DoNotOptimize(solve_random_greedy(big_board(), segments, 1, rng));
}
BENCHMARK(BM_RooksRandomGreedyTry1000)->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

// The same board by each matching algorithm, for comparison.
void BM_RooksExactPothenFan1000(benchmark::State& state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(solve_exact(big_board(), MatchingAlgorithm::kPothenFan));
}
BENCHMARK(BM_RooksExactPothenFan1000)->Unit(benchmark::kMillisecond);

void BM_RooksExactAugmentingBfs1000(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(solve_exact(big_board(), MatchingAlgorithm::kAugmentingBfs));
  }
}
BENCHMARK(BM_RooksExactAugmentingBfs1000)->Unit(benchmark::kMillisecond);

void BM_RooksExactHopcroftKarp1000(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(solve_exact(big_board(), MatchingAlgorithm::kHopcroftKarp));
  }
}
BENCHMARK(BM_RooksExactHopcroftKarp1000)->Unit(benchmark::kMillisecond);

}  // namespace
