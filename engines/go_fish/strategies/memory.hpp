// Strategy `memory`: exact recall of the public information about who holds
// which rank.
//
// Contract: as every strategy (strategy.hpp). Per player and rank it knows
// - kHolds: the player asked for the rank, received it, or showed it on a lucky draw;
// - kLacks: the player answered "go fish" for it or handed it over (so holds none
//   now), or the rank is booked; forgotten (kUnknown) as soon as the player draws a
//   hidden card, which may be of any rank;
// - kUnknown otherwise.
// It asks a known holder of a rank it holds (the rank it holds most of, to
// complete books; ties at random); else the rank it holds most of from a
// player not known to lack it (uniform among those); else any legal ask of
// that rank. Unlike the seed, a player who gave a rank away is not a known holder.
// In a replay (explaining()) it explains each ask with what it knows: "knows"
// per seat and rank 1 (holds), 0 (lacks) or null (unknown), null for itself.
#pragma once

#include <array>

#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

enum class Knowledge : uint8_t { kUnknown, kHolds, kLacks };

class MemoryPlayer {
 public:
  struct Params {};
  static StrategyInfo info();
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit MemoryPlayer(const Params& /*params*/ = {}) {}

  void begin(const PlayerView&) {}
  void observe(const PublicEvent& event, const PlayerView& view);
  Ask decide(const PlayerView& view, Rng& rng) const;

  Knowledge knowledge(int player, int rank) const { return known_[player][rank]; }

 private:
  void explain_ask(const PlayerView& view, Ask ask) const;

  std::array<std::array<Knowledge, kMaxRanks>, kMaxPlayers> known_{};
};

}  // namespace arena::go_fish
