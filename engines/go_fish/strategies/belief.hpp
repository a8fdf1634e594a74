// Strategy `belief`: the seed's BeliefModel and chooseBestAsk, without the
// seed's faults.
//
// Contract: as every strategy (strategy.hpp). It keeps the expected number of
// cards of each rank per player. As in the seed: it starts at suits/players,
// a player that answers "go fish" for a rank is set to 0, a player that
// receives k cards gains k, every update renormalises the rank so the players
// share `suits` cards (no entry above `suits`), and it asks the (player, rank)
// with the highest expected·(1 + expected/suits). Fixed here: a player who
// hands cards over is set to 0 (the seed only subtracts, and its memory keeps
// the giver as a holder); every book is cleared for everyone (the seed shows a
// book only to the model of the player who laid it); the model's own entry is
// pinned to the exact own count before renormalising (the seed ignores its own
// hand); ties are broken at random (the seed takes the lowest seat).
// In a replay (explaining()) it explains each ask with its model: "knows" per
// seat and rank the expected cards (null for itself), "asks" the best asks
// with their scores.
#pragma once

#include <array>

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

class BeliefPlayer {
 public:
  struct Params {};
  static StrategyInfo info();
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit BeliefPlayer(const Params& /*params*/ = {}) {}

  void begin(const PlayerView& view);
  void observe(const PublicEvent& event, const PlayerView& view);
  Ask decide(const PlayerView& view, Rng& rng);

  double expected(int player, int rank) const { return expected_[rank][player]; }

 private:
  void normalise(const PlayerView& view, int rank);
  double score(const PlayerView& view, Ask ask) const {
    const double e = expected_[ask.rank][ask.target];
    return e * (1 + e / view.suits());
  }
  void explain_ask(const PlayerView& view, Ask ask) const;

  std::array<std::array<double, kMaxPlayers>, kMaxRanks> expected_{};
};

}  // namespace arena::go_fish
