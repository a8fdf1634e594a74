// Strategy `rlcard-v2`: the RLCard fork's Go Fish rule agent 2
// (GoFishRuleAgentV2 in rlcard/models/go_fish_rule_models.py of
// github.com/MixMasterMitch/rlcard at commit 5fa264d, model id go-fish-v2),
// which "asks for the same thing repeatedly until it makes a book".
//
// Contract: as every strategy (strategy.hpp). With the fork's knowledge of the
// hands (rlcard_known.hpp), in this order:
// 1. an ask that surely makes a book: a player known to hold `suits` minus the
//    number it holds of that rank (several: one at random, as rlcard-v1);
// 2. a rank it is itself publicly known to hold (one it asked for, was handed
//    or drew as asked), from a uniform other player;
// 3. a rank it holds, from a uniform other player.
// Ranks in 2 and 3 are uniform under `by_count` false, as the fork's code
// plays: it meant to prefer the rank known (2) or held (3) most, but its
// OrderedDict.fromkeys([3, 2, 1], []) gives every count one shared list, so
// it draws among all of them alike. `by_count` true plays the fork's later
// fix (commit a4440cd onwards): the ranks of the highest count only. It does
// not ask a known holder unless that makes a book.
#pragma once

#include "engines/go_fish/rlcard_known.hpp"
#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

// Outside the class so that it can default the constructor's argument.
struct RlcardV2Params {
  bool by_count = false;
};

class RlcardV2Player {
 public:
  using Params = RlcardV2Params;
  static StrategyInfo info() {
    return {"rlcard-v2",
            "the RLCard fork's rule agent 2: a sure book, else a rank it is known to hold "
            "(asked again), else any rank it holds",
            {ParamSpec::flag("by_count", Params{}.by_count,
                             "prefer the rank known or held most, as the fork meant (its "
                             "published code draws among all alike)")},
            {{{"by_count", true}}}};
  }
  static Params params_from(const ParamSet& values) { return {values.flag("by_count")}; }
  explicit RlcardV2Player(const Params& params = {}) : params_(params) {}

  void begin(const PlayerView&) {}
  void observe(const PublicEvent& event, const PlayerView&) { known_.observe(event); }

  Ask decide(const PlayerView& view, Rng& rng) const {
    const Targets targets = legal_targets(view);
    const uint32_t held = view.hand().held_ranks();
    BestAsk book;
    uint32_t shown = 0;  // ranks it is known to hold
    for (uint32_t left = held; left != 0; left &= left - 1) {
      const int rank = std::countr_zero(left);
      if (known_.count(view.me(), rank) > 0) shown |= 1u << rank;
      for (int i = 0; i < targets.size; ++i) {
        const int k = known_.count(targets.seat[i], rank);
        if (k > 0 && k + view.count(rank) == view.suits())
          book.offer(0, {targets.seat[i], rank}, rng);
      }
    }
    if (!book.empty()) return book.ask();
    if (shown != 0)
      return uniform_ask(view, most(shown, [&](int r) { return known_.count(view.me(), r); }), rng);
    return uniform_ask(view, most(held, [&](int r) { return view.count(r); }), rng);
  }

  const RlcardKnown& known() const { return known_; }

 private:
  // `ranks`, or under by_count only those of the highest count(rank).
  template <class Count>
  uint32_t most(uint32_t ranks, Count&& count) const {
    if (!params_.by_count) return ranks;
    int top = 0;
    uint32_t best = 0;
    for (uint32_t left = ranks; left != 0; left &= left - 1) {
      const int rank = std::countr_zero(left);
      const int c = count(rank);
      if (c > top) {
        top = c;
        best = 0;
      }
      if (c == top) best |= 1u << rank;
    }
    return best;
  }

  Params params_;
  RlcardKnown known_;
};

}  // namespace arena::go_fish
