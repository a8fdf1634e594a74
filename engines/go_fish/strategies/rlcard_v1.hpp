// Strategy `rlcard-v1`: the RLCard fork's Go Fish rule agent 1
// (GoFishRuleAgentV1 in rlcard/models/go_fish_rule_models.py of
// github.com/MixMasterMitch/rlcard at commit 5fa264d, model id go-fish-v1).
//
// Contract: as every strategy (strategy.hpp). With the fork's knowledge of the
// hands (rlcard_known.hpp: a player holds a rank it asked for, was handed or
// drew as asked, until it hands that rank over or books it) it asks a player
// known to hold a rank it holds; else a uniform legal ask (a uniform rank
// among those it holds and a uniform target), as the fork's np.random.choice
// over its legal actions. Among several known asks the fork takes the first
// of its sorted hand, this strategy one at random: each of them succeeds and
// keeps the turn, so their order changes nothing taken. (The fork reads its
// state as if it sat at position 0, where its published games seated it; at
// position 1 it would mistake its own known ranks for its opponent's.)
#pragma once

#include "engines/go_fish/rlcard_known.hpp"
#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

class RlcardV1Player {
 public:
  struct Params {};
  static StrategyInfo info() {
    return {"rlcard-v1",
            "the RLCard fork's rule agent 1: asks a player known to hold a rank it holds, else "
            "a uniform legal ask",
            {}};
  }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit RlcardV1Player(const Params& /*params*/ = {}) {}

  void begin(const PlayerView&) {}
  void observe(const PublicEvent& event, const PlayerView&) { known_.observe(event); }

  Ask decide(const PlayerView& view, Rng& rng) const {
    const Targets targets = legal_targets(view);
    BestAsk sure;  // every ask of a known holder scores the same
    for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
      const int rank = std::countr_zero(held);
      for (int i = 0; i < targets.size; ++i)
        if (known_.count(targets.seat[i], rank) > 0) sure.offer(0, {targets.seat[i], rank}, rng);
    }
    if (!sure.empty()) return sure.ask();
    return uniform_ask(view, view.hand().held_ranks(), rng);
  }

  const RlcardKnown& known() const { return known_; }

 private:
  RlcardKnown known_;
};

}  // namespace arena::go_fish
