// Chinese Checkers: perft, decision costs of every strategy at the opening,
// random-play throughput. Single-threaded.
//
//   build/bench/arena_bench --benchmark_filter=Cc
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "engines/chinese_checkers/game.hpp"
#include "engines/chinese_checkers/perft.hpp"

namespace {

using namespace arena;
using namespace arena::chinese_checkers;

// The first 20 positions of a fixed game between two seed-greedy players
// (2 players): the "opening" the decision benchmarks are measured over.
const std::vector<State>& opening_positions() {
  static const std::vector<State> kPositions = [] {
    std::vector<State> out;
    State s = State::initial(Rules{});
    GreedyPlayer greedy;
    Rng rng(2024);
    for (int i = 0; i < 20; ++i) {
      out.push_back(s);
      s.apply(greedy.choose(s, rng));
    }
    return out;
  }();
  return kPositions;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Times `decide(position)` once per opening position per iteration, and
// reports the median and maximum over the positions (of each position's
// fastest run) in milliseconds.
template <class Decide>
void over_openings(benchmark::State& state, Decide&& decide) {
  const auto& positions = opening_positions();
  std::vector<double> best(positions.size(), 1e300);
  for (auto _ : state)
    for (size_t i = 0; i < positions.size(); ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(decide(positions[i]));
      const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - t0;
      best[i] = std::min(best[i], ms.count());
    }
  state.counters["median_ms"] = median(best);
  state.counters["max_ms"] = *std::max_element(best.begin(), best.end());
  state.counters["positions"] = static_cast<double>(positions.size());
}

void BM_CcPerft5(benchmark::State& state) {
  const Rules rules;
  uint64_t nodes = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(nodes = perft(rules, 5));
  state.counters["perft5"] = static_cast<double>(nodes);
}
BENCHMARK(BM_CcPerft5)->Unit(benchmark::kMillisecond);

void BM_CcMoveGenMidgame(benchmark::State& state) {
  const State& s = opening_positions().back();
  MoveList moves;
  for (auto _ : state) {
    generate_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  state.counters["moves"] = moves.size();
}
BENCHMARK(BM_CcMoveGenMidgame);

// One greedy decision at the initial position (seed evaluation, the default).
void BM_CcGreedyOpening(benchmark::State& state) {
  const State s = State::initial(Rules{});
  GreedyParams params;
  params.eval = state.range(0) ? Eval::kProgress : Eval::kSeed;
  const GreedyPlayer greedy(params);
  Rng rng(1);
  for (auto _ : state)
    benchmark::DoNotOptimize(greedy.choose(s, rng));
  state.SetLabel(state.range(0) ? "eval: progress" : "eval: seed");
}
BENCHMARK(BM_CcGreedyOpening)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_CcGreedyOverOpenings(benchmark::State& state) {
  const GreedyPlayer greedy;
  Rng rng(1);
  over_openings(state, [&](const State& s) { return greedy.choose(s, rng); });
}
BENCHMARK(BM_CcGreedyOverOpenings)->Unit(benchmark::kMicrosecond);

void BM_CcMinimax2Opening(benchmark::State& state) {
  MinimaxParams params;
  params.scoring = state.range(0) ? Scoring::kSeed : Scoring::kNegamax;
  params.eval = state.range(0) ? Eval::kSeed : Eval::kProgress;
  MinimaxPlayer minimax(params);
  Rng rng(1);
  over_openings(state, [&](const State& s) { return minimax.choose(s, rng); });
  state.SetLabel(state.range(0) ? "scoring: seed, eval: seed" : "scoring: negamax, eval: progress");
}
BENCHMARK(BM_CcMinimax2Opening)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Alpha-beta depth 4 over the openings, a cold table per decision (cleared
// outside the timing): median and max per position.
void BM_CcAlphaBeta4Opening(benchmark::State& state) {
  AlphaBetaPlayer alphabeta;
  Rng rng(1);
  alphabeta.choose(State::initial(Rules{}), rng);
  const auto& positions = opening_positions();
  std::vector<double> best(positions.size(), 1e300);
  uint64_t nodes = 0;
  for (auto _ : state)
    for (size_t i = 0; i < positions.size(); ++i) {
      state.PauseTiming();
      alphabeta.clear_table();
      state.ResumeTiming();
      const auto t0 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(alphabeta.choose(positions[i], rng));
      const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - t0;
      best[i] = std::min(best[i], ms.count());
      nodes += alphabeta.nodes();
    }
  state.counters["median_ms"] = median(best);
  state.counters["max_ms"] = *std::max_element(best.begin(), best.end());
  state.counters["nodes_per_decision"] =
      static_cast<double>(nodes) / static_cast<double>(state.iterations() * positions.size());
}
BENCHMARK(BM_CcAlphaBeta4Opening)->Unit(benchmark::kMillisecond);

void BM_CcMctsDecision(benchmark::State& state) {
  MctsParams params;
  params.playout = state.range(0) ? Playout::kRandom : Playout::kGreedyBiased;
  MctsPlayer mcts(params);
  Rng rng(1);
  const State s = opening_positions()[10];
  for (auto _ : state)
    benchmark::DoNotOptimize(mcts.choose(s, rng));
  state.SetLabel(state.range(0) ? "1000 iterations, random playouts"
                                : "1000 iterations, greedy-biased playouts");
}
BENCHMARK(BM_CcMctsDecision)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Whole random 2-player games (1000 plies each, they rarely finish); items
// are moves, so items_per_second is random moves per second.
void BM_CcRandomMoves(benchmark::State& state) {
  Rules rules;
  rules.players = static_cast<int>(state.range(0));
  Rng rng(3);
  int64_t moves = 0;
  for (auto _ : state) {
    State s = State::initial(rules);
    Move m;
    while (!s.game_over()) {
      if (!try_random_move(s, rng, m)) {
        s.pass();
        continue;
      }
      s.apply(m);
      ++moves;
    }
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_CcRandomMoves)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

// The same through play_game with two RandomPlayers, as the harness runs it
// (pass detection and a legality check per move included).
void BM_CcRandomGame(benchmark::State& state) {
  const Rules rules;
  std::vector<AnyPlayer> seats = {RandomPlayer{}, RandomPlayer{}};
  std::vector<Rng> rngs = {Rng(4), Rng(5)};
  const std::vector<int> who = {0, 1};
  NullTimer timer;
  int64_t plies = 0;
  for (auto _ : state)
    plies +=
        play_game(rules, std::span(seats), std::span(rngs), timer, std::span<const int>(who)).plies;
  state.SetItemsProcessed(plies);
}
BENCHMARK(BM_CcRandomGame)->Unit(benchmark::kMillisecond);

}  // namespace
