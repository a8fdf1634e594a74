#include "harness/stats/latency.hpp"

#include <chrono>

#include "engines/core/latency_histogram.hpp"

namespace arena {

uint64_t measure_timer_overhead_ns(int samples) {
  LatencyHistogram histogram;
  for (int i = 0; i < samples; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const auto stop = std::chrono::steady_clock::now();
    histogram.add(static_cast<uint64_t>((stop - start).count()));
  }
  return histogram.quantile(0.5);
}

}  // namespace arena
