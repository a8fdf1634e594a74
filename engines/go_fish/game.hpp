// Go Fish game state: the hands, the stock and the public state, advanced one
// ask at a time under the rules of rules.hpp.
//
// Contract: a Game is a value type. It is always either over or waiting for
// the ask of `to_move()`: turns that need no decision (an empty hand drawing,
// a skip, a forced draw) are resolved before `play` returns. Every change is
// appended to the public history as PublicEvents in the order it happened
// (ask, then the go-fish draw, then any book), unless the game was built with
// Record::kNothing (play_game does so when no strategy observes events; the
// history then stays empty). Hands are per-rank counts and
// the stock a fixed array, so playing allocates nothing once the history
// buffer (which the caller may lend and take back) has grown to its size.
// Randomness is only the deck order passed in (see shuffled_deck).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engines/core/rng.hpp"
#include "engines/go_fish/rules.hpp"
#include "engines/go_fish/view.hpp"

namespace arena::go_fish {

// A deck as ranks in draw order (cards[0] is dealt first).
struct Deck {
  std::array<int8_t, kMaxCards> cards{};
  int size = 0;
  std::span<const int8_t> span() const { return {cards.data(), static_cast<size_t>(size)}; }
};

// Every card of `rules` in a uniformly random order (Fisher–Yates on `rng`).
Deck shuffled_deck(const Rules& rules, Rng& rng);

// The seat that moves first: 0, or under kRlcard a uniform seat drawn from `rng`
// (the deal's Rng, right after shuffled_deck, so that a deal replayed in another
// seat order starts from the same seat).
inline int first_to_move(const Rules& rules, Rng& rng) {
  if (!random_first_player(rules)) return 0;
  return static_cast<int>(rng.below(static_cast<uint64_t>(rules.players)));
}

struct GameResult {
  int players = 0;
  int turns = 0;           // asks made
  int rounds = 0;          // asks, skipped turns and forced draws (what max_rounds counts)
  bool truncated = false;  // stopped by the round limit before every book was made
  std::array<int, kMaxPlayers> books{};
  // 1 = most books; equal books share a rank (competition ranking: 1, 1, 3).
  std::array<int, kMaxPlayers> rank{};
  int winners = 0;      // seats with rank 1 (a win shared `winners` ways)
  int seed_winner = 0;  // the seed's rule: the first seat with the top score
};

// Whether a Game keeps its public history. Nobody reads the history of a game
// between stateless strategies, and appending it is a sizeable part of such a
// game's cost.
enum class Record : uint8_t { kHistory, kNothing };

class Game {
 public:
  // Deals `deck` one card at a time from seat 0 in seat order, the rest is the stock;
  // books made by the deal are laid; `first` is to move (first_to_move). `history` is a
  // buffer to reuse.
  Game(const Rules& rules, std::span<const int8_t> deck, std::vector<PublicEvent> history = {},
       Record record = Record::kHistory, int first = 0);

  // A position built by hand (tests): these hands, this stock in draw order,
  // `first` to move, book_owner[r] the seat that already laid rank r (-1: none;
  // empty span: no books yet). Books in the given hands are laid at once. Throws
  // std::invalid_argument unless every card is somewhere exactly once.
  static Game arranged(const Rules& rules, std::span<const Hand> hands,
                       std::span<const int8_t> stock, int first = 0,
                       std::span<const int> book_owner = {});

  const Rules& rules() const { return rules_; }
  bool over() const { return over_; }
  int to_move() const { return state_.to_move; }
  const PublicState& public_state() const { return state_; }
  std::span<const PublicEvent> history() const { return history_; }

  // What `seat` may see.
  PlayerView view(int seat) const {
    return PlayerView(rules_, seat, hands_[seat], state_, history_);
  }

  // The ask of to_move(); throws std::invalid_argument when it is not legal.
  void play(Ask ask);

  GameResult result() const;

  // The engine's full knowledge, for referees and tests, never for strategies.
  const Hand& hand(int seat) const { return hands_[seat]; }
  std::span<const int8_t> stock() const {
    return {stock_.data() + stock_top_, static_cast<size_t>(state_.stock_size)};
  }
  // Conservation and consistency: every rank's cards are in hands, the stock or one
  // book; public sizes match the hands; no unlaid book. A message, or nothing if sound.
  std::optional<std::string> invariant_violation() const;

  // A copy in which every card `seat` cannot see (other hands and the stock) is dealt
  // anew at random, keeping every hand size, the books and the history: what `seat`
  // sees is unchanged. (It ignores what the history implies about the hands, so it is a
  // test of hidden information, not a posterior sample.)
  Game resample_hidden(int seat, Rng& rng) const;

  // Takes the history buffer back for reuse by another game.
  std::vector<PublicEvent> release_history() { return std::move(history_); }

 private:
  Game(const Rules& rules, std::vector<PublicEvent> history, Record record);
  int draw(int seat) {
    const int rank = stock_[stock_top_++];
    --state_.stock_size;
    hands_[seat].add(rank);
    ++state_.hand_size[seat];
    return rank;
  }
  void lay_book_if_complete(int seat, int rank) {
    if (hands_[seat].count(rank) >= rules_.suits) lay_book(seat, rank);
  }
  void lay_book(int seat, int rank);
  bool has_target(int seat) const {
    if (may_ask_empty_hands(rules_)) return true;
    if (state_.hand_size[seat == 0 ? 1 : 0] > 0) return true;  // the usual answer, at once
    for (int p = 0; p < rules_.players; ++p)
      if (p != seat && state_.hand_size[p] > 0) return true;
    return false;
  }
  // No division, and a multiplication rather than ?: so that GCC emits no
  // branch: this runs on every go fish. (The preset's test is one predictable branch.)
  void pass_turn() {
    if (passes_to_holders(rules_)) [[unlikely]] {
      pass_to_holder();
      return;
    }
    const int next = state_.to_move + 1;
    state_.to_move = next * (next != rules_.players);
  }
  // kRlcard: the next seat holding cards; the mover keeps the turn if nobody else does.
  void pass_to_holder() {
    for (int i = 1; i < rules_.players; ++i) {
      const int p = (state_.to_move + i) % rules_.players;
      if (state_.hand_size[p] > 0) {
        state_.to_move = p;
        return;
      }
    }
  }
  void log(EventKind kind, int player, int target, int rank, int count) {
    if (record_ == Record::kHistory) append(kind, player, target, rank, count);
  }
  // Not inlined: the growth path of push_back would cost play() a stack frame.
  [[gnu::noinline]] void append(EventKind kind, int player, int target, int rank, int count);
  // Resolves the turns that need no decision until someone must ask or the game is
  // over; the common case (the player to move holds cards and has someone to ask)
  // returns at once.
  void settle() {
    const int p = state_.to_move;
    if (!over_ && rounds_ < round_limit_ && !hands_[p].empty() && has_target(p)) return;
    settle_slowly();
  }
  void settle_slowly();

  Rules rules_;
  PublicState state_;
  std::array<Hand, kMaxPlayers> hands_{};
  std::array<int8_t, kMaxCards> stock_{};
  int stock_top_ = 0;
  int asks_ = 0;
  int rounds_ = 0;
  int round_limit_ = 0;
  bool truncated_ = false;
  bool over_ = false;  // every book laid, or truncated
  Record record_ = Record::kHistory;
  std::vector<PublicEvent> history_;
};

}  // namespace arena::go_fish
