// Benchmark support: a benchmark per strategy setting, derived from an
// engine's strategy list (engines/core/strategy_list.hpp), never hand-kept.
#pragma once

#include <string>
#include <vector>

#include "engines/core/strategy_list.hpp"
#include "harness/config/params.hpp"

namespace arena::bench {

// "density" for the defaults, "density/checkerboard_weight=1.5" for a sample:
// benchmark names without spaces, so --benchmark_filter stays easy.
inline std::string bench_label(const std::vector<StrategyInfo>& infos,
                               const StrategySetting& setting) {
  std::string label = setting.strategy;
  if (setting.sample == 0) return label;
  for (const StrategyInfo& info : infos) {
    if (info.name != setting.strategy) continue;
    for (const auto& [name, value] : info.samples[static_cast<size_t>(setting.sample - 1)])
      label += "/" + name + "=" + format_value(value);
  }
  return label;
}

}  // namespace arena::bench
