// One game of a run played again on its own, for `arena replay`: from the
// seed (a game is a pure function of the master seed and its index) or from
// its recorded moves (games the seed alone cannot rebuild). From the seed,
// strategies explain their moves (engines/core/explain.hpp) into the log;
// from a record, the explanations are the record's.
//
// Contract: the game is played exactly as the run played it (the same
// Match, play_one_game, forfeits), so its SeatResults and games.csv rows are
// those of the run. From the seed, the game's series is played from its first
// game (what strategies learn within a series is rebuilt too); an external
// program is never started: a game that needs one throws NotFromSeed, and so
// does a game decided by a strategy limited by the clock. From a record,
// every decision comes from the record (MoveScript) and no strategy decides.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/registry/match.hpp"

namespace arena {

// The game cannot be rebuilt from the seed: `variant`'s moves need a record.
class NotFromSeed : public std::runtime_error {
 public:
  NotFromSeed(int variant, const std::string& why) : std::runtime_error(why), variant_(variant) {}
  int variant() const { return variant_; }

 private:
  int variant_;
};

struct ReplayedGame {
  MoveLog moves;                            // every decision and fault of the game
  std::vector<SeatResult> seats;            // as the run scored them
  std::vector<std::pair<int, int>> lineup;  // (variant, group) per seat, when declared
};

// Game `game` of `config`'s run (its `match`) from the seed.
ReplayedGame replay_from_seed(const RunConfig& config, const Match& match, uint64_t game);

// Game `game` with every decision taken from `record`. Throws RecordMismatch
// when the record does not fit the game.
ReplayedGame replay_from_record(const RunConfig& config, const Match& match, uint64_t game,
                                const MoveLog& record);

}  // namespace arena
