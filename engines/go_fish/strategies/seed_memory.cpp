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

void SeedMemoryPlayer::observe(const PublicEvent& event, const PlayerView&) {
  switch (event.kind) {
    case EventKind::kAsk: {
      const auto target_bit = static_cast<uint16_t>(1u << event.target);
      auto& row = belief_[event.rank];
      if (event.count > 0) {  // the seed's updateGiven
        row[event.target] = params_.faithful ? std::max(0.0, row[event.target] - event.count) : 0.0;
        row[event.player] += event.count;
        if (params_.faithful)
          holders_[event.rank] |= target_bit;  // the seed's fault, kept: the giver holds none
        else
          holders_[event.rank] &= static_cast<uint16_t>(~target_bit);
        holders_[event.rank] |= static_cast<uint16_t>(1u << event.player);
      } else {  // the seed's updateGoFish
        row[event.target] = 0;
        holders_[event.rank] &= static_cast<uint16_t>(~target_bit);
      }
      normalise(event.rank);
      break;
    }
    case EventKind::kBook:
      // The seed calls updateCompleteSet only in the model of the player who laid it.
      if (!params_.faithful || event.player == me_) belief_[event.rank].fill(0);
      break;
    case EventKind::kDraw:
    case EventKind::kSkip:
      break;  // the seed's models never hear of draws
  }
}

// The seed's normalize: scale the rank to `suits` cards in all, no entry above `suits`.
void SeedMemoryPlayer::normalise(int rank) {
  auto& row = belief_[rank];
  double sum = 0;
  for (int p = 0; p < players_; ++p)
    sum += row[p];
  if (sum <= 0) return;
  for (int p = 0; p < players_; ++p)
    row[p] = std::min<double>(suits_, row[p] * (suits_ / sum));
}

// Step 1 of makeDecision; true with `ask` set when a known holder qualifies.
bool SeedMemoryPlayer::known_memory(const PlayerView& view, Rng& rng, Ask& ask) const {
  BestAsk pick;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (uint32_t h = holders_[rank]; h != 0; h &= h - 1) {
      const int holder = std::countr_zero(h);
      if (holder == me_ || belief_[rank][holder] <= 0.5 || !view.can_target(holder)) continue;
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
  Ask ask;
  if (known_memory(view, rng, ask)) return ask;
  // Step 2, chooseBestAsk: strict > keeps the first of equal scores when faithful.
  BestAsk best;
  double best_score = -1;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (int p = 0; p < players_; ++p) {
      if (!view.can_target(p)) continue;
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
  const Targets targets = legal_targets(view);
  const uint32_t held = view.hand().held_ranks();
  return {targets.seat[rng.below(static_cast<uint64_t>(std::max(1, targets.size)))],
          nth_set_bit(held, static_cast<int>(rng.below(view.hand().distinct_ranks())))};
}

}  // namespace arena::go_fish
