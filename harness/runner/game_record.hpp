// What one game reports to the runner, and the timer it gets for decisions.
//
// Contract: a Match fills a GameSink with one SeatResult per participant:
// the variant (index into the config's players), its rank in this game (1 =
// best; equal ranks are ties), its metric values in the order of the match's
// MetricSpecs, optionally an explicit outcome and a group. From ranks (or the
// explicit outcome) the runner derives wins, losses, draws and the pairwise
// records, the same way for every engine.
#pragma once

#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engines/core/decision_timer.hpp"
#include "engines/core/latency_histogram.hpp"
#include "engines/core/rng.hpp"

namespace arena {

constexpr int kMaxMetrics = 4;

// A seat's result when it is not decided by rank among the seats, e.g. a
// puzzle solver wins a board by reaching the optimum.
enum class Outcome : uint8_t { kByRank, kWin, kLoss, kDraw };

struct SeatResult {
  int variant = 0;
  int rank = 1;
  std::array<int64_t, kMaxMetrics> metrics{};
  Outcome outcome = Outcome::kByRank;
  int group = 0;  // index into Match::groups() (e.g. the board size), 0 without groups
};

// Folds a decision into a running hash: integers by value, lists element by element.
template <std::integral T>
void fold_decision(uint64_t& hash, T value) {
  hash = splitmix64_mix(hash ^ static_cast<uint64_t>(value));
}
template <class T>
void fold_decision(uint64_t& hash, const std::vector<T>& values) {
  fold_decision(hash, values.size());
  for (const T& v : values)
    fold_decision(hash, v);
}

// A DecisionTimer (engines/core/decision_timer.hpp) that adds the steady-clock
// duration of each decision to the histogram of the variant making it and the
// phase it is in (histogram variant * kMaxPhases + phase), and folds who
// decided what into the game's signature (a hash of every move).
class LatencyRecorder {
 public:
  explicit LatencyRecorder(std::span<LatencyHistogram> per_variant_phase)
      : per_variant_phase_(per_variant_phase) {}

  template <class F>
  decltype(auto) decide(int variant, F&& f) {
    return decide(variant, 0, std::forward<F>(f));
  }

  template <class F>
  decltype(auto) decide(int variant, int phase, F&& f) {
    const auto start = std::chrono::steady_clock::now();
    decltype(auto) choice = f();
    const auto stop = std::chrono::steady_clock::now();
    per_variant_phase_[variant * kMaxPhases + phase].add(
        static_cast<uint64_t>((stop - start).count()));
    fold_decision(signature_, variant);
    fold_decision(signature_, choice);
    return choice;
  }

  uint64_t signature() const { return signature_; }
  void reset_signature() { signature_ = 0; }

 private:
  std::span<LatencyHistogram> per_variant_phase_;
  uint64_t signature_ = 0;
};

class GameSink {
 public:
  explicit GameSink(std::span<LatencyHistogram> latency) : timer_(latency) {}

  LatencyRecorder& timer() { return timer_; }
  void add(const SeatResult& seat) { seats_.push_back(seat); }
  std::span<const SeatResult> seats() const { return seats_; }
  // Paired games (the same deal played twice with seats swapped) share a key;
  // the runner combines the two into pentanomial counts. Both games of a pair
  // must lie in one series (see Match::series_length).
  void set_pair(uint64_t key) { pair_ = key; }
  std::optional<uint64_t> pair() const { return pair_; }
  void clear() {
    seats_.clear();
    pair_.reset();
    timer_.reset_signature();
  }

 private:
  LatencyRecorder timer_;
  std::vector<SeatResult> seats_;  // reused from game to game: no allocation per game
  std::optional<uint64_t> pair_;
};

}  // namespace arena
