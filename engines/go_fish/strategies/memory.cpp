#include "engines/go_fish/strategies/memory.hpp"

namespace arena::go_fish {

StrategyInfo MemoryPlayer::info() {
  return {"memory",
          "exact recall of the public asks and answers: asks a known holder first, else the "
          "rank it holds most of",
          {}};
}

void MemoryPlayer::observe(const PublicEvent& event, const PlayerView& view) {
  switch (event.kind) {
    case EventKind::kAsk:
      known_[event.player][event.rank] = Knowledge::kHolds;
      // Whether it handed cards over or said "go fish", the target holds none now.
      known_[event.target][event.rank] = Knowledge::kLacks;
      break;
    case EventKind::kDraw:
      if (event.rank >= 0) {
        known_[event.player][event.rank] = Knowledge::kHolds;
        break;
      }
      for (Knowledge& k : known_[event.player])
        if (k == Knowledge::kLacks) k = Knowledge::kUnknown;
      break;
    case EventKind::kBook:
      for (int p = 0; p < view.players(); ++p)
        known_[p][event.rank] = Knowledge::kLacks;
      break;
    case EventKind::kSkip:
      break;
  }
}

Ask MemoryPlayer::decide(const PlayerView& view, Rng& rng) const {
  const Targets targets = legal_targets(view);
  BestAsk holder;  // a known holder, scored by how many of the rank we hold
  BestAsk open;    // a player not known to lack the rank
  BestAsk any;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    const double mine = view.count(rank);
    for (int i = 0; i < targets.size; ++i) {
      const int p = targets.seat[i];
      const Knowledge k = known_[p][rank];
      if (k == Knowledge::kHolds) holder.offer(mine, {p, rank}, rng);
      if (k != Knowledge::kLacks) open.offer(mine, {p, rank}, rng);
      any.offer(mine, {p, rank}, rng);
    }
  }
  if (!holder.empty()) return holder.ask();
  if (!open.empty()) return open.ask();
  return any.ask();
}

}  // namespace arena::go_fish
