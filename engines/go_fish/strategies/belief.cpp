#include "engines/go_fish/strategies/belief.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "engines/core/explain.hpp"
#include "engines/go_fish/describe.hpp"

namespace arena::go_fish {

StrategyInfo BeliefPlayer::info() {
  return {"belief",
          "the seed's belief model (expected cards per rank and player), asking the best "
          "expected x (1 + expected/4), without the seed's bookkeeping faults",
          {}};
}

void BeliefPlayer::begin(const PlayerView& view) {
  const double share = static_cast<double>(view.suits()) / view.players();
  for (int r = 0; r < view.ranks(); ++r) {
    for (int p = 0; p < view.players(); ++p)
      expected_[r][p] = share;
    normalise(view, r);
  }
}

void BeliefPlayer::observe(const PublicEvent& event, const PlayerView& view) {
  if (event.kind == EventKind::kAsk) {
    expected_[event.rank][event.target] = 0;  // it gave every card or had none
    expected_[event.rank][event.player] += event.count;
    normalise(view, event.rank);
  } else if (event.kind == EventKind::kBook) {
    expected_[event.rank].fill(0);
  }
}

// The seed's renormalisation: the players share `suits` cards of the rank, each
// entry at most `suits`; here our own entry is the exact count and the others share
// the rest.
void BeliefPlayer::normalise(const PlayerView& view, int rank) {
  auto& row = expected_[rank];
  if (view.booked(rank)) {
    row.fill(0);
    return;
  }
  const int me = view.me();
  row[me] = view.count(rank);
  double others = 0;
  for (int p = 0; p < view.players(); ++p)
    if (p != me) others += row[p];
  if (others <= 0) return;
  const double scale = (view.suits() - row[me]) / others;
  for (int p = 0; p < view.players(); ++p)
    if (p != me) row[p] = std::min<double>(view.suits(), row[p] * scale);
}

Ask BeliefPlayer::decide(const PlayerView& view, Rng& rng) {
  const Targets targets = legal_targets(view);
  BestAsk best;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    normalise(view, rank);  // our own count may have changed by a hidden draw
    for (int i = 0; i < targets.size; ++i) {
      const Ask ask{targets.seat[i], rank};
      best.offer(score(view, ask), ask, rng);
    }
  }
  if (explaining()) explain_ask(view, best.ask());
  return best.ask();
}

// The model as it stood at the decision, and the best asks (no Rng: the same asks).
void BeliefPlayer::explain_ask(const PlayerView& view, Ask ask) const {
  const nlohmann::json knows =
      knowledge_table(view, [&](int p, int r) { return rounded3(expected_[r][p]); });
  const RankedAsks ranked = ranked_asks(view, ask, 5, [&](Ask a) { return score(view, a); });
  nlohmann::json best = nlohmann::json::array();
  for (const ScoredAsk& a : ranked.best)
    best.push_back({{"target", a.ask.target},
                    {"rank", a.ask.rank},
                    {"expected", rounded3(expected_[a.ask.rank][a.ask.target])},
                    {"score", rounded3(a.score)}});
  const double e = expected_[ask.rank][ask.target];
  const std::string text = fmt::format(
      "expects the target to hold {:.1f} {}: expected × (1 + expected/{}) = {:.2f}, {}", e,
      rank_plural(ask.rank, view.rules()), view.suits(), score(view, ask), best_of(ranked));
  explain({{"text", text}, {"measure", "expected"}, {"knows", knows}, {"asks", best}});
}

}  // namespace arena::go_fish
