#include "engines/go_fish/describe.hpp"

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

std::string describe_event(const PublicEvent& event, const Rules& rules,
                           std::span<const std::string> names, int drawn) {
  const std::string& who = names[static_cast<size_t>(event.player)];
  switch (event.kind) {
    case EventKind::kAsk: {
      const std::string rank = rank_name(event.rank, rules);
      const std::string& target = names[static_cast<size_t>(event.target)];
      if (event.count == 0) return fmt::format("{} asks {} for {}s: go fish", who, target, rank);
      return fmt::format("{} asks {} for {}s: {} gives {}", who, target, rank, target, event.count);
    }
    case EventKind::kDraw: {
      const int rank = event.rank >= 0 ? event.rank : drawn;
      const std::string card = rank >= 0 ? fmt::format("a {}", rank_name(rank, rules)) : "a card";
      return event.rank >= 0 ? fmt::format("{} draws {}, the rank asked for: asks again", who, card)
                             : fmt::format("{} draws {}", who, card);
    }
    case EventKind::kBook:
      return fmt::format("{} lays the book of {}s", who, rank_name(event.rank, rules));
    case EventKind::kSkip:
      return fmt::format("{} has no cards and the stock is empty: skips", who);
  }
  return "?";
}

}  // namespace arena::go_fish
