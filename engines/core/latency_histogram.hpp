// Log-linear integer histogram of durations in nanoseconds.
//
// Contract: a mergeable value type (operator+=) holding only integers, so the
// merged result does not depend on merge order. Buckets: values below 128 are
// exact; above, each power of two is split into kSub = 64 equal sub-buckets,
// so a quantile, reported as its bucket's midpoint, is within 1/128 (0.8%) of
// a value in the bucket. Only the range of buckets used is stored (it grows
// by an octave at a time), so a histogram of a few hundred decisions costs a
// few hundred bytes and merging it touches no more. count() is every
// decision; when cheap decisions are timed by sample (the harness's
// LatencyRecorder), the others are counted with add_untimed(), and the
// quantiles, mean and max describe the timed ones (timed()), whose sum and
// max are exact.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace arena {

class LatencyHistogram {
 public:
  static constexpr int kSubBits = 6;
  static constexpr int kSub = 1 << kSubBits;
  // One past the bucket of the largest uint64_t.
  static constexpr int kBuckets = (64 - kSubBits + 1) * kSub;

  void add(uint64_t ns) {
    const int b = bucket_of(ns);
    if (static_cast<size_t>(b - first_) >= counts_.size()) [[unlikely]]
      cover(b, b + 1);
    ++counts_[static_cast<size_t>(b - first_)];
    ++count_;
    ++timed_;
    sum_ += ns;
    max_ = std::max(max_, ns);
  }
  // Decisions counted but not timed.
  void add_untimed(uint64_t decisions = 1) { count_ += decisions; }

  LatencyHistogram& operator+=(const LatencyHistogram& other) {
    if (!other.counts_.empty()) {
      cover(other.first_, other.first_ + static_cast<int>(other.counts_.size()));
      const size_t offset = static_cast<size_t>(other.first_ - first_);
      for (size_t i = 0; i < other.counts_.size(); ++i)
        counts_[offset + i] += other.counts_[i];
    }
    count_ += other.count_;
    timed_ += other.timed_;
    sum_ += other.sum_;
    max_ = std::max(max_, other.max_);
    return *this;
  }

  uint64_t count() const { return count_; }
  uint64_t timed() const { return timed_; }
  uint64_t max() const { return max_; }
  double mean() const { return timed_ ? static_cast<double>(sum_) / timed_ : 0.0; }
  uint64_t bucket_count(int bucket) const {
    const auto i = static_cast<size_t>(bucket - first_);
    return i < counts_.size() ? counts_[i] : 0;
  }
  uint64_t sum() const { return sum_; }
  // The buckets used, in increasing order: [bucket, decisions] where decisions > 0.
  std::vector<std::pair<int, uint64_t>> used_buckets() const {
    std::vector<std::pair<int, uint64_t>> used;
    for (size_t i = 0; i < counts_.size(); ++i)
      if (counts_[i]) used.emplace_back(first_ + static_cast<int>(i), counts_[i]);
    return used;
  }

  // A histogram rebuilt from its parts (as saved in a checkpoint): the used
  // buckets' counts, the exact sum and maximum, and every decision counted
  // (0: those in the buckets).
  static LatencyHistogram from_parts(std::span<const std::pair<int, uint64_t>> buckets,
                                     uint64_t sum, uint64_t max, uint64_t count = 0) {
    LatencyHistogram h;
    for (const auto& [b, n] : buckets) {
      h.cover(b, b + 1);
      h.counts_[static_cast<size_t>(b - h.first_)] += n;
      h.timed_ += n;
    }
    h.count_ = std::max(count, h.timed_);
    h.sum_ = sum;
    h.max_ = max;
    return h;
  }

  // The q-quantile (0 < q <= 1) of the timed decisions as the midpoint of the
  // bucket holding it, never above the exact maximum; 0 when none was timed.
  uint64_t quantile(double q) const {
    if (timed_ == 0) return 0;
    const auto rank = static_cast<uint64_t>(std::max(1.0, q * static_cast<double>(timed_) + 0.5));
    uint64_t seen = 0;
    for (size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen < rank) continue;
      const int b = first_ + static_cast<int>(i);
      return std::min(max_, bucket_low(b) + (bucket_high(b) - bucket_low(b)) / 2);
    }
    return max_;
  }

  static int bucket_of(uint64_t ns) {
    if (ns < 2 * kSub) return static_cast<int>(ns);
    const int msb = 63 - std::countl_zero(ns);
    const int sub = static_cast<int>((ns >> (msb - kSubBits)) & (kSub - 1));
    return (msb - kSubBits + 1) * kSub + sub;
  }
  // Smallest value in bucket b (0 <= b < kBuckets).
  static uint64_t bucket_low(int b) {
    if (b < 2 * kSub) return static_cast<uint64_t>(b);
    const int msb = b / kSub + kSubBits - 1;
    return (uint64_t{1} << msb) | (static_cast<uint64_t>(b % kSub) << (msb - kSubBits));
  }
  // Largest value in bucket b (0 <= b < kBuckets).
  static uint64_t bucket_high(int b) {
    if (b < 2 * kSub) return static_cast<uint64_t>(b);
    const int msb = b / kSub + kSubBits - 1;
    return bucket_low(b) + ((uint64_t{1} << (msb - kSubBits)) - 1);
  }

 private:
  // Grows the stored range to hold buckets [lo, hi), an octave beyond on the
  // side that grows (so that a run's durations settle after a few growths).
  void cover(int lo, int hi) {
    if (counts_.empty()) {
      first_ = std::max(0, lo - kSub / 2);
      counts_.assign(static_cast<size_t>(std::min(kBuckets, hi + kSub / 2) - first_), 0);
      return;
    }
    const int last = first_ + static_cast<int>(counts_.size());
    const int new_first = lo < first_ ? std::max(0, lo - kSub) : first_;
    const int new_last = hi > last ? std::min(kBuckets, hi + kSub) : last;
    if (new_first == first_ && new_last == last) return;
    std::vector<uint64_t> grown(static_cast<size_t>(new_last - new_first), 0);
    std::copy(counts_.begin(), counts_.end(), grown.begin() + (first_ - new_first));
    counts_ = std::move(grown);
    first_ = new_first;
  }

  std::vector<uint64_t> counts_;  // buckets [first_, first_ + counts_.size())
  int first_ = 0;
  uint64_t count_ = 0;
  uint64_t timed_ = 0;
  uint64_t sum_ = 0;
  uint64_t max_ = 0;
};

}  // namespace arena
