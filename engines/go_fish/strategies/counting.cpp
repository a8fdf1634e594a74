#include "engines/go_fish/strategies/counting.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "engines/core/explain.hpp"
#include "engines/go_fish/describe.hpp"

namespace arena::go_fish {

StrategyInfo CountingPlayer::info() {
  const Params d;
  return {"counting",
          "exact card counting: bounds per player and rank from the history; asks the likeliest "
          "hit, weighted toward books, revealing little",
          {ParamSpec::real("book_weight", d.book_weight, 0, 1e6,
                           "weight of completing a book with the answer"),
           ParamSpec::real("lucky_weight", d.lucky_weight, 0, 1e6,
                           "weight of drawing the rank asked for after a miss"),
           ParamSpec::real("reveal_weight", d.reveal_weight, 0, 1e6,
                           "cost of showing the others a rank we hold")},
          {{{"reveal_weight", 0.0}}}};
}

CountingParams CountingPlayer::params_from(const ParamSet& values) {
  return {values.real("book_weight"), values.real("lucky_weight"), values.real("reveal_weight")};
}

struct CountingPlayer::Spread {
  int free_cards = 0;  // cards of the rank outside our hand not pinned by lower bounds
  int positions = 0;   // stock cards plus every opponent's room for more of the rank
  std::array<int, kMaxPlayers> room{};  // per opponent: how many more it may hold
};

void CountingPlayer::begin(const PlayerView& view) {
  // Nobody holds a whole book (it would have been laid).
  for (int p = 0; p < view.players(); ++p)
    for (int r = 0; r < view.ranks(); ++r)
      hi_[p][r] = static_cast<int8_t>(std::min(view.suits() - 1, view.hand_size(p)));
}

void CountingPlayer::observe(const PublicEvent& event, const PlayerView& view) {
  const int cap = view.suits() - 1;
  const int fished_player = fished_player_;
  fished_player_ = -1;
  switch (event.kind) {
    case EventKind::kAsk: {
      auto& lo = lo_[event.player][event.rank];
      auto& hi = hi_[event.player][event.rank];
      // The asker held at least one; hi stays >= lo so a laid book (next event) clears both.
      lo = static_cast<int8_t>(std::max<int>(lo, 1) + event.count);
      hi = static_cast<int8_t>(std::max<int>(hi + event.count, lo));
      lo_[event.target][event.rank] = hi_[event.target][event.rank] = 0;
      if (event.count == 0) {
        fished_player_ = event.player;
        fished_rank_ = event.rank;
      }
      break;
    }
    case EventKind::kDraw:
      if (event.rank >= 0) {
        ++lo_[event.player][event.rank];
        auto& hi = hi_[event.player][event.rank];
        hi = static_cast<int8_t>(
            std::max<int>(std::min(hi + 1, cap), lo_[event.player][event.rank]));
        break;
      }
      for (int r = 0; r < view.ranks(); ++r) {
        // A hidden go-fish draw is not the rank asked when a lucky draw would be shown.
        if (fished_player == event.player && r == fished_rank_ &&
            lucky_draw_asks_again(view.rules()))
          continue;
        auto& hi = hi_[event.player][r];
        hi = static_cast<int8_t>(std::min(hi + 1, cap));
      }
      break;
    case EventKind::kBook:
      for (int p = 0; p < view.players(); ++p)
        lo_[p][event.rank] = hi_[p][event.rank] = 0;
      break;
    case EventKind::kSkip:
      break;
  }
  for (int p = 0; p < view.players(); ++p)
    if (view.hand_size(p) == 0) hi_[p].fill(0);
}

// Room in `player`'s hand beyond the cards the bounds pin down.
int CountingPlayer::free_slots(const PlayerView& view, int player) const {
  int known = 0;
  for (int r = 0; r < view.ranks(); ++r)
    known += lo_[player][r];
  return std::max(0, view.hand_size(player) - known);
}

CountingPlayer::Spread CountingPlayer::spread(const PlayerView& view, int rank) const {
  Spread s;
  if (view.booked(rank)) return s;
  int pinned = 0;
  for (int p = 0; p < view.players(); ++p)
    if (p != view.me()) pinned += lo_[p][rank];
  s.free_cards = std::max(0, view.suits() - view.count(rank) - pinned);
  s.positions = view.stock_size();
  for (int p = 0; p < view.players(); ++p) {
    if (p == view.me()) continue;
    s.room[p] =
        std::clamp(hi_[p][rank] - lo_[p][rank], 0, std::min(free_slots(view, p), s.free_cards));
    s.positions += s.room[p];
  }
  return s;
}

int CountingPlayer::upper_bound(const PlayerView& view, int player, int rank) const {
  if (player == view.me()) return view.count(rank);
  return lo_[player][rank] + spread(view, rank).room[player];
}

// P(at least one of the free cards lies in the player's room), the free cards
// being placed uniformly without replacement over all the positions.
static double miss_probability(int free_cards, int positions, int room) {
  if (room == 0) return 1;
  if (positions - room < free_cards) return 0;  // they cannot all fit elsewhere
  double none = 1;
  for (int i = 0; i < free_cards; ++i)
    none *= static_cast<double>(positions - room - i) / (positions - i);
  return none;
}

double CountingPlayer::hit_probability(const PlayerView& view, int player, int rank) const {
  if (lo_[player][rank] > 0) return 1;
  const Spread s = spread(view, rank);
  return 1 - miss_probability(s.free_cards, s.positions, s.room[player]);
}

constexpr double kSureHitBonus = 1e6;

// P(all `needed` free cards lie in a room of `room` positions out of `positions`).
static double all_in_room(int needed, int positions, int room) {
  if (room < needed) return 0;
  double all = 1;
  for (int i = 0; i < needed; ++i)
    all *= static_cast<double>(room - i) / (positions - i);
  return all;
}

double CountingPlayer::book_probability(const PlayerView& view, Ask ask) const {
  return book_probability(view, ask, spread(view, ask.rank));
}

double CountingPlayer::book_probability(const PlayerView& view, Ask ask, const Spread& s) const {
  const int room = s.room[ask.target];
  const bool may_hit =
      lo_[ask.target][ask.rank] > 0 || miss_probability(s.free_cards, s.positions, room) < 1;
  // A book now needs every card we lack in the target's hand: none pinned elsewhere,
  // every free card in its room.
  int pinned_elsewhere = 0;
  for (int p = 0; p < view.players(); ++p)
    if (p != view.me() && p != ask.target) pinned_elsewhere += lo_[p][ask.rank];
  return pinned_elsewhere > 0 ? 0 : all_in_room(s.free_cards, s.positions, room) * may_hit;
}

double CountingPlayer::score(const PlayerView& view, Ask ask) const {
  const Spread s = spread(view, ask.rank);
  const int lo = lo_[ask.target][ask.rank];
  const int room = s.room[ask.target];
  const double hit = lo > 0 ? 1 : 1 - miss_probability(s.free_cards, s.positions, room);
  const double book = book_probability(view, ask, s);
  const double miss = 1 - hit;
  double lucky = 0;
  if (view.stock_size() > 0 && s.positions > 0)
    lucky = static_cast<double>(s.free_cards) / s.positions;  // a stock card is the rank
  const bool revealed = lo_[view.me()][ask.rank] > 0;
  // A miss tells the table we hold the rank: every card of it we hold becomes a target.
  const double exposed = revealed ? 0 : miss * view.count(ask.rank);
  // A sure hit keeps the turn at no risk, so every sure hit comes before any gamble.
  const double sure = hit >= 1 ? kSureHitBonus : 0;
  return sure + hit + params_.book_weight * book + params_.lucky_weight * miss * lucky -
         params_.reveal_weight * exposed;
}

Ask CountingPlayer::decide(const PlayerView& view, Rng& rng) const {
  const Targets targets = legal_targets(view);
  BestAsk best;
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    const int rank = std::countr_zero(held);
    for (int i = 0; i < targets.size; ++i) {
      const Ask ask{targets.seat[i], rank};
      best.offer(score(view, ask), ask, rng);
    }
  }
  if (explaining()) explain_ask(view, best.ask());
  return best.ask();
}

