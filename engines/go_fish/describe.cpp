#include "engines/go_fish/describe.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace arena::go_fish {

std::string rank_name(int rank, const Rules& rules) {
  static constexpr const char* kStandard[] = {"A", "2", "3",  "4", "5", "6", "7",
                                              "8", "9", "10", "J", "Q", "K"};
  if (rules.ranks == 13 && rank >= 0 && rank < 13) return kStandard[rank];
  return std::to_string(rank + 1);
}

namespace {

// Appends `word` to a space-separated list.
void append_word(std::string& list, const std::string& word) {
  if (!list.empty()) list += ' ';
  list += word;
}

}  // namespace

std::vector<std::string> describe_table(const Game& game, std::span<const std::string> names) {
  const Rules& rules = game.rules();
  size_t width = 0;
  for (int s = 0; s < rules.players; ++s)
    width = std::max(width, names[static_cast<size_t>(s)].size());
  std::vector<std::string> lines;
  for (int s = 0; s < rules.players; ++s) {
    std::string hand;
    for (int r = 0; r < rules.ranks; ++r)
      for (int k = 0; k < game.hand(s).count(r); ++k)
        append_word(hand, rank_name(r, rules));
    std::string books;
    for (int r = 0; r < rules.ranks; ++r)
      if (game.public_state().book_owner[static_cast<size_t>(r)] == s)
        append_word(books, rank_name(r, rules));
    lines.push_back(fmt::format("{}{:<{}}  hand ({:>2}): {:<40} books ({}): {}",
                                game.to_move() == s && !game.over() ? "> " : "  ",
                                names[static_cast<size_t>(s)], width, game.hand(s).size(),
                                hand.empty() ? "-" : hand, game.public_state().books[s],
                                books.empty() ? "-" : books));
  }
  std::string stock;
  for (int8_t r : game.stock())
    append_word(stock, rank_name(r, rules));
  lines.push_back(
      fmt::format("  stock ({}): {}", game.stock().size(), stock.empty() ? "-" : stock));
  return lines;
}

std::string rank_word(int rank, const Rules& rules) {
  static constexpr const char* kWords[] = {"ace",  "two",   "three", "four", "five",
                                           "six",  "seven", "eight", "nine", "ten",
                                           "jack", "queen", "king"};
  if (rules.ranks == 13 && rank >= 0 && rank < 13) return kWords[rank];
  return std::to_string(rank + 1);
}

std::string rank_plural(int rank, const Rules& rules) {
  const std::string word = rank_word(rank, rules);
  return word == "six" ? "sixes" : word + "s";
}

std::string a_rank(int rank, const Rules& rules) {
  const std::string word = rank_word(rank, rules);
  // As said aloud: "an ace", "an eight", "an 8", "an 11" (ranks stop at kMaxRanks = 16).
  const bool vowel = word[0] == 'a' || word[0] == 'e' || word[0] == '8' || word == "11";
  return (vowel ? "an " : "a ") + word;
}

std::string rank_cards(int n, int rank, const Rules& rules) {
  return n == 1 ? a_rank(rank, rules) : fmt::format("{} {}", n, rank_plural(rank, rules));
}

std::vector<SeenEvent> seen_events(std::span<const PublicEvent> events,
                                   std::span<const int8_t> stock,
                                   std::array<int, kMaxPlayers> sizes, const Rules& rules) {
  std::vector<SeenEvent> seen;
  size_t drawn = 0;
  for (const PublicEvent& event : events) {
    SeenEvent s{event};
    switch (event.kind) {
      case EventKind::kAsk:
        sizes[event.target] -= event.count;
        sizes[event.player] += event.count;
        break;
      case EventKind::kDraw: {
        s.card = event.rank >= 0 ? event.rank : drawn < stock.size() ? stock[drawn] : -1;
        ++drawn;
        // A draw right after the same player's go fish answers it; otherwise the
        // rules drew for a player who could not ask.
        SeenEvent* ask = seen.empty() ? nullptr : &seen.back();
        if (ask && ask->event.kind == EventKind::kAsk && ask->event.count == 0 &&
            ask->event.player == event.player) {
          ask->drew = true;
          s.asked = ask->event.rank;
        } else {
          s.reason = sizes[event.player] == 0 ? DrawReason::kEmptyHand : DrawReason::kNobodyToAsk;
        }
        ++sizes[event.player];
        break;
      }
      case EventKind::kBook:
        sizes[event.player] -= rules.suits;
        break;
      case EventKind::kSkip:
        break;
    }
    seen.push_back(s);
  }
  return seen;
}

namespace {

std::string describe_draw(const SeenEvent& s, const Rules& rules, const std::string& who) {
  const std::string card = s.card >= 0 ? a_rank(s.card, rules) : "a card";
  switch (s.reason) {
    case DrawReason::kEmptyHand:
      return fmt::format("{} has no cards: draws {}", who, card);
    case DrawReason::kNobodyToAsk:
      return fmt::format("{} has nobody to ask: draws {} and passes", who, card);
    case DrawReason::kFish:
      break;
  }
  if (s.event.rank >= 0)
    return fmt::format("{} draws {}, the rank asked for: asks again", who, card);
  if (s.card >= 0 && s.card == s.asked)
    return fmt::format("{} draws {}, the rank asked for (these rules pass the turn)", who, card);
  return fmt::format("{} draws {}", who, card);
}

}  // namespace

std::string describe_event(const SeenEvent& seen, const Rules& rules,
                           std::span<const std::string> names) {
  const PublicEvent& event = seen.event;
  const std::string& who = names[static_cast<size_t>(event.player)];
  switch (event.kind) {
    case EventKind::kAsk: {
      const std::string asked = rank_plural(event.rank, rules);
      const std::string& target = names[static_cast<size_t>(event.target)];
      if (event.count > 0)
        return fmt::format("{} asks {} for {}: {} gives {}", who, target, asked, target,
                           rank_cards(event.count, event.rank, rules));
      return fmt::format("{} asks {} for {}: go fish{}", who, target, asked,
                         seen.drew ? "" : " (the stock is empty)");
    }
    case EventKind::kDraw:
      return describe_draw(seen, rules, who);
    case EventKind::kBook:
      return fmt::format("{} lays the book of {}", who, rank_plural(event.rank, rules));
    case EventKind::kSkip:
      return fmt::format("{} has no cards and the stock is empty: skips", who);
  }
  return "?";
}

}  // namespace arena::go_fish
