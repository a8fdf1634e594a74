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
  for (auto& row : belief_)
    row.fill(static_cast<double>(suits_) / players_);
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

Ask SeedMemoryPlayer::decide(const PlayerView& view, Rng& rng) const {
  // Whom the rules let it ask (never itself) is the same for every rank.
  const uint32_t targets = target_mask(view);
  Ask ask;
  if (known_memory(view, targets, rng, ask)) return ask;
  // Step 2, chooseBestAsk: strict > keeps the first of equal scores when faithful.
  BestAsk best;
  double best_score = -1;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (uint32_t t = targets; t != 0; t &= t - 1) {
      const int p = std::countr_zero(t);
      const double e = belief_[rank][p];
      const double score = e * (1 + (inverse_suits_ != 0 ? e * inverse_suits_ : e / suits_));
      if (!params_.faithful) {
        best.offer(score, {p, rank}, rng);
      } else if (score > best_score) {
        best_score = score;
        ask = {p, rank};
      }
    }
  }
  if (!params_.faithful && !best.empty()) return best.ask();
  if (best_score >= 0) return ask;
  // Step 3, random: no legal target was found above (cannot happen in a legal position).
  const Targets legal = legal_targets(view);
  const uint32_t held = view.hand().held_ranks();
  return {legal.seat[rng.below(static_cast<uint64_t>(std::max(1, legal.size)))],
          nth_set_bit(held, static_cast<int>(rng.below(view.hand().distinct_ranks())))};
}

}  // namespace arena::go_fish
