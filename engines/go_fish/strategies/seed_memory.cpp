#include "engines/go_fish/strategies/seed_memory.hpp"

#include <algorithm>
#include <bit>

namespace arena::go_fish {

StrategyInfo SeedMemoryPlayer::info() {
  return {"seed-memory",
          "the seed's GoFishAI: known memory, then belief, then random",
          {ParamSpec::flag("faithful", Params{}.faithful,
                           "keep the seed's bookkeeping quirks (false: fixed, to measure them)")},
          {{{"faithful", false}}}};
}

SeedMemoryParams SeedMemoryPlayer::params_from(const ParamSet& values) {
  return {values.flag("faithful")};
}

void SeedMemoryPlayer::begin(const PlayerView& view) {
  me_ = view.me();
  players_ = view.players();
  suits_ = view.suits();
  // Dividing by a power of two is multiplying by its exact inverse (the same
  // real number, so the same rounding); other suit counts keep the division.
  inverse_suits_ = std::has_single_bit(static_cast<unsigned>(suits_)) ? 1.0 / suits_ : 0.0;
  // Only the ranks and seats in play: the rest is never read.
  for (int r = 0; r < view.ranks(); ++r)
    std::fill_n(belief_[r].begin(), players_, static_cast<double>(suits_) / players_);
}

// The players `view.me()` may ask, as a bit mask (bit p: seat p).
static uint32_t target_mask(const PlayerView& view) {
  uint32_t targets = 0;
  for (int p = 0; p < view.players(); ++p)
    targets |= static_cast<uint32_t>(view.can_target(p)) << p;
  return targets;
}

// Step 1 of makeDecision; true with `ask` set when a known holder qualifies.
bool SeedMemoryPlayer::known_memory(const PlayerView& view, uint32_t targets, Rng& rng,
                                    Ask& ask) const {
  BestAsk pick;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (uint32_t h = holders_[rank] & targets; h != 0; h &= h - 1) {
      const int holder = std::countr_zero(h);
      if (belief_[rank][holder] <= 0.5) continue;
      if (params_.faithful) {
        ask = {holder, rank};
        return true;
      }
      pick.offer(0, {holder, rank}, rng);
    }
  }
  if (pick.empty()) return false;
  ask = pick.ask();
  return true;
}

// The seed's score of an ask: expected · (1 + expected / suits).
double SeedMemoryPlayer::score(double expected) const {
  return expected * (1 + (inverse_suits_ != 0 ? expected * inverse_suits_ : expected / suits_));
}

// The seed's chooseBestAsk: the highest score, the first found of equal ones
// (strict >), in held ranks ascending and then seats ascending; encode(ask),
// or -1 with no target. Without a branch on the comparison: which ask is
// best is as good as random to the branch predictor.
int SeedMemoryPlayer::first_best_ask(uint32_t held, uint32_t targets) const {
  double best_score = -1;
  int best = -1;
  for (; held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (uint32_t t = targets; t != 0; t &= t - 1) {
      const int p = std::countr_zero(t);
      const double s = score(belief_[rank][p]);
      const bool better = s > best_score;
      best_score = better ? s : best_score;
      best = better ? encode({p, rank}) : best;
    }
  }
  return best;
}

Ask SeedMemoryPlayer::decide(const PlayerView& view, Rng& rng) const {
  // Whom the rules let it ask (never itself) is the same for every rank.
  const uint32_t targets = target_mask(view);
  Ask ask;
  if (known_memory(view, targets, rng, ask)) return ask;
  // Step 2, chooseBestAsk.
  if (params_.faithful) {
    if (const int code = first_best_ask(view.hand().held_ranks(), targets); code >= 0)
      return decode(code);
  } else {
    BestAsk best;
    for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
      const int rank = std::countr_zero(held);
      for (uint32_t t = targets; t != 0; t &= t - 1) {
        const int p = std::countr_zero(t);
        best.offer(score(belief_[rank][p]), {p, rank}, rng);
      }
    }
    if (!best.empty()) return best.ask();
  }
  // Step 3, random: no legal target was found above (cannot happen in a legal position).
  const Targets legal = legal_targets(view);
  const uint32_t held = view.hand().held_ranks();
  return {legal.seat[rng.below(static_cast<uint64_t>(std::max(1, legal.size)))],
          nth_set_bit(held, static_cast<int>(rng.below(view.hand().distinct_ranks())))};
}

}  // namespace arena::go_fish
