#include "harness/registry/decision_clock.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifdef ARENA_HAVE_TSC
#include <cpuid.h>
#endif

namespace arena {
namespace {

// An invariant time-stamp counter ticks at one rate in every power state and
// on every core (CPUID 0x80000007, EDX bit 8); ARENA_CLOCK=steady refuses it.
bool invariant_tsc() {
  if (const char* choice = std::getenv("ARENA_CLOCK"); choice && std::strcmp(choice, "steady") == 0)
    return false;
#ifdef ARENA_HAVE_TSC
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx)) return false;
  return (edx & (1u << 8)) != 0;
#else
  return false;
#endif
}

}  // namespace

DecisionClock::DecisionClock() : tsc_(invariant_tsc()) {
  if (tsc_) {
    // Ticks per nanosecond over 10 ms of steady_clock.
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const uint64_t c0 = ticks();
    while (Clock::now() - t0 < std::chrono::milliseconds(10)) {
    }
    const auto t1 = Clock::now();
    const uint64_t c1 = ticks();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
    if (c1 > c0) {
      ns_per_tick_ = ns / static_cast<double>(c1 - c0);
    } else {
      tsc_ = false;  // a counter that does not advance is no clock
    }
  }
  std::vector<uint64_t> pairs(1001);
  for (uint64_t& cost : pairs) {
    const uint64_t start = ticks();
    cost = nanoseconds(ticks() - start);
  }
  std::nth_element(pairs.begin(), pairs.begin() + 500, pairs.end());
  overhead_ns_ = pairs[500];
  // The best of five rounds of 1,000 pairs (the others were interrupted).
  uint64_t best = UINT64_MAX;
  for (int round = 0; round < 5; ++round) {
    const uint64_t begin = ticks();
    for (int i = 0; i < 1000; ++i) {
      [[maybe_unused]] const uint64_t first = ticks();
      [[maybe_unused]] const uint64_t second = ticks();
    }
    best = std::min(best, nanoseconds(ticks() - begin) / 1000);
  }
  pair_cost_ns_ = std::max(best, overhead_ns_);
}

const DecisionClock& DecisionClock::get() {
  static const DecisionClock clock;
  return clock;
}

}  // namespace arena
