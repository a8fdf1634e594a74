// The cost of timing itself.
#pragma once

#include <cstdint>

namespace arena {

// Median nanoseconds between two consecutive steady_clock::now() calls,
// measured over `samples` pairs: the overhead folded into every recorded
// decision latency. Measured once per run and reported in summary.json.
uint64_t measure_timer_overhead_ns(int samples = 100000);

}  // namespace arena
