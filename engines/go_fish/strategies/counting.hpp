// Strategy `counting`: exact card counting over the public history.
//
// Contract: as every strategy (strategy.hpp). For every player and rank it
// keeps bounds on how many cards of the rank the player holds, derived from
// the public history alone (so the bounds it keeps for its own seat are what
// the others can know about it):
// - an asker holds at least one of the rank asked, plus what it receives;
// - a player asked for a rank holds none of it afterwards (it gave all or had none);
// - a hidden draw raises every upper bound by one, except, when lucky draws are
//   shown and asked again, the rank just asked for (a card of it would have been
//   shown); a shown draw raises both bounds of its rank;
// - books clear a rank; an empty hand holds nothing; nobody holds a whole book.
// At decision time the bounds are tightened with the card count (`suits` of a
// rank minus its own cards and the others' lower bounds) and hand sizes (a hand
// has no room beyond its known cards). The cards not pinned down are taken as
// spread uniformly over the positions that may hold them (free hand slots
// under the upper bounds, and the stock), which gives each opponent's
// probability of holding the rank and of holding every card we lack. It asks
// the (player, rank) maximising
//   [P(hit) = 1]·10⁶ + P(hit) + book_weight·P(the answer completes our book)
//   + lucky_weight·P(miss)·P(the go-fish draw is the rank)
//   − reveal_weight·P(miss)·(cards of the rank we hold, if the others do not yet know),
// i.e. sure hits first (they keep the turn at no risk), then likely hits weighted
// toward completing books, preferring asks that reveal little; ties at random.
// Defaults were chosen on seat-rotated 2- and 3-player games against memory and
// belief: book_weight matters most (1 loses to memory); reveal_weight is kept
// small because a larger one costs games there.
// In a replay (explaining()) it explains each ask: "knows" per seat and rank
// the probability that the seat holds at least one card of it (null for
// itself), "asks" the best asks with P(hit), P(book) and score.
#pragma once

#include <array>
#include <cstdint>

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

struct CountingParams {
  double book_weight = 10.0;
  double lucky_weight = 0.5;
  double reveal_weight = 0.02;
};

class CountingPlayer {
 public:
  using Params = CountingParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit CountingPlayer(const Params& params = {}) : params_(params) {}

  void begin(const PlayerView& view);
  void observe(const PublicEvent& event, const PlayerView& view);
  Ask decide(const PlayerView& view, Rng& rng) const;

  // Inferences (public for tests). Bounds from the history alone:
  int lower_bound(int player, int rank) const { return lo_[player][rank]; }
  int history_upper_bound(int player, int rank) const { return hi_[player][rank]; }
  // The upper bound tightened with card counts and hand sizes.
  int upper_bound(const PlayerView& view, int player, int rank) const;
  // Probability that `player` (not the viewer) holds at least one card of `rank`.
  double hit_probability(const PlayerView& view, int player, int rank) const;
  // Probability that the answer to `ask` completes our book of its rank.
  double book_probability(const PlayerView& view, Ask ask) const;
  double score(const PlayerView& view, Ask ask) const;

 private:
  struct Spread;  // how the unpinned cards of one rank may be spread
  Spread spread(const PlayerView& view, int rank) const;
  double book_probability(const PlayerView& view, Ask ask, const Spread& s) const;
  int free_slots(const PlayerView& view, int player) const;
  void explain_ask(const PlayerView& view, Ask ask) const;

  CountingParams params_;
  std::array<std::array<int8_t, kMaxRanks>, kMaxPlayers> lo_{};
  std::array<std::array<int8_t, kMaxRanks>, kMaxPlayers> hi_{};
  int fished_player_ = -1;  // the last event was this player's go fish for fished_rank_
  int fished_rank_ = -1;
};

}  // namespace arena::go_fish
