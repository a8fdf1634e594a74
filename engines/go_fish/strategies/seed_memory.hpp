// Strategy `seed-memory`: the seed's GoFishAI (makeDecision and observeAsk in
// ../shared/seeds/004_877d3451f2d896cf.txt), as the seed's comparison ran it.
//
// Contract: as every strategy (strategy.hpp). Order of choice, as in the seed:
// 1. known memory: for each rank it holds (ascending, the iteration order of
//    the seed's HashSet of small Integers), for each recorded holder (ascending),
//    ask the first one that is not itself with belief > 0.5;
// 2. else the seed's BeliefModel.chooseBestAsk: the highest
//    expected·(1 + expected/suits), first found on equal scores (ascending rank,
//    then seat);
// 3. else random (only reachable when no target is legal in 1–2).
// With `faithful` (the default) it keeps the seed's bookkeeping, because these
// quirks define the named variant: after a successful ask both the asker and
// the giver are recorded as holders, the giver's belief only drops by the
// count given (max(0, b − k)); books are cleared only from the model of the
// player who laid them; its own hand is not used by the model (its own seat is
// a player with belief like any other); hidden draws change nothing; ties go
// to the lowest rank and seat. With `faithful = false` the seed's faults are
// fixed (giver removed and set to 0, every book cleared, ties at random), to
// measure what they cost. Its only adaptation to Arena: it never asks a player
// the rules forbid asking (under the standard preset, one with no cards).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

struct SeedMemoryParams {
  bool faithful = true;
};

class SeedMemoryPlayer {
 public:
  using Params = SeedMemoryParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit SeedMemoryPlayer(const Params& params = {}) : params_(params) {}

  void begin(const PlayerView& view);
  // In the header, so that the compiler may inline it: three players hear
  // every event. (GCC keeps it out of line in a seed table's loop; forcing
  // it inline measured 3% slower.)
  void observe(const PublicEvent& event, const PlayerView& view);
  Ask decide(const PlayerView& view, Rng& rng) const;

  double belief(int player, int rank) const { return belief_[rank][player]; }
  bool known_holder(int player, int rank) const { return (holders_[rank] >> player) & 1u; }

 private:
  void set_and_normalise(int rank, int a, double va, int b, double vb);
  double suits_over(double sum) const;
  bool known_memory(const PlayerView& view, uint32_t targets, Rng& rng, Ask& ask) const;
  double score(double expected) const;
  int first_best_ask(uint32_t held, uint32_t targets) const;

  SeedMemoryParams params_;
  int me_ = 0;
  int players_ = 0;
  int suits_ = 0;
  double inverse_suits_ = 0;  // 1 / suits_ when exact (a power of two), else 0
  // [rank][seat], set by begin() for the ranks and seats in play (not
  // zeroed here: a new player per game would clear 1,280 bytes for nothing).
  std::array<std::array<double, kMaxPlayers>, kMaxRanks> belief_;
  std::array<uint16_t, kMaxRanks> holders_{};  // the seed's knownCards: bit p = player p
};

inline void SeedMemoryPlayer::observe(const PublicEvent& event, const PlayerView&) {
  switch (event.kind) {
    case EventKind::kAsk: {
      const auto target_bit = static_cast<uint16_t>(1u << event.target);
      const auto& row = belief_[event.rank];
      if (event.count > 0) {  // the seed's updateGiven
        const double given =
            params_.faithful ? std::max(0.0, row[event.target] - event.count) : 0.0;
        const double taken = row[event.player] + event.count;
        if (params_.faithful)
          holders_[event.rank] |= target_bit;  // the seed's fault, kept: the giver holds none
        else
          holders_[event.rank] &= static_cast<uint16_t>(~target_bit);
        holders_[event.rank] |= static_cast<uint16_t>(1u << event.player);
        set_and_normalise(event.rank, event.target, given, event.player, taken);
      } else {  // the seed's updateGoFish
        holders_[event.rank] &= static_cast<uint16_t>(~target_bit);
        set_and_normalise(event.rank, event.target, 0.0, event.target, 0.0);
      }
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

// The seed's update of one rank: seats a and b (a == b: one seat) take the
// values va and vb, then its normalize scales the rank to `suits` cards in
// all, no entry above `suits` (nothing is scaled when the sum is 0). Done
// in one pass that stores each entry once: storing a and b first and then
// reading the row back two entries at a time (as GCC vectorises the scaling)
// stalled on every event, the wide load waiting for the two narrow stores.
inline void SeedMemoryPlayer::set_and_normalise(int rank, int a, double va, int b, double vb) {
  auto& row = belief_[rank];
  const auto value = [&](int p) { return p == a ? va : p == b ? vb : row[p]; };
  double sum = 0;
  for (int p = 0; p < players_; ++p)
    sum += value(p);
  if (sum <= 0) {
    row[a] = va;
    row[b] = vb;
    return;
  }
  const double scale = suits_over(sum);
  for (int p = 0; p < players_; ++p)
    row[p] = std::min<double>(suits_, value(p) * scale);
}

// suits / sum, exactly (the seed's 4.0 / sum). The seed's game reaches only
// a few dozen distinct sums (26 in 300,000 games of the seed's comparison),
// so each thread keeps the quotients it computed in a small table indexed by
// the sum's bits: a hit skips the division, the slowest step of an event.
// A quotient read back is the one computed, so play is the same either way.
inline double SeedMemoryPlayer::suits_over(double sum) const {
  constexpr int kBits = 7;
  struct Memo {
    int suits = 0;
    std::array<double, 1u << kBits> sum{};  // 0: empty (a normalised sum is > 0)
    std::array<double, 1u << kBits> quotient{};
  };
  // constinit: zeroed with the thread, so no guard is tested on each call.
  constinit thread_local Memo memo;
  if (memo.suits != suits_) {
    memo.suits = suits_;
    memo.sum.fill(0);
  }
  const size_t slot = (std::bit_cast<uint64_t>(sum) * 0x9E3779B97F4A7C15ull) >> (64 - kBits);
  if (memo.sum[slot] != sum) {
    memo.sum[slot] = sum;
    memo.quotient[slot] = suits_ / sum;
  }
  return memo.quotient[slot];
}

}  // namespace arena::go_fish
