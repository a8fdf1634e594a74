// Mergeable run statistics: everything the summary reports, as integers.
//
// Contract: value types with operator+=; integer counts only, so merging in
// any order gives identical results. Wins, losses and draws come from ranks:
// in a game of two or more seats, rank 1 alone is a win, rank 1 shared a draw,
// any other rank a loss. A game with a single seat (one variant solo) is
// counted as played but is not a contest: it adds no win, loss or draw. A
// seat with an explicit Outcome counts that outcome instead. A forfeited game
// counts for wins and losses but adds no metric values; the faulty seat's
// fault is counted. With groups,
// every variant's statistics are also kept per group.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engines/core/latency_histogram.hpp"
#include "engines/core/rng.hpp"
#include "harness/registry/match.hpp"
#include "harness/runner/finishing_orders.hpp"

namespace arena {

// Exact histogram of non-negative integer values (shots, plies, books...).
class IntHistogram {
 public:
  void add(int64_t value);
  IntHistogram& operator+=(const IntHistogram& other);

  uint64_t count() const { return count_; }
  // Rebuilds a histogram from counts()-style values (checkpoints).
  static IntHistogram from_counts(std::vector<uint64_t> counts);
  double mean() const {
    return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0;
  }
  int64_t min() const;
  int64_t max() const;
  // Smallest value v with at least q * count values <= v (q in (0, 1]).
  int64_t quantile(double q) const;
  // Count of each value from 0 to max().
  const std::vector<uint64_t>& counts() const { return counts_; }

 private:
  std::vector<uint64_t> counts_;
  uint64_t count_ = 0;
  uint64_t sum_ = 0;
};

struct Record {
  uint64_t wins = 0;
  uint64_t losses = 0;
  uint64_t draws = 0;

  uint64_t contests() const { return wins + losses + draws; }
  Record& operator+=(const Record& o) {
    wins += o.wins;
    losses += o.losses;
    draws += o.draws;
    return *this;
  }
};

// Results of game pairs between two variants, by the first variant's points
// over the pair (loss 0, draw 1/2, win 1): [LL, LD, WL+DD, WD, WW].
using Pentanomial = std::array<uint64_t, 5>;

// Win share units: a k-way tie for first gives each 1/k of a win, kept as an
// integer count of 1/720720 (the least common multiple of 1..16) so that
// merging is exact; ties of more than 16 round down.
constexpr uint64_t kWinShareUnit = 720720;

// No game (the index of a game not found yet).
constexpr uint64_t kNoGame = UINT64_MAX;

// A game worth a look: its index and the metric value that made it one.
struct GameRef {
  uint64_t game = kNoGame;
  int64_t value = 0;
  bool found() const { return game != kNoGame; }
};

// The games of a variant worth a look, mergeable in any order: per metric the
// game with its lowest and its highest value (the earliest on ties), the first
// game forfeited for each kind of fault, the first game cut off at its bound.
struct NotableGames {
  std::vector<GameRef> lowest;   // one per metric
  std::vector<GameRef> highest;  // one per metric
  std::array<uint64_t, kFaultKinds> first_forfeit = filled(kNoGame);
  uint64_t first_cut_off = kNoGame;

  void add(uint64_t game, const SeatResult& seat, size_t metrics);
  NotableGames& operator+=(const NotableGames& other);

 private:
  static std::array<uint64_t, kFaultKinds> filled(uint64_t value) {
    std::array<uint64_t, kFaultKinds> a;
    a.fill(value);
    return a;
  }
};

struct VariantStats {
  uint64_t games = 0;
  uint64_t rank_sum = 0;
  uint64_t win_share_units = 0;  // sum of 1/k per first place shared by k, in kWinShareUnit
  IntHistogram ranks;            // finishing ranks (1 = first), for the rank distribution
  Record record;
  std::vector<IntHistogram> metrics;             // one per MetricSpec, over games with metrics
  std::array<uint64_t, kFaultKinds> forfeits{};  // games lost by fault, by Fault
  uint64_t cut_off = 0;  // games stopped at the engine's bound before they ended
  NotableGames notable;

  uint64_t forfeit_total() const {
    uint64_t total = 0;
    for (uint64_t n : forfeits)
      total += n;
    return total;
  }

  VariantStats& operator+=(const VariantStats& other);
};

class RunStats {
 public:
  RunStats(int variants, int metrics, int groups = 1);

  // Adds one game's seats (see the contract above). Games with a pair key are
  // also combined with the other game of their pair, whichever comes first.
  // With `game` (its index), the variants' notable games are kept too.
  void add_game(std::span<const SeatResult> seats, std::optional<uint64_t> pair = std::nullopt,
                uint64_t game = kNoGame);
  RunStats& operator+=(const RunStats& other);

  int variants() const { return static_cast<int>(variants_.size()); }
  uint64_t games() const { return games_; }
  // Hash of every decision of every game: the sum over games of
  // mix(game index, game's decision hash), so it does not depend on the order
  // games are merged in (nor on the thread count).
  uint64_t signature() const { return signature_; }
  void add_signature(uint64_t game, uint64_t game_signature) {
    signature_ += splitmix64_mix(game_signature ^ splitmix64_mix(game + 1));
  }
  const VariantStats& variant(int v) const { return variants_[v]; }
  int groups() const { return groups_; }
  // Variant v's statistics over the games of group g (groups() > 1 only).
  const VariantStats& variant_in_group(int v, int g) const { return by_group_[v * groups_ + g]; }
  // Record of variant a against variant b (a != b) over the games both played.
  const Record& pair(int a, int b) const { return pairs_[a * variants() + b]; }
  // Pentanomial counts of variant a against variant b over complete pairs.
  const Pentanomial& pentanomial(int a, int b) const { return pentanomial_[a * variants() + b]; }
  // The ranked games' whole finishing orders, for ratings of tables of three or more seats.
  const FinishingOrders& finishing_orders() const { return orders_; }
  // Decision latency histograms, variant v's phase p at v * kMaxPhases + p (the recorder's layout).
  std::span<LatencyHistogram> latency() { return latency_; }
  // Variant v's decisions in every phase.
  LatencyHistogram latency(int v) const;
  const LatencyHistogram& latency(int v, int phase) const {
    return latency_[v * kMaxPhases + phase];
  }

  // Every count, exactly, as JSON (checkpoints and shards) and back. Only
  // between games of whole pairs (no pair half-played): throws otherwise.
  nlohmann::json to_json() const;
  static RunStats from_json(const nlohmann::json& j);

 private:
  uint64_t games_ = 0;
  uint64_t signature_ = 0;
  int groups_ = 1;
  std::vector<VariantStats> variants_;
  std::vector<VariantStats> by_group_;  // variants x groups, when groups_ > 1
  void add_pair(std::span<const SeatResult> first, std::span<const SeatResult> second);
  static void add_seat(VariantStats& v, const SeatResult& seat, bool contest, int64_t firsts,
                       uint64_t game);

  std::vector<Record> pairs_;             // variants x variants
  std::vector<Pentanomial> pentanomial_;  // variants x variants
  FinishingOrders orders_;
  // The first game of a pair whose second game has not been added yet.
  std::optional<uint64_t> open_pair_;
  std::vector<SeatResult> open_pair_seats_;
  std::vector<LatencyHistogram> latency_;
};

}  // namespace arena
