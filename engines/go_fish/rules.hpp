// Go Fish rules: the parameters of a game and what they resolve to.
//
// Contract (preset kStandard, the rules of issue 5):
// - A deck of `ranks` × `suits` cards. `players` in 2..kMaxPlayers, seat 0 plays first.
// - Deal `hand_size` cards each, one at a time in seat order (0: 7 each with 2–3 players, 5
//   with 4 or more). The rest is the stock. Books made by the deal are laid at once.
// - On your turn ask one other player who holds cards for a rank you hold. If they hold
//   it they hand over every card of it and you ask again. If not ("go fish") you draw the
//   top card of the stock (nothing when it is empty); if it is the rank you asked for and
//   `ask_again_on_lucky_draw` is on, you show it and ask again, otherwise the turn passes
//   to the next seat (seat + 1).
// - `suits` cards of a rank form a book, laid down at once (after every draw or transfer).
// - A player whose turn comes with an empty hand draws one card and plays on; with an
//   empty stock they skip. A player with cards but no opponent holding any (possible
//   only while the stock is not empty) draws one card and the turn passes.
// - The game ends when every rank is booked. Most books wins; equal top scores share.
//
// Preset kSeed reproduces the rules the seed's Java code plays (GoFishGame in
// ../shared/seeds/004_877d3451f2d896cf.txt):
// - 5 cards each whatever the player count (`hand_size` 0 resolves to 5);
// - seat 0 starts; after a successful ask the asker asks again, after a go fish the
//   turn always passes, even when the drawn card is the rank asked for (the seed has no
//   lucky-draw rule, so `ask_again_on_lucky_draw` is ignored and draws are never shown);
// - any other player may be asked, also one with an empty hand (the seed never checks;
//   such an ask is a go fish);
// - an empty hand at the start of a turn draws one card and plays on, with an empty
//   stock the turn is skipped (playRound);
// - the game ends when the stock and every hand are empty (isGameOver, i.e. all books
//   made) or after 200 rounds, a round being one ask or one skipped turn (the
//   `rounds < 200` loop of StrategyComparison); then books may be missing.
// Preset kRlcard reproduces the rules of the Go Fish game in the RLCard fork
// github.com/MixMasterMitch/rlcard (rlcard/games/go_fish/game.py at commit 5fa264d, the
// commit of its published win rates; docs/go-fish.md "Published figures"). It is kStandard
// but for:
// - the first player is drawn uniformly from the deal's Rng, after the shuffle
//   (first_to_move in game.hpp), instead of seat 0;
// - the turn passes to the next seat (seat + 1, + 2, ...) that holds cards: a player
//   whose hand was emptied by others is skipped and never draws again (with 2 players
//   the other keeps asking, and fishing, until the stock is empty); when nobody else
//   holds cards the player to move keeps the turn;
// - any other player may be asked, also one with an empty hand (such an ask is a go
//   fish), so a player holding cards always asks.
// As under kStandard, the player to move whose hand empties (its own ask or draw made
// a book) draws one card and asks again, or with an empty stock passes.
// The seed's winner rule (first seat with the top score) is reported separately in
// GameResult::seed_winner under every preset.
//
// Every game also stops after `max_rounds` rounds (asks, skips and forced draws) so a
// pair of deterministic strategies that never find the last cards cannot hang a run;
// GameResult::truncated says when that happened.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace arena::go_fish {

constexpr int kMaxPlayers = 10;
constexpr int kMaxRanks = 16;  // held-rank sets are 16-bit masks
constexpr int kMaxSuits = 8;
constexpr int kMaxCards = kMaxRanks * kMaxSuits;
constexpr int kSeedMaxRounds = 200;
constexpr int kDefaultMaxRounds = 10000;  // self-play games take under 200

enum class Preset : uint8_t { kStandard, kSeed, kRlcard };

struct Rules {
  int ranks = 13;
  int suits = 4;
  int players = 2;                      // 2..kMaxPlayers
  int hand_size = 0;                    // 0: 7 with 2–3 players, 5 with 4+ (kSeed: 5 always)
  bool ask_again_on_lucky_draw = true;  // ignored by kSeed
  Preset preset = Preset::kStandard;
  int max_rounds = 0;  // 0: kDefaultMaxRounds (kSeed: kSeedMaxRounds)
};

// Cards dealt to each player once defaults are applied.
constexpr int dealt_per_player(const Rules& rules) {
  if (rules.hand_size > 0) return rules.hand_size;
  if (rules.preset == Preset::kSeed) return 5;
  return rules.players <= 3 ? 7 : 5;
}

// The round limit once defaults are applied.
constexpr int round_limit(const Rules& rules) {
  if (rules.max_rounds > 0) return rules.max_rounds;
  return rules.preset == Preset::kSeed ? kSeedMaxRounds : kDefaultMaxRounds;
}

// Whether a lucky draw is shown and the asker asks again.
constexpr bool lucky_draw_asks_again(const Rules& rules) {
  return rules.preset != Preset::kSeed && rules.ask_again_on_lucky_draw;
}

// Whether a player with an empty hand may be asked (the seed and RLCard allow it).
constexpr bool may_ask_empty_hands(const Rules& rules) {
  return rules.preset != Preset::kStandard;
}

// Whether the turn passes to the next seat holding cards, skipping empty hands (RLCard).
constexpr bool passes_to_holders(const Rules& rules) {
  return rules.preset == Preset::kRlcard;
}

// Whether the first player is drawn at random (RLCard) rather than seat 0.
constexpr bool random_first_player(const Rules& rules) {
  return rules.preset == Preset::kRlcard;
}

// Why these rules cannot be played (a message naming the field), or nothing when they can.
std::optional<std::string> check(const Rules& rules);

}  // namespace arena::go_fish
