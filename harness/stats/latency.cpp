#include "harness/stats/latency.hpp"

#include "harness/registry/decision_clock.hpp"

namespace arena {

uint64_t measure_timer_overhead_ns() {
  return DecisionClock::get().overhead_ns();
}

}  // namespace arena
