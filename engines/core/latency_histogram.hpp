// Log-bucketed integer histogram of durations in nanoseconds.
//
// Contract: a mergeable value type (operator+=) holding only integers, so the
// merged result does not depend on merge order. Buckets: values below 16 are
// exact; above, each power of two is split into 8 sub-buckets (relative error
// of a reported quantile at most 12.5%, reported as the bucket's midpoint).
// count() is every decision; when cheap decisions are timed by sample (the
// harness's LatencyRecorder), the others are counted with add_untimed(), and
// the quantiles, mean and max describe the timed ones (timed()), whose sum
// and max are exact.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace arena {

class LatencyHistogram {
 public:
  static constexpr int kSubBits = 3;
  static constexpr int kSub = 1 << kSubBits;
  static constexpr int kBuckets = 64 * kSub;

  void add(uint64_t ns) {
    ++counts_[bucket_of(ns)];
    ++count_;
    ++timed_;
    sum_ += ns;
    max_ = std::max(max_, ns);
  }
  // Decisions counted but not timed.
  void add_untimed(uint64_t decisions = 1) { count_ += decisions; }

  LatencyHistogram& operator+=(const LatencyHistogram& other) {
    for (int i = 0; i < kBuckets; ++i)
      counts_[i] += other.counts_[i];
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
  uint64_t bucket_count(int bucket) const { return counts_[bucket]; }
  uint64_t sum() const { return sum_; }

  // A histogram rebuilt from its parts (as saved in a checkpoint): bucket
  // counts, the exact sum and maximum, and every decision counted (0: those
  // in the buckets).
  static LatencyHistogram from_parts(const std::array<uint64_t, kBuckets>& counts, uint64_t sum,
                                     uint64_t max, uint64_t count = 0) {
    LatencyHistogram h;
    h.counts_ = counts;
    for (uint64_t c : counts)
      h.timed_ += c;
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
    for (int b = 0; b < kBuckets; ++b) {
      seen += counts_[b];
      if (seen >= rank) return std::min(max_, (bucket_low(b) + bucket_high(b)) / 2);
    }
    return max_;
  }

  static int bucket_of(uint64_t ns) {
    if (ns < 2 * kSub) return static_cast<int>(ns);
    const int msb = 63 - std::countl_zero(ns);
    const int sub = static_cast<int>((ns >> (msb - kSubBits)) & (kSub - 1));
    return (msb - kSubBits + 1) * kSub + sub;
  }
  // Smallest value in bucket b.
  static uint64_t bucket_low(int b) {
    if (b < 2 * kSub) return static_cast<uint64_t>(b);
    const int msb = b / kSub + kSubBits - 1;
    return (uint64_t{1} << msb) | (static_cast<uint64_t>(b % kSub) << (msb - kSubBits));
  }
  // Largest value in bucket b.
  static uint64_t bucket_high(int b) {
    if (b < 2 * kSub) return static_cast<uint64_t>(b);
    const int msb = b / kSub + kSubBits - 1;
    return bucket_low(b) + (uint64_t{1} << (msb - kSubBits)) - 1;
  }

 private:
  std::array<uint64_t, kBuckets> counts_{};
  uint64_t count_ = 0;
  uint64_t timed_ = 0;
  uint64_t sum_ = 0;
  uint64_t max_ = 0;
};

}  // namespace arena
