// Whole finishing orders of ranked games, reduced to what a Plackett-Luce
// fit needs (harness/stats/plackett_luce.hpp), mergeable in any order.
//
// Contract: a finishing order is read as a sequence of choices. The first
// place is chosen from all seats, the next from the seats left, and so on;
// the last seat left is no choice. Seats tied on a rank (k of them) are one
// choice whose win is shared equally (1/k each, as a draw is half a win in
// Bradley-Terry), and leave the seats left together. So a two-seat game is
// exactly one Bradley-Terry result. A choice is kept as the multiset of the
// variants of the seats left (a variant playing two seats appears twice).
// Games of two or more seats are added when every seat is ranked
// (Outcome::kByRank) or forfeited (its fault set; it ranks last, below every
// seat that did not fault, and the seats that did not are ranked as the game
// left them): a forfeit is a finishing order, the faulty seat last. Games
// with seats of their own outcome (Outcome::kWin, say) are left out, and so
// are games in which every seat faulted.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "harness/registry/match.hpp"

namespace arena {

class FinishingOrders {
 public:
  explicit FinishingOrders(int variants = 0) : wins_(static_cast<size_t>(variants), 0) {}

  void add(std::span<const SeatResult> seats);
  FinishingOrders& operator+=(const FinishingOrders& other);

  // Seats left at a choice (variant indices, sorted) -> how many such choices.
  const std::map<std::vector<int>, uint64_t>& choices() const { return choices_; }
  // Choices won by each variant, in kWinShareUnit (run_stats.hpp) so that ties merge exactly.
  const std::vector<uint64_t>& wins() const { return wins_; }
  // The most seats of a game added (a fit of whole orders says more than pairs from 3 on).
  int most_seats() const { return most_seats_; }

  // For checkpoints (stats_io.cpp).
  static FinishingOrders from_parts(std::map<std::vector<int>, uint64_t> choices,
                                    std::vector<uint64_t> wins, int most_seats);

 private:
  std::map<std::vector<int>, uint64_t> choices_;
  std::vector<uint64_t> wins_;
  int most_seats_ = 0;
  // Reused for each game's seats, so that adding a game allocates only for a new choice.
  std::vector<const SeatResult*> by_rank_;
  std::vector<int> left_;
};

}  // namespace arena
