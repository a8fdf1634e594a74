// What the RLCard fork's Go Fish rule agents know of the hands: per player and
// rank, how many cards of the rank the player is publicly known to hold (the
// fork's GoFishPlayer.known_hand, github.com/MixMasterMitch/rlcard at commit
// 5fa264d, rlcard/games/go_fish/{game,player}.py), rebuilt from Arena's public
// events for the strategies rlcard-v1 and rlcard-v2.
//
// Contract: count(p, r) follows the fork's bookkeeping exactly:
// - p asks for r: count(p, r) becomes 1 if it was 0 (asking shows one card, but a
//   count already known is not raised), then grows by the cards handed over; the
//   target's count(target, r) becomes 0;
// - p draws the rank it asked for (a shown draw): count(p, r) grows by 1;
// - a book of r: count(·, r) becomes 0; a hidden draw changes nothing.
// It is a lower bound of what p holds, and 0 means "not known", never "holds none".
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

class RlcardKnown {
 public:
  void observe(const PublicEvent& event) {
    switch (event.kind) {
      case EventKind::kAsk: {
        int8_t& mine = count_[event.player][event.rank];
        if (mine == 0) mine = 1;
        mine = static_cast<int8_t>(mine + event.count);
        count_[event.target][event.rank] = 0;
        break;
      }
      case EventKind::kDraw:
        // The fork adds the shown card only while the rank is still known (it
        // always is: the ask just made it so, and a book is reported after).
        if (event.rank >= 0 && count_[event.player][event.rank] > 0)
          ++count_[event.player][event.rank];
        break;
      case EventKind::kBook:
        for (auto& player : count_)
          player[event.rank] = 0;
        break;
      case EventKind::kSkip:
        break;
    }
  }
  int count(int player, int rank) const { return count_[player][rank]; }

 private:
  std::array<std::array<int8_t, kMaxRanks>, kMaxPlayers> count_{};
};

// A uniform (target, rank) among the legal asks whose rank is in `ranks` (a
// held-rank mask, not empty): the fork's np.random.choice over its legal
// actions, which are every other player times every rank held.
inline Ask uniform_ask(const PlayerView& view, uint32_t ranks, Rng& rng) {
  const int kinds = std::popcount(ranks);
  const int rank = nth_set_bit(ranks, kinds == 1 ? 0 : static_cast<int>(rng.below(kinds)));
  const Targets targets = legal_targets(view);
  const int i = targets.size == 1 ? 0 : static_cast<int>(rng.below(targets.size));
  return {targets.seat[i], rank};
}

}  // namespace arena::go_fish
