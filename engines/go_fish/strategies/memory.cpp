#include "engines/go_fish/strategies/memory.hpp"

#include <fmt/format.h>

#include "engines/core/explain.hpp"
#include "engines/go_fish/describe.hpp"

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
  const Ask chosen = !holder.empty() ? holder.ask() : !open.empty() ? open.ask() : any.ask();
  if (explaining()) explain_ask(view, chosen);
  return chosen;
}

// What it knew and which of its three rules chose `ask` (no Rng: the same asks).
void MemoryPlayer::explain_ask(const PlayerView& view, Ask ask) const {
  const nlohmann::json knows = knowledge_table(view, [&](int p, int r) {
    const Knowledge k = known_[p][r];
    return k == Knowledge::kHolds   ? nlohmann::json(1)
           : k == Knowledge::kLacks ? nlohmann::json(0)
                                    : nlohmann::json();
  });
  const Rules& rules = view.rules();
  const std::string ranks = rank_plural(ask.rank, rules);
  const int mine = view.count(ask.rank);
  std::string text;
  switch (known_[ask.target][ask.rank]) {
    case Knowledge::kHolds:
      text = fmt::format(
          "the target is known to hold {} (it asked for them or showed one); {} in "
          "hand",
          ranks, mine);
      break;
    case Knowledge::kUnknown:
      text = fmt::format(
          "no known holder of a rank in hand: asks for {} ({} in hand) from a "
          "player not known to lack them",
          ranks, mine);
      break;
    case Knowledge::kLacks:
      text =
          fmt::format("every player is known to lack the ranks in hand: asks for {} anyway", ranks);
      break;
  }
  explain({{"text", text}, {"measure", "known"}, {"knows", knows}});
}

}  // namespace arena::go_fish
