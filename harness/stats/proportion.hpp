// Win rates and their confidence intervals.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

namespace arena {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% normal quantile

// Score of a record: (wins + draws / 2) / games; 0 when there are no games.
inline double score_of(double wins, double draws, double games) {
  return games > 0 ? (wins + draws / 2) / games : 0.0;
}

// Wilson score interval for a proportion p observed over n trials; [0, 1] when n == 0.
inline std::pair<double, double> wilson_interval(double p, double n, double z = kZ95) {
  if (n <= 0) return {0.0, 1.0};
  const double z2 = z * z;
  const double denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace arena
