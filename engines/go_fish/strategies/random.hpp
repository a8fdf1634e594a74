// Strategy `random`: a uniform rank from its own hand, a uniform target among
// the players holding cards (under the seed preset, where empty hands may be
// asked, among all others when nobody else holds a card).
//
// Contract: as every strategy (strategy.hpp). Keeps no state, so it is the
// baseline of the speed target: two draws from the Rng per ask at most.
#pragma once

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

class RandomPlayer {
 public:
  struct Params {};
  static StrategyInfo info() {
    return {"random", "a uniform rank from its hand, a uniform player holding cards", {}};
  }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit RandomPlayer(const Params& /*params*/ = {}) {}

  static constexpr bool kObserves = false;  // play_game skips its broadcasts

  void begin(const PlayerView&) {}
  void observe(const PublicEvent&, const PlayerView&) {}

  Ask decide(const PlayerView& view, Rng& rng) const {
    const uint32_t held = view.hand().held_ranks();
    const int kinds = view.hand().distinct_ranks();
    const int rank = nth_set_bit(held, kinds == 1 ? 0 : static_cast<int>(rng.below(kinds)));
    if (view.players() == 2) {  // the common case: the one opponent, who holds cards
      const int other = 1 - view.me();
      if (view.hand_size(other) > 0) return {other, rank};
    }
    std::array<int8_t, kMaxPlayers> holding{};
    int n = 0;
    for (int p = 0; p < view.players(); ++p)
      if (p != view.me() && view.hand_size(p) > 0) holding[n++] = static_cast<int8_t>(p);
    if (n == 0) {  // only under the seed preset: every other player is empty-handed
      const Targets all = legal_targets(view);
      return {all.seat[rng.below(static_cast<uint64_t>(all.size))], rank};
    }
    return {n == 1 ? holding[0] : holding[rng.below(static_cast<uint64_t>(n))], rank};
  }
};

}  // namespace arena::go_fish
