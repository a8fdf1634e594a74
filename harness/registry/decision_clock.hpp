// The clock that times decisions: the CPU's time-stamp counter where it is
// invariant (one reading costs a few nanoseconds, about half a steady_clock
// reading here), calibrated once against steady_clock; steady_clock elsewhere.
//
// Contract: ticks() is monotonic per thread and comparable across threads
// (an invariant TSC is one clock for every core); nanoseconds(t1 - t0)
// converts a difference of two readings. Calibration runs once per process
// (about 10 ms, on first use) and is read-only afterwards.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define ARENA_HAVE_TSC 1
#endif

namespace arena {

class DecisionClock {
 public:
  // The process's clock (calibrated on first use; thread-safe).
  static const DecisionClock& get();

  uint64_t ticks() const {
#ifdef ARENA_HAVE_TSC
    if (tsc_) return __rdtsc();
#endif
    return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  }
  uint64_t nanoseconds(uint64_t ticks) const {
    return tsc_ ? static_cast<uint64_t>(static_cast<double>(ticks) * ns_per_tick_) : ticks;
  }
  // Whether the time-stamp counter is used (else steady_clock).
  bool uses_tsc() const {
    return tsc_;
  }
  // The median time between two back-to-back readings, in nanoseconds: what
  // a reading around a decision adds to the decision's measured time.
  uint64_t overhead_ns() const {
    return overhead_ns_;
  }
  // What a pair of readings costs the thread that takes it, in nanoseconds
  // (measured over many pairs in a row: a reading's own cost exceeds the
  // time between two).
  uint64_t pair_cost_ns() const {
    return pair_cost_ns_;
  }

 private:
  DecisionClock();
  bool tsc_ = false;
  double ns_per_tick_ = 1;
  uint64_t overhead_ns_ = 0;
  uint64_t pair_cost_ns_ = 0;
};

}  // namespace arena
