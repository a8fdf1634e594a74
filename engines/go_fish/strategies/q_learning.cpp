#include "engines/go_fish/strategies/q_learning.hpp"

#include <array>

namespace arena::go_fish {

StrategyInfo QLearningPlayer::info() {
  return {"q-learning",
          "asks the best action value of a table over features of an ask (card counting's "
          "hit and book chances, cards held, stock, table size); trained by arena train",
          {ParamSpec::file("policy",
                           "policy file written by arena train (relative to the config); "
                           "empty: the documented prior, a card counter's order"),
           ParamSpec::real("exploration", 0, 0, 1,
                           "probability of a uniform legal ask instead of the best (training)")},
          {{{"exploration", 0.1}}}};
}

namespace {

std::shared_ptr<const QTable> prior_table() {
  static const auto kPrior = std::make_shared<const QTable>(QTable::prior());
  return kPrior;
}

}  // namespace

QLearningParams QLearningPlayer::params_from(const ParamSet& values) {
  const std::string& policy = values.text("policy");
  return {policy.empty() ? prior_table() : std::make_shared<const QTable>(QTable::read(policy)),
          values.real("exploration")};
}

QLearningPlayer::QLearningPlayer(const Params& params)
    : table_(params.table ? params.table : prior_table()), exploration_(params.exploration) {}

double QLearningPlayer::margin(const PlayerView& view) {
  double others = 0;
  for (int p = 0; p < view.players(); ++p)
    if (p != view.me()) others += view.books(p);
  return view.books(view.me()) - others / (view.players() - 1);
}

int QLearningPlayer::key(const PlayerView& view, Ask ask) const {
  AskFeatures f;
  f.held = held_bucket(view.count(ask.rank));
  f.hit = hit_bucket(counting_.hit_probability(view, ask.target, ask.rank));
  f.book = book_bucket(counting_.book_probability(view, ask));
  f.revealed = counting_.lower_bound(view.me(), ask.rank) > 0 ? 1 : 0;
  f.stock = stock_bucket(view.stock_size());
  f.table = table_bucket(view.players());
  return key_of(f);
}

Ask QLearningPlayer::decide(const PlayerView& view, Rng& rng) {
  const Targets targets = legal_targets(view);
  std::array<Ask, kMaxRanks * kMaxPlayers> asks;
  std::array<uint16_t, kMaxRanks * kMaxPlayers> keys;
  int n = 0;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (int i = 0; i < targets.size; ++i) {
      asks[n] = {targets.seat[i], rank};
      keys[n] = static_cast<uint16_t>(key(view, asks[n]));
      ++n;
    }
  }
  int chosen = 0;
  if (exploration_ > 0 && rng.uniform01() < exploration_) {
    chosen = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
  } else {
    BestAsk best;
    for (int i = 0; i < n; ++i)
      best.offer(table_->value(keys[i]), {i, 0}, rng);  // the index rides in `target`
    chosen = best.ask().target;
  }
  if (trace_) {
    trace_->steps.push_back({keys[chosen], static_cast<uint32_t>(trace_->keys.size()),
                             static_cast<uint16_t>(n), margin(view)});
    trace_->keys.insert(trace_->keys.end(), keys.begin(), keys.begin() + n);
  }
  return asks[chosen];
}

}  // namespace arena::go_fish
