// The cost of timing itself.
#pragma once

#include <cstdint>

namespace arena {

// Median nanoseconds between two consecutive readings of the clock that times
// decisions (DecisionClock: the time-stamp counter, or steady_clock): the
// overhead folded into every recorded decision latency. Measured once per
// process and reported in summary.json.
uint64_t measure_timer_overhead_ns();

}  // namespace arena
