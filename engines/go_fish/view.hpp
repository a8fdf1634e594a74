// What a Go Fish player may see: its own hand, the public state and the public
// history. Strategies receive only a PlayerView.
//
// Contract: a PlayerView holds a copy of its owner's hand, a pointer to the
// PublicState (hand sizes, stock size, books; never a card of a hand) and a
// span over the public history. It has no member, pointer or friend that
// reaches another hand, so a strategy cannot see one; tests check this with
// concepts and by re-dealing the hidden cards under a fixed view. Views are
// transient: they refer to the game's public state and are valid only during
// the call they are passed to.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engines/go_fish/rules.hpp"

namespace arena::go_fish {

// One hand as per-rank counts, with the set of held ranks as a bit mask.
class Hand {
 public:
  int count(int rank) const { return counts_[rank]; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool holds(int rank) const { return counts_[rank] != 0; }
  uint32_t held_ranks() const { return held_; }  // bit r set when rank r is held
  // Kept as a count: popcount is a library call on baseline x86-64.
  int distinct_ranks() const { return kinds_; }

  void add(int rank, int n = 1) {
    kinds_ += counts_[rank] == 0;
    counts_[rank] = static_cast<uint8_t>(counts_[rank] + n);
    size_ += n;
    held_ |= 1u << rank;
  }
  // Removes every card of `rank` and returns how many there were.
  int take_all(int rank) {
    const int n = counts_[rank];
    kinds_ -= n != 0;
    counts_[rank] = 0;
    size_ -= n;
    held_ &= ~(1u << rank);
    return n;
  }

 private:
  std::array<uint8_t, kMaxRanks> counts_{};
  uint32_t held_ = 0;
  int16_t size_ = 0;
  int16_t kinds_ = 0;
};

enum class EventKind : uint8_t {
  kAsk,   // player asked target for rank; count cards were handed over (0: go fish)
  kDraw,  // player drew one card from the stock; rank is shown (lucky draw) or -1
  kBook,  // player laid the book of rank
  kSkip,  // player's turn came with an empty hand and an empty stock
};

struct PublicEvent {
  EventKind kind = EventKind::kAsk;
  int8_t player = 0;
  int8_t target = -1;
  int8_t rank = -1;
  int8_t count = 0;
  friend bool operator==(const PublicEvent&, const PublicEvent&) = default;
};

// An ask: the decision a strategy makes.
struct Ask {
  int target = 0;
  int rank = 0;
  friend bool operator==(const Ask&, const Ask&) = default;
};

// Asks travel through DecisionTimer as one integer.
constexpr int encode(Ask ask) {
  return ask.target * 64 + ask.rank;
}
constexpr Ask decode(int code) {  // codes are never negative: shifts, not divisions
  const auto bits = static_cast<unsigned>(code);
  return {static_cast<int>(bits >> 6), static_cast<int>(bits & 63u)};
}

// Everything about a game that every player sees. No card of any hand.
struct PublicState {
  std::array<int, kMaxPlayers> hand_size{};
  std::array<int, kMaxPlayers> books{};
  std::array<int8_t, kMaxRanks> book_owner{};  // seat that laid the rank's book, -1 if none
  int stock_size = 0;
  int books_laid = 0;
  int to_move = 0;
};

class PlayerView {
 public:
  PlayerView(const Rules& rules, int me, const Hand& own, const PublicState& state,
             std::span<const PublicEvent> history)
      : rules_(&rules), state_(&state), history_(history), own_(own), me_(me) {}

  const Rules& rules() const { return *rules_; }
  int me() const { return me_; }
  int players() const { return rules_->players; }
  int ranks() const { return rules_->ranks; }
  int suits() const { return rules_->suits; }

  const Hand& hand() const { return own_; }  // the viewer's own hand only
  int count(int rank) const { return own_.count(rank); }

  int hand_size(int player) const { return state_->hand_size[player]; }
  int stock_size() const { return state_->stock_size; }
  int books(int player) const { return state_->books[player]; }
  int book_owner(int rank) const { return state_->book_owner[rank]; }
  bool booked(int rank) const { return state_->book_owner[rank] >= 0; }
  int books_laid() const { return state_->books_laid; }
  std::span<const PublicEvent> history() const { return history_; }

  // Whether `target` may be asked at all (rank aside).
  bool can_target(int target) const {
    return target != me_ && target >= 0 && target < players() &&
           (hand_size(target) > 0 || may_ask_empty_hands(*rules_));
  }
  bool legal(Ask ask) const {
    return can_target(ask.target) && ask.rank >= 0 && ask.rank < ranks() && own_.holds(ask.rank);
  }

 private:
  const Rules* rules_;
  const PublicState* state_;
  std::span<const PublicEvent> history_;
  Hand own_;
  int me_;
};

}  // namespace arena::go_fish
