#include "harness/runner/finishing_orders.hpp"

#include <algorithm>

#include "harness/runner/run_stats.hpp"

namespace arena {

void FinishingOrders::add(std::span<const SeatResult> seats) {
  if (seats.size() < 2) return;
  // A forfeit is an order too: the faulty seat ranks below every seat that
  // did not fault. A game whose seats have their own outcomes (a puzzle
  // solved or not) is none, nor one where every seat faulted.
  bool finished = false;
  for (const SeatResult& s : seats) {
    if (s.outcome != Outcome::kByRank && !s.fault) return;
    finished = finished || !s.fault;
  }
  if (!finished) return;
  most_seats_ = std::max(most_seats_, static_cast<int>(seats.size()));
  by_rank_.clear();
  for (const SeatResult& s : seats)
    by_rank_.push_back(&s);
  std::stable_sort(by_rank_.begin(), by_rank_.end(),
                   [](const SeatResult* a, const SeatResult* b) { return a->rank < b->rank; });
  // Each rank's seats are one choice among the seats from there on.
  for (size_t first = 0; first + 1 < by_rank_.size();) {
    size_t end = first + 1;
    while (end < by_rank_.size() && by_rank_[end]->rank == by_rank_[first]->rank)
      ++end;
    left_.clear();
    for (size_t i = first; i < by_rank_.size(); ++i)
      left_.push_back(by_rank_[i]->variant);
    std::sort(left_.begin(), left_.end());
    if (const auto it = choices_.find(left_); it != choices_.end()) {
      ++it->second;
    } else {
      choices_.emplace(left_, 1);
    }
    const uint64_t share = kWinShareUnit / static_cast<uint64_t>(end - first);
    for (size_t i = first; i < end; ++i)
      wins_[static_cast<size_t>(by_rank_[i]->variant)] += share;
    first = end;
  }
}

FinishingOrders& FinishingOrders::operator+=(const FinishingOrders& other) {
  for (const auto& [left, count] : other.choices_)
    choices_[left] += count;
  wins_.resize(std::max(wins_.size(), other.wins_.size()), 0);
  for (size_t v = 0; v < other.wins_.size(); ++v)
    wins_[v] += other.wins_[v];
  most_seats_ = std::max(most_seats_, other.most_seats_);
  return *this;
}

FinishingOrders FinishingOrders::from_parts(std::map<std::vector<int>, uint64_t> choices,
                                            std::vector<uint64_t> wins, int most_seats) {
  FinishingOrders orders;
  orders.choices_ = std::move(choices);
  orders.wins_ = std::move(wins);
  orders.most_seats_ = most_seats;
  return orders;
}

}  // namespace arena
