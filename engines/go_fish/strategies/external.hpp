// Strategy `external`: a separate program chooses the asks (docs/protocol.md).
//
// Contract: as every strategy (../strategy.hpp), through a BotLink
// (engines/core/bot_link.hpp). Its view is exactly what its player may see:
// its own hand (cards per rank), every hand's size, the stock, every player's
// books and who laid each rank's book, the whole public history, and whom the
// rules let it ask. The reply {"target": seat, "rank": r} is the ask; the game
// judges it (an ask the rules forbid forfeits).
#pragma once

#include <fmt/format.h>

#include "engines/core/bot_link.hpp"
#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

// A public event as the protocol writes it.
inline nlohmann::json event_json(const PublicEvent& e) {
  switch (e.kind) {
    case EventKind::kAsk:
      return {{"kind", "ask"},
              {"player", e.player},
              {"target", e.target},
              {"rank", e.rank},
              {"count", e.count}};
    case EventKind::kDraw:
      return {{"kind", "draw"},
              {"player", e.player},
              {"rank", e.rank >= 0 ? nlohmann::json(e.rank) : nlohmann::json(nullptr)}};
    case EventKind::kBook:
      return {{"kind", "book"}, {"player", e.player}, {"rank", e.rank}};
    case EventKind::kSkip:
      break;
  }
  return {{"kind", "skip"}, {"player", e.player}};
}

// The player's view as the protocol writes it.
inline nlohmann::json view_json(const PlayerView& view) {
  nlohmann::json hand = nlohmann::json::array(), books = nlohmann::json::array(),
                 sizes = nlohmann::json::array(), owners = nlohmann::json::array(),
                 history = nlohmann::json::array(), targets = nlohmann::json::array();
  for (int r = 0; r < view.ranks(); ++r) {
    hand.push_back(view.count(r));
    owners.push_back(view.book_owner(r));
  }
  for (int p = 0; p < view.players(); ++p) {
    sizes.push_back(view.hand_size(p));
    books.push_back(view.books(p));
    if (view.can_target(p)) targets.push_back(p);
  }
  for (const PublicEvent& e : view.history())
    history.push_back(event_json(e));
  return {{"me", view.me()},
          {"players", view.players()},
          {"ranks", view.ranks()},
          {"suits", view.suits()},
          {"hand", hand},
          {"hand_sizes", sizes},
          {"stock", view.stock_size()},
          {"books", books},
          {"book_owner", owners},
          {"history", history},
          {"targets", targets}};
}

class ExternalPlayer : public ExternalStrategy {
 public:
  using ExternalStrategy::ExternalStrategy;

  // The view carries the whole public history, which a game keeps only when
  // some seat observes: this one does (its observe() itself does nothing).
  static constexpr bool kObserves = true;
  void begin(const PlayerView& /*view*/) {}
  void observe(const PublicEvent& /*event*/, const PlayerView& /*view*/) {}

  Ask decide(const PlayerView& view, Rng& rng) {
    BotLink& bot = link(rng);
    const nlohmann::json reply = decide_explained(bot, view_json(view));
    const int64_t target = reply_integer(bot, reply, "target");
    const int64_t rank = reply_integer(bot, reply, "rank");
    // Out of the game's range, said here as sent (the game judges the rest).
    if (target < 0 || target >= view.players()) {
      illegal(fmt::format("go fish: an ask of seat {}: no such seat (seats are 0 to {})", target,
                          view.players() - 1));
    }
    if (rank < 0 || rank >= view.ranks()) {
      illegal(fmt::format("go fish: an ask for rank {}: no such rank (ranks are 0 to {})", rank,
                          view.ranks() - 1));
    }
    return {static_cast<int>(target), static_cast<int>(rank)};
  }
};

}  // namespace arena::go_fish
