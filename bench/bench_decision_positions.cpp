// One decision of every Chinese Checkers and Go Fish strategy at recorded
// positions of the opening, the middle game and the endgame (Battleship's are
// in bench_battleship_positions.cpp). The positions come from one fixed game
// per engine, so every strategy is timed on the same positions.
//
// Every setting each strategy declares (defaults, samples) is benchmarked.
//
//   build/bench/arena_bench --benchmark_filter=Decision
#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

#include "engines/chinese_checkers/game.hpp"
#include "engines/go_fish/play.hpp"
#include "harness/config/params.hpp"

namespace {

using namespace arena;

const char* phase_name(int phase) {
  return phase == 0 ? "opening" : (phase == 1 ? "middle" : "endgame");
}

namespace cc = chinese_checkers;

// Positions of a two-player game between progress-greedy players: ply 0, the
// middle of the game and six plies before its end.
const cc::State& cc_position(int phase) {
  static const std::array<cc::State, 3> kPositions = [] {
    std::vector<cc::State> game;
    cc::State s = cc::State::initial(cc::Rules{});
    cc::GreedyPlayer greedy({cc::Eval::kProgress});
    Rng rng(derive_seed(2026, 0, 0, player_purpose(0)));
    while (!s.game_over()) {
      game.push_back(s);
      s.apply(greedy.choose(s, rng));
    }
    return std::array<cc::State, 3>{game[0], game[game.size() / 2], game[game.size() - 6]};
  }();
  return kPositions[static_cast<size_t>(phase)];
}

// Every timed decision runs on a fresh copy of the strategy (no tree or table
// left from earlier iterations); copies are made in batches outside the timed
// region, as pausing the clock costs more than the cheapest decisions.
void cc_decisions(benchmark::State& state, const cc::AnyPlayer& prototype) {
  const int phase = static_cast<int>(state.range(0));
  const cc::State& position = cc_position(phase);
  constexpr size_t kBatch = 16;
  std::vector<cc::AnyPlayer> copies(kBatch, prototype);
  size_t next = 0;
  Rng rng(7);
  for (auto _ : state) {
    if (next == kBatch) {
      state.PauseTiming();
      std::fill(copies.begin(), copies.end(), prototype);
      next = 0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(cc::choose_move(copies[next++], position, rng));
  }
  state.SetLabel(std::string(phase_name(phase)) + ", ply " + std::to_string(position.ply()));
}

// A strategy with a transposition table (alpha-beta) keeps it (allocated
// once, as in a game) and clears it before each timed search, so every search
// starts cold; copies would allocate a table inside the timed region.
template <class Player>
void cc_cold_searches(benchmark::State& state, Player player) {
  const int phase = static_cast<int>(state.range(0));
  const cc::State& position = cc_position(phase);
  Rng rng(7);
  benchmark::DoNotOptimize(player.choose(position, rng));  // allocates the table
  for (auto _ : state) {
    state.PauseTiming();
    player.clear_table();
    state.ResumeTiming();
    benchmark::DoNotOptimize(player.choose(position, rng));
  }
  state.SetLabel(std::string(phase_name(phase)) + ", ply " + std::to_string(position.ply()));
}

void cc_decision(benchmark::State& state, const cc::AnyPlayer& prototype) {
  std::visit(
      [&](const auto& p) {
        if constexpr (requires { p.clear_table(); }) {
          cc_cold_searches(state, p);
        } else {
          cc_decisions(state, prototype);
        }
      },
      prototype);
}

namespace gf = go_fish;

// A 3-player game between memory players, stopped at the opening (first
// ask), the middle and near the end; `seats` are the strategies of the seats
// as they stand there (their memory built from the public history so far).
struct GoFishPosition {
  std::optional<gf::Game> game;
  std::array<gf::AnyPlayer, 3> seats;
};

GoFishPosition go_fish_position(gf::AnyPlayer strategy, int phase) {
  gf::Rules rules;
  rules.players = 3;
  std::array<gf::AnyPlayer, 3> seats{strategy, strategy, strategy};
  std::array<Rng, 3> rngs{Rng(1), Rng(2), Rng(3)};
  const std::array<int, 3> who{0, 1, 2};
  NullTimer timer;
  // First pass: how many steps this strategy's game lasts, so the middle and
  // the endgame are taken at the same share of it for every strategy.
  int steps = 0;
  {
    auto copy = seats;
    Rng deal(2026);
    auto rngs_copy = rngs;
    gf::play_game(rules, std::span(copy), deal, std::span(rngs_copy), timer, std::span(who),
                  [&](const gf::Game&) { ++steps; });
  }
  const int stop_at = phase == 0 ? 1 : (phase == 1 ? steps / 2 : steps - 4);
  GoFishPosition out;
  int step = 0;
  Rng deal(2026);
  gf::play_game(rules, std::span(seats), deal, std::span(rngs), timer, std::span(who),
                [&](const gf::Game& g) {
                  if (++step == stop_at) {
                    out.game.emplace(g);
                    out.seats = seats;
                  }
                });
  return out;
}

void go_fish_decisions(benchmark::State& state, gf::AnyPlayer strategy) {
  const int phase = static_cast<int>(state.range(0));
  const GoFishPosition position = go_fish_position(strategy, phase);
  if (!position.game || position.game->over()) {
    state.SkipWithError("no position");
    return;
  }
  const int seat = position.game->to_move();
  const gf::PlayerView view = position.game->view(seat);
  // decide() may update a strategy's scratch state: every timed decision
  // runs on a fresh copy, made in batches outside the timed region.
  constexpr size_t kBatch = 64;
  std::vector<gf::AnyPlayer> copies(kBatch, position.seats[seat]);
  size_t next = 0;
  Rng rng(11);
  for (auto _ : state) {
    if (next == kBatch) {
      state.PauseTiming();
      std::fill(copies.begin(), copies.end(), position.seats[seat]);
      next = 0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(
        std::visit([&](auto& player) { return player.decide(view, rng); }, copies[next++]));
  }
  state.SetLabel(std::string(phase_name(phase)) + ", " +
                 std::to_string(position.game->history().size()) + " public events");
}

// BM_CcDecision/<setting>/<phase> and BM_GoFishDecision/<setting>/<phase>
// for every strategy of both lists at its defaults and at each sample.
const bool kRegistered = [] {
  const auto cc_infos = cc::Strategies::infos();
  for (const StrategySetting& setting : settings_of(cc_infos, false)) {
    auto* b = benchmark::RegisterBenchmark(
        ("BM_CcDecision/" + setting_label(cc_infos, setting)).c_str(),
        [setting](benchmark::State& state) {
          cc_decision(state, cc::Strategies::make_default(setting.strategy, setting.overrides));
        });
    b->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
  }
  const auto gf_infos = gf::Strategies::infos();
  for (const StrategySetting& setting : settings_of(gf_infos, false)) {
    benchmark::RegisterBenchmark(
        ("BM_GoFishDecision/" + setting_label(gf_infos, setting)).c_str(),
        [setting](benchmark::State& state) {
          go_fish_decisions(state,
                            gf::Strategies::make_default(setting.strategy, setting.overrides));
        })
        ->DenseRange(0, 2);
  }
  return true;
}();

}  // namespace