// The hit probabilities it counted and the best asks (no Rng: the same asks).
void CountingPlayer::explain_ask(const PlayerView& view, Ask ask) const {
  const nlohmann::json knows =
      knowledge_table(view, [&](int p, int r) { return rounded3(hit_probability(view, p, r)); });
  const RankedAsks ranked = ranked_asks(view, ask, 5, [&](Ask a) { return score(view, a); });
  nlohmann::json best = nlohmann::json::array();
  for (const ScoredAsk& a : ranked.best) {
    const bool sure = a.score >= kSureHitBonus;
    best.push_back({{"target", a.ask.target},
                    {"rank", a.ask.rank},
                    {"hit", rounded3(hit_probability(view, a.ask.target, a.ask.rank))},
                    {"book", rounded3(book_probability(view, a.ask))},
                    {"sure", sure},
                    {"score", rounded3(a.score - (sure ? kSureHitBonus : 0))}});
  }
  const std::string card = a_rank(ask.rank, view.rules());
  const double hit = hit_probability(view, ask.target, ask.rank);
  const std::string text =
      hit >= 1 ? fmt::format(
                     "the target surely holds {}, counted from the history: a sure hit "
                     "keeps the turn",
                     card)
               : fmt::format(
                     "P(the target holds {}) = {:.2f}, P(the answer completes the book) "
                     "= {:.2f}: {}",
                     card, hit, book_probability(view, ask), best_of(ranked));
  explain({{"text", text}, {"measure", "probability"}, {"knows", knows}, {"asks", best}});
}

}  // namespace arena::go_fish
