// Checks a run against the published figures its config states (`expect`).
#pragma once

#include <string>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

struct ExpectationResult {
  const Expectation* expectation = nullptr;
  bool measured_ok = false;  // false when there is nothing to measure (e.g. no contests)
  double measured = 0;
  bool reproduced = false;  // |measured - value| <= tolerance
};

// Throws ConfigError (at expect[i].metric) for a metric the match does not report.
void validate_expectations(const RunConfig& config, const std::vector<MetricSpec>& metrics);

std::vector<ExpectationResult> check_expectations(const RunConfig& config,
                                                  const std::vector<MetricSpec>& metrics,
                                                  const RunStats& stats);

// One line per figure: variant, figure, published value, measured, verdict, source.
std::string expectations_text(const std::vector<ExpectationResult>& results);

}  // namespace arena
