// Go Fish positions and events in words, for people reading a game (arena
// replay): an omniscient view that shows every hand and every drawn card.
//
// Ranks read as English in sentences ("draws an ace", "asks for sixes", "an
// 8" with numbered ranks); the table's compact lines keep the card letters
// (A 2 ... 10 J Q K).
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engines/go_fish/game.hpp"

namespace arena::go_fish {

// "A", "2" ... "10", "J", "Q", "K" with 13 ranks; "1" ... "n" otherwise.
std::string rank_name(int rank, const Rules& rules);

// The rank as a word: "ace", "two" ... "king" with 13 ranks; "1" ... "n" otherwise.
std::string rank_word(int rank, const Rules& rules);
// Its plural: "aces", "sixes", "8s".
std::string rank_plural(int rank, const Rules& rules);
// One card of it with its article: "an ace", "a king", "an eight", "an 8", "an 11".
std::string a_rank(int rank, const Rules& rules);
// `n` cards of it: "a seven", "2 sevens".
std::string rank_cards(int n, int rank, const Rules& rules);

// Every seat's hand and books, then the stock: one line each. `names[s]` names seat s.
std::vector<std::string> describe_table(const Game& game, std::span<const std::string> names);

// Why a player drew a card.
enum class DrawReason : uint8_t {
  kFish,         // its ask was answered "go fish"
  kEmptyHand,    // its turn came with no cards
  kNobodyToAsk,  // nobody else holds a card: it draws and the turn passes
};

// One event as the viewer sees it: with the card a draw took (-1: unknown),
// why it was drawn, and for a go fish whether a draw followed.
struct SeenEvent {
  PublicEvent event;
  int card = -1;                          // a draw's card
  DrawReason reason = DrawReason::kFish;  // a draw's reason
  int asked = -1;                         // a go-fish draw: the rank asked for
  bool drew = false;                      // a go-fish ask: the asker drew (the stock was not empty)
};

// The events one ask caused (or the deal), seen by the viewer. `stock` is the
// stock before them in draw order (the cards the draws took, in order);
// `sizes` the hand sizes before them; `suits` cards make a book.
std::vector<SeenEvent> seen_events(std::span<const PublicEvent> events,
                                   std::span<const int8_t> stock,
                                   std::array<int, kMaxPlayers> sizes, const Rules& rules);

// What one event did, e.g. "alice asks bob for sevens: go fish" or "alice
// draws an ace, the rank asked for: asks again".
std::string describe_event(const SeenEvent& seen, const Rules& rules,
                           std::span<const std::string> names);

}  // namespace arena::go_fish
