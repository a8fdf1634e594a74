// The scheduling shared by engines whose variants take seats at a table
// (Chinese Checkers, Go Fish): which variants meet, in which seat order, with
// which deal, and how a game's seats become SeatResults.
//
// Contract: the config's `rules.players` seats are filled by a Seating
// (harness/adapters/seating.hpp) built from the config's players and format.
// With `pairs: true` every deal (the environment stream: deck order, start)
// is played once per seat order; with two seats the two games of a deal form
// a pair (one series) for pentanomial counts. With `pairs: false` every game
// draws its own deal and the orders still cycle. `games` counts games per
// table and must be a whole number of deals.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "harness/adapters/seating.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"

namespace arena {

constexpr int kMaxSeats = 10;

// One game as the engine adapter sees it.
struct SeatedGame {
  std::span<const int> lineup;  // variant at each seat; also the timer's "who"
  uint64_t index = 0;           // the game's index in the run
  uint64_t environment_seed = 0;
  std::array<uint64_t, kMaxSeats> seat_seeds{};

  // Seat s for an external strategy (its program; null for other strategies).
  ExternalSeat external(const GameSink& sink, size_t s) const {
    int k = 0;  // earlier seats of the same variant: each plays its own program
    for (size_t t = 0; t < s; ++t)
      k += lineup[t] == lineup[s] ? 1 : 0;
    return sink.external(lineup[s], k, index, static_cast<int>(s), static_cast<int>(lineup.size()));
  }

  // One generator per seat (seats beyond the table get unused streams).
  std::array<Rng, kMaxSeats> seat_rngs() const {
    return [this]<size_t... S>(std::index_sequence<S...>) {
      return std::array<Rng, kMaxSeats>{Rng(seat_seeds[S])...};
    }
    (std::make_index_sequence<kMaxSeats>());
  }
};

class SeatedMatch : public Match {
 public:
  SeatedMatch(const RunConfig& config, uint64_t seed, int seats);

  uint64_t game_count() const override { return games_per_table_ * seating_.tables(); }
  // Results are also kept per seat ("seat 1" moves first), to show what seat order is worth.
  std::vector<std::string> groups() const override;
  std::string group_kind() const override { return "seat"; }
  // The two games of a two-seat pair run in order on one worker (pentanomials).
  uint64_t series_length() const override { return pairs_two_seats() ? 2 : 1; }
  void play(uint64_t index, GameSink& sink, SeriesMemory* memory) const final;
  std::optional<GameReplay> replay(uint64_t index, const MoveLog& moves, int only) const final;

 protected:
  virtual void play_seated(const SeatedGame& game, GameSink& sink) const = 0;
  // The game's moves (as replay() promises) for its seats and deal.
  virtual std::optional<GameReplay> replay_seated(const SeatedGame& /*game*/,
                                                  const MoveLog& /*moves*/) const {
    return std::nullopt;
  }
  const Seating& seating() const { return seating_; }
  // The name of variant `v` in the config (for replays).
  const std::string& name(int v) const { return names_[static_cast<size_t>(v)]; }

 private:
  bool pairs_two_seats() const {
    return paired_ && seating_.orders() == 2 && seating_.seats() == 2;
  }

  // Game `index`'s seats, deal and seat seeds.
  SeatedGame seated_game(uint64_t index) const;

  Seating seating_;
  std::vector<std::string> names_;
  uint64_t seed_;
  uint64_t games_per_table_;
  bool paired_;
};

// The EngineSpec of an engine played at tables (mode `play`): its name, help,
// rules, strategies and hidden information, and the match type built from a
// config and a seed.
template <class PlayMatch>
EngineSpec seated_engine(std::string name, std::string help, std::vector<ParamSpec> rules,
                         std::vector<StrategySpec> strategies, HiddenInformation hidden) {
  EngineSpec engine;
  engine.name = std::move(name);
  engine.help = std::move(help);
  engine.modes = {{"play",
                   "the variants take the seats of each table; every deal is played once per "
                   "seat order",
                   1, kMaxPlayers, true}};
  engine.rules = std::move(rules);
  engine.strategies = std::move(strategies);
  engine.hidden_information = std::move(hidden);
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    return std::make_unique<PlayMatch>(config, seed);
  };
  return engine;
}

}  // namespace arena
