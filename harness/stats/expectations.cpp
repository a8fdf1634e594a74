#include "harness/stats/expectations.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <fmt/format.h>

#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

int variant_index(const RunConfig& config, const std::string& name) {
  for (size_t v = 0; v < config.players.size(); ++v) {
    if (config.players[v].name == name) return static_cast<int>(v);
  }
  return -1;
}

int metric_index(const std::vector<MetricSpec>& metrics, const std::string& name) {
  for (size_t m = 0; m < metrics.size(); ++m) {
    if (metrics[m].name == name) return static_cast<int>(m);
  }
  return -1;
}

// The smallest value with at least `rank` values at or below it (rank 1: the least).
double value_at_rank(const IntHistogram& h, uint64_t rank) {
  uint64_t seen = 0;
  const auto& counts = h.counts();
  for (size_t value = 0; value < counts.size(); ++value) {
    seen += counts[value];
    if (seen >= rank) return static_cast<double>(value);
  }
  return static_cast<double>(h.max());
}

std::pair<double, double> mean_interval(const IntHistogram& h) {
  const auto n = static_cast<double>(h.count());
  const double mean = h.mean();
  if (n < 2) return {mean, mean};
  double squares = 0;
  const auto& counts = h.counts();
  for (size_t value = 0; value < counts.size(); ++value)
    squares += static_cast<double>(counts[value]) * std::pow(static_cast<double>(value) - mean, 2);
  const double half = kZ95 * std::sqrt(squares / (n - 1) / n);
  return {mean - half, mean + half};
}

std::pair<double, double> quantile_interval(const IntHistogram& h, double q) {
  const auto n = static_cast<double>(h.count());
  const double spread = kZ95 * std::sqrt(n * q * (1 - q));
  const auto rank = [&](double r) { return static_cast<uint64_t>(std::clamp(r, 1.0, n)); };
  return {value_at_rank(h, rank(std::floor(n * q - spread))),
          value_at_rank(h, rank(std::ceil(n * q + spread)))};
}

// The most frequent value (the least of equally frequent ones).
double mode_of(const IntHistogram& h) {
  const auto& counts = h.counts();
  return static_cast<double>(std::max_element(counts.begin(), counts.end()) - counts.begin());
}

// The fraction of the values equal to `at`.
double share_of(const IntHistogram& h, int64_t at) {
  const auto& counts = h.counts();
  const bool held = at >= 0 && static_cast<uint64_t>(at) < counts.size();
  return held
             ? static_cast<double>(counts[static_cast<size_t>(at)]) / static_cast<double>(h.count())
             : 0.0;
}

double statistic(const IntHistogram& h, const std::string& stat, int64_t at) {
  if (stat == "share") return share_of(h, at);
  if (stat == "mode") return mode_of(h);
  if (stat == "median") return static_cast<double>(h.quantile(0.5));
  if (stat == "p90") return static_cast<double>(h.quantile(0.9));
  if (stat == "min") return static_cast<double>(h.min());
  if (stat == "max") return static_cast<double>(h.max());
  return h.mean();
}

}  // namespace

std::pair<double, double> statistic_interval(const IntHistogram& h, const std::string& stat,
                                             int64_t at) {
  if (h.count() == 0) return {0, 0};
  if (stat == "median") return quantile_interval(h, 0.5);
  if (stat == "p90") return quantile_interval(h, 0.9);
  if (stat == "share") return wilson_interval(share_of(h, at), static_cast<double>(h.count()));
  if (stat == "min" || stat == "max" || stat == "mode")
    return {statistic(h, stat, at), statistic(h, stat, at)};
  return mean_interval(h);
}

bool reproduces(double published, double up_to, double tolerance, double low, double high) {
  const double distance = up_to < low ? low - up_to : (published > high ? published - high : 0.0);
  return distance <= tolerance;
}

void validate_expectations(const RunConfig& config, const std::vector<MetricSpec>& metrics) {
  std::vector<std::string> names = {"win_rate"};
  for (const auto& m : metrics)
    names.push_back(m.name);
  for (size_t i = 0; i < config.expect.size(); ++i) {
    const std::string& metric = config.expect[i].metric;
    if (metric != "win_rate" && metric_index(metrics, metric) < 0) {
      throw config.error_at(fmt::format("expect[{}].metric", i),
                            fmt::format("unknown metric '{}'; metrics: {}{}", metric,
                                        fmt::join(names, ", "), did_you_mean(metric, names)));
    }
  }
}

std::vector<ExpectationResult> check_expectations(const RunConfig& config,
                                                  const std::vector<MetricSpec>& metrics,
                                                  const RunStats& stats) {
  std::vector<ExpectationResult> results;
  for (const Expectation& e : config.expect) {
    ExpectationResult r{&e};
    const VariantStats& v = stats.variant(variant_index(config, e.variant));
    if (e.metric == "win_rate") {
      const auto n = static_cast<double>(v.record.contests());
      r.measured_ok = n > 0;
      r.measured =
          score_of(static_cast<double>(v.record.wins), static_cast<double>(v.record.draws), n);
      std::tie(r.low, r.high) = wilson_interval(r.measured, n);
    } else {
      const IntHistogram& h = v.metrics[metric_index(metrics, e.metric)];
      r.measured_ok = h.count() > 0;
      r.measured = statistic(h, e.stat, e.at);
      std::tie(r.low, r.high) = statistic_interval(h, e.stat, e.at);
    }
    r.reproduced =
        r.measured_ok && reproduces(e.value, e.up_to.value_or(e.value), e.tolerance, r.low, r.high);
    results.push_back(r);
  }
  return results;
}

}  // namespace arena
