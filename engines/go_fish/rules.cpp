#include "engines/go_fish/rules.hpp"

namespace arena::go_fish {

// The common case without building any message (every game checks its rules).
static bool playable(const Rules& r) {
  return r.players >= 2 && r.players <= kMaxPlayers && r.ranks >= 1 && r.ranks <= kMaxRanks &&
         r.suits >= 2 && r.suits <= kMaxSuits && r.hand_size >= 0 && r.max_rounds >= 0 &&
         dealt_per_player(r) * r.players <= r.ranks * r.suits;
}

std::optional<std::string> check(const Rules& rules) {
  if (playable(rules)) return std::nullopt;
  auto out_of = [](const char* name, int value, int lo, int hi) -> std::optional<std::string> {
    if (value >= lo && value <= hi) return std::nullopt;
    return std::string(name) + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
           ", got " + std::to_string(value);
  };
  if (auto e = out_of("players", rules.players, 2, kMaxPlayers)) return e;
  if (auto e = out_of("ranks", rules.ranks, 1, kMaxRanks)) return e;
  // One suit would make every card a book on its own.
  if (auto e = out_of("suits", rules.suits, 2, kMaxSuits)) return e;
  if (rules.hand_size < 0) return "hand_size must be 0 (default) or positive";
  if (rules.max_rounds < 0) return "max_rounds must be 0 (default) or positive";
  const int deck = rules.ranks * rules.suits;
  const int dealt = dealt_per_player(rules) * rules.players;
  if (dealt > deck)
    return "hand_size: " + std::to_string(rules.players) + " players × " +
           std::to_string(dealt_per_player(rules)) + " cards = " + std::to_string(dealt) +
           " exceeds the deck of " + std::to_string(deck) + " cards";
  return std::nullopt;
}

}  // namespace arena::go_fish
