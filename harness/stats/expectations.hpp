// Checks a run against the published figures its config states (`expect`).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

struct ExpectationResult {
  const Expectation* expectation = nullptr;
  bool measured_ok = false;  // false when there is nothing to measure (e.g. no contests)
  double measured = 0;
  double low = 0, high = 0;  // the measured value's 95% interval (statistic_interval)
  bool reproduced = false;   // reproduces(value, up_to, tolerance, low, high)
};

// The 95% interval of a statistic (mean, median, p90, min, max, mode, share)
// of the values in `h`, from their sampling error: the mean +- 1.96 standard
// errors; for a quantile q of n values, the values at ranks n q -+ 1.96
// sqrt(n q (1 - q)) (the distribution-free interval from order statistics);
// for the share of values equal to `at`, the Wilson score interval; min, max
// and mode have none (their own value). A histogram of one value: that value.
std::pair<double, double> statistic_interval(const IntHistogram& h, const std::string& stat,
                                             int64_t at = 0);

// A published figure (a value, or a range from `published` to `up_to`) is
// reproduced when it lies within its tolerance of the measured value's 95%
// interval (a range: when some value of it does): a run of few games is not
// refuted by its own sampling error, and a wrong figure fails however many
// games are played (docs/statistics.md).
bool reproduces(double published, double up_to, double tolerance, double low, double high);
inline bool reproduces(double published, double tolerance, double low, double high) {
  return reproduces(published, published, tolerance, low, high);
}

// Throws ConfigError (at expect[i].metric) for a metric the match does not report.
void validate_expectations(const RunConfig& config, const std::vector<MetricSpec>& metrics);

std::vector<ExpectationResult> check_expectations(const RunConfig& config,
                                                  const std::vector<MetricSpec>& metrics,
                                                  const RunStats& stats);

}  // namespace arena
