#include "harness/stats/expectations.hpp"

#include <cmath>

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

double statistic(const IntHistogram& h, const std::string& stat) {
  if (stat == "median") return static_cast<double>(h.quantile(0.5));
  if (stat == "p90") return static_cast<double>(h.quantile(0.9));
  if (stat == "min") return static_cast<double>(h.min());
  if (stat == "max") return static_cast<double>(h.max());
  return h.mean();
}

}  // namespace

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
    } else {
      const IntHistogram& h = v.metrics[metric_index(metrics, e.metric)];
      r.measured_ok = h.count() > 0;
      r.measured = statistic(h, e.stat);
    }
    r.reproduced = r.measured_ok && std::fabs(r.measured - e.value) <= e.tolerance;
    results.push_back(r);
  }
  return results;
}

std::string expectations_text(const std::vector<ExpectationResult>& results) {
  std::string out;
  for (const auto& r : results) {
    const Expectation& e = *r.expectation;
    const std::string figure = e.metric == "win_rate" ? e.metric : e.metric + " " + e.stat;
    out += fmt::format("expect {} {}: published {} ± {}, measured {}: {}  [{}]\n", e.variant,
                       figure, e.value, e.tolerance,
                       r.measured_ok ? fmt::format("{:.4g}", r.measured) : std::string("n/a"),
                       r.reproduced ? "REPRODUCED" : "NOT REPRODUCED", e.source);
  }
  return out;
}

}  // namespace arena
