#include "harness/stats/elo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "harness/stats/los.hpp"
#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

const double kNeloScale = 800.0 / std::log(10.0);
constexpr double kInf = std::numeric_limits<double>::infinity();

// Mean and variance of a result distribution over `points` with `counts`.
struct Moments {
  double n = 0;
  double mean = 0;
  double variance = 0;
};

template <size_t K>
Moments moments(const std::array<double, K>& points, const std::array<uint64_t, K>& counts) {
  Moments m;
  for (size_t i = 0; i < K; ++i)
    m.n += static_cast<double>(counts[i]);
  if (m.n == 0) return m;
  for (size_t i = 0; i < K; ++i)
    m.mean += points[i] * static_cast<double>(counts[i]) / m.n;
  for (size_t i = 0; i < K; ++i) {
    m.variance +=
        static_cast<double>(counts[i]) / m.n * (points[i] - m.mean) * (points[i] - m.mean);
  }
  return m;
}

double normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

// +1, -1 or 0 by the sign of s - 1/2.
double side(double score) {
  return score > 0.5 ? 1.0 : (score < 0.5 ? -1.0 : 0.0);
}

// Half the Elo width of s +- half_width; inf when the interval reaches 0 or 1
// or has no width to measure.
double elo_error(double score, double half_width) {
  const double lo = score - half_width;
  const double hi = score + half_width;
  if (half_width <= 0 || lo <= 0 || hi >= 1) return kInf;
  return (elo_of_score(hi) - elo_of_score(lo)) / 2;
}

// `sigma_scale` is 1 per game and sqrt(2) per pair (a pair is two games).
EloEstimate estimate(const Moments& m, double sigma_scale, double draw_share) {
  EloEstimate e;
  e.n = m.n;
  if (m.n == 0) {
    e.elo_error = e.nelo_error = kInf;
    return e;
  }
  e.score = m.mean;
  e.draw_ratio = draw_share;
  e.elo = elo_of_score(m.mean);
  e.finite = std::isfinite(e.elo);
  const double sigma = std::sqrt(m.variance);
  e.elo_error = e.finite ? elo_error(m.mean, kZ95 * sigma / std::sqrt(m.n)) : kInf;
  if (sigma > 0) {
    e.nelo = (m.mean - 0.5) / (sigma * sigma_scale) * kNeloScale;
    e.nelo_error = kZ95 / std::sqrt(m.n) * kNeloScale / sigma_scale;
    e.los_normal = normal_cdf((m.mean - 0.5) / (sigma / std::sqrt(m.n)));
  } else {
    // Every result the same: any difference from 1/2 is infinitely many sigmas.
    e.nelo = side(m.mean) * kInf;
    if (side(m.mean) == 0) e.nelo = 0;
    e.nelo_error = std::isfinite(e.nelo) ? kZ95 / std::sqrt(m.n) * kNeloScale / sigma_scale : kInf;
    e.los_normal = 0.5 + side(m.mean) / 2;
  }
  return e;
}

Moments trinomial(uint64_t wins, uint64_t losses, uint64_t draws) {
  return moments<3>({1.0, 0.0, 0.5}, {wins, losses, draws});
}

Moments pentanomial(const std::array<uint64_t, 5>& pairs) {
  return moments<5>({0.0, 0.25, 0.5, 0.75, 1.0}, pairs);
}

}  // namespace

double elo_of_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400 * std::log10(1 / score - 1) + 0.0;  // + 0.0: an even score is +0, never -0
}

EloEstimate estimate_trinomial(uint64_t wins, uint64_t losses, uint64_t draws) {
  const double games =
      static_cast<double>(wins) + static_cast<double>(losses) + static_cast<double>(draws);
  EloEstimate e = estimate(trinomial(wins, losses, draws), 1.0,
                           games > 0 ? static_cast<double>(draws) / games : 0.0);
  e.los = los_trinomial(wins, losses);
  return e;
}

EloEstimate estimate_pentanomial(const std::array<uint64_t, 5>& pairs) {
  const Moments m = pentanomial(pairs);
  EloEstimate e = estimate(m, std::sqrt(2.0), m.n > 0 ? static_cast<double>(pairs[2]) / m.n : 0.0);
  e.los = los_pentanomial(pairs);
  return e;
}

std::string estimate_text(double value, double error, int decimals, const char* plus_minus) {
  if (!std::isfinite(value)) return value > 0 ? "+inf" : "-inf";
  const std::string shown = fmt::format("{:+.{}f}", value + 0.0, decimals);  // no "-0.0"
  if (!std::isfinite(error)) return fmt::format("{} {} inf", shown, plus_minus);
  return fmt::format("{} {} {:.{}f}", shown, plus_minus, error, decimals);
}

}  // namespace arena
