#include "harness/runner/run_stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arena {

void IntHistogram::add(int64_t value) {
  if (value < 0) throw std::invalid_argument("IntHistogram: negative value");
  const auto index = static_cast<size_t>(value);
  if (index >= counts_.size()) counts_.resize(index + 1, 0);
  ++counts_[index];
  ++count_;
  sum_ += static_cast<uint64_t>(value);
}

IntHistogram& IntHistogram::operator+=(const IntHistogram& other) {
  if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
  for (size_t i = 0; i < other.counts_.size(); ++i)
    counts_[i] += other.counts_[i];
  count_ += other.count_;
  sum_ += other.sum_;
  return *this;
}

int64_t IntHistogram::min() const {
  for (size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i]) return static_cast<int64_t>(i);
  }
  return 0;
}

int64_t IntHistogram::max() const {
  for (size_t i = counts_.size(); i-- > 0;) {
    if (counts_[i]) return static_cast<int64_t>(i);
  }
  return 0;
}

int64_t IntHistogram::quantile(double q) const {
  if (count_ == 0) return 0;
  const auto rank =
      static_cast<uint64_t>(std::max(1.0, std::ceil(q * static_cast<double>(count_))));
  uint64_t seen = 0;
  for (size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen >= rank) return static_cast<int64_t>(i);
  }
  return max();
}

RunStats::RunStats(int variants, int metrics, int groups)
    : groups_(groups),
      variants_(variants),
      by_group_(groups > 1 ? static_cast<size_t>(variants) * groups : 0),
      pairs_(static_cast<size_t>(variants) * variants),
      pentanomial_(static_cast<size_t>(variants) * variants, Pentanomial{}),
      orders_(variants),
      latency_(static_cast<size_t>(variants) * kMaxPhases) {
  for (auto& v : variants_)
    v.metrics.resize(metrics);
  for (auto& v : by_group_)
    v.metrics.resize(metrics);
}

namespace {

// Points of `variant` in a game: 2 for a win, 1 for a draw, 0 for a loss (half points).
int half_points(std::span<const SeatResult> seats, int variant) {
  int firsts = 0;
  const SeatResult* mine = nullptr;
  for (const SeatResult& s : seats) {
    firsts += s.rank == 1;
    if (s.variant == variant) mine = &s;
  }
  if (!mine || mine->rank != 1) return 0;
  return firsts > 1 ? 1 : 2;
}

}  // namespace

void RunStats::add_pair(std::span<const SeatResult> first, std::span<const SeatResult> second) {
  for (const SeatResult& a : first) {
    for (const SeatResult& b : first) {
      if (a.variant == b.variant) continue;
      // a's points over both games, in half points: 0..4 indexes LL, LD, WL+DD, WD, WW.
      const int points = half_points(first, a.variant) + half_points(second, a.variant);
      ++pentanomial_[a.variant * variants() + b.variant][points];
    }
  }
}

void RunStats::add_game(std::span<const SeatResult> seats, std::optional<uint64_t> pair,
                        uint64_t game) {
  if (pair) {
    if (open_pair_ == pair) {
      add_pair(open_pair_seats_, seats);
      open_pair_.reset();
    } else {
      open_pair_ = pair;
      open_pair_seats_.assign(seats.begin(), seats.end());
    }
  }
  ++games_;
  const bool contest = seats.size() >= 2;
  orders_.add(seats);
  const auto firsts =
      std::count_if(seats.begin(), seats.end(), [](auto& s) { return s.rank == 1; });
  for (const SeatResult& seat : seats) {
    add_seat(variants_[seat.variant], seat, contest, firsts, game);
    if (groups_ > 1)
      add_seat(by_group_[seat.variant * groups_ + seat.group], seat, contest, firsts, game);
    if (!contest) continue;
    for (const SeatResult& other : seats) {
      if (&other == &seat || other.variant == seat.variant) continue;
      Record& r = pairs_[seat.variant * variants() + other.variant];
      if (seat.rank < other.rank) {
        ++r.wins;
      } else if (seat.rank > other.rank) {
        ++r.losses;
      } else {
        ++r.draws;
      }
    }
  }
}

void RunStats::add_seat(VariantStats& v, const SeatResult& seat, bool contest, int64_t firsts,
                        uint64_t game) {
  ++v.games;
  if (game != kNoGame) v.notable.add(game, seat, v.metrics.size());
  v.rank_sum += static_cast<uint64_t>(seat.rank);
  v.ranks.add(seat.rank);
  if (contest && seat.rank == 1) v.win_share_units += kWinShareUnit / static_cast<uint64_t>(firsts);
  if (seat.has_metrics) {
    for (size_t m = 0; m < v.metrics.size(); ++m)
      v.metrics[m].add(seat.metrics[m]);
  }
  if (seat.fault) ++v.forfeits[static_cast<size_t>(*seat.fault)];
  if (seat.cut_off) ++v.cut_off;
  switch (seat.outcome) {
    case Outcome::kWin:
      ++v.record.wins;
      return;
    case Outcome::kLoss:
      ++v.record.losses;
      return;
    case Outcome::kDraw:
      ++v.record.draws;
      return;
    case Outcome::kByRank:
      break;
  }
  if (!contest) return;
  if (seat.rank != 1) {
    ++v.record.losses;
  } else if (firsts > 1) {
    ++v.record.draws;
  } else {
    ++v.record.wins;
  }
}

LatencyHistogram RunStats::latency(int v) const {
  LatencyHistogram all;
  for (int p = 0; p < kMaxPhases; ++p)
    all += latency(v, p);
  return all;
}

namespace {

// The earlier of two games with equal values wins, so merging in any order agrees.
bool lower(const GameRef& a, const GameRef& b) {
  return !b.found() ||
         (a.found() && (a.value < b.value || (a.value == b.value && a.game < b.game)));
}
bool higher(const GameRef& a, const GameRef& b) {
  return !b.found() ||
         (a.found() && (a.value > b.value || (a.value == b.value && a.game < b.game)));
}

}  // namespace

void NotableGames::add(uint64_t game, const SeatResult& seat, size_t metrics) {
  if (seat.fault) {
    uint64_t& first = first_forfeit[static_cast<size_t>(*seat.fault)];
    first = std::min(first, game);
  }
  if (seat.cut_off) first_cut_off = std::min(first_cut_off, game);
  if (!seat.has_metrics) return;
  lowest.resize(metrics);
  highest.resize(metrics);
  for (size_t m = 0; m < metrics; ++m) {
    const GameRef here{game, seat.metrics[m]};
    if (lower(here, lowest[m])) lowest[m] = here;
    if (higher(here, highest[m])) highest[m] = here;
  }
}

NotableGames& NotableGames::operator+=(const NotableGames& o) {
  lowest.resize(std::max(lowest.size(), o.lowest.size()));
  highest.resize(std::max(highest.size(), o.highest.size()));
  for (size_t m = 0; m < o.lowest.size(); ++m) {
    if (lower(o.lowest[m], lowest[m])) lowest[m] = o.lowest[m];
    if (higher(o.highest[m], highest[m])) highest[m] = o.highest[m];
  }
  for (size_t f = 0; f < first_forfeit.size(); ++f)
    first_forfeit[f] = std::min(first_forfeit[f], o.first_forfeit[f]);
  first_cut_off = std::min(first_cut_off, o.first_cut_off);
  return *this;
}

VariantStats& VariantStats::operator+=(const VariantStats& o) {
  games += o.games;
  rank_sum += o.rank_sum;
  win_share_units += o.win_share_units;
  ranks += o.ranks;
  record += o.record;
  for (size_t m = 0; m < metrics.size(); ++m)
    metrics[m] += o.metrics[m];
  for (size_t f = 0; f < forfeits.size(); ++f)
    forfeits[f] += o.forfeits[f];
  cut_off += o.cut_off;
  notable += o.notable;
  return *this;
}

RunStats& RunStats::operator+=(const RunStats& other) {
  games_ += other.games_;
  signature_ += other.signature_;
  for (size_t i = 0; i < variants_.size(); ++i) {
    variants_[i] += other.variants_[i];
  }
  for (size_t i = 0; i < latency_.size(); ++i)
    latency_[i] += other.latency_[i];
  for (size_t i = 0; i < by_group_.size(); ++i)
    by_group_[i] += other.by_group_[i];
  for (size_t i = 0; i < pairs_.size(); ++i) {
    pairs_[i] += other.pairs_[i];
    for (size_t k = 0; k < 5; ++k)
      pentanomial_[i][k] += other.pentanomial_[i][k];
  }
  orders_ += other.orders_;
  return *this;
}

}  // namespace arena
