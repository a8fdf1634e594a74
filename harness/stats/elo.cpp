#include "harness/stats/elo.hpp"

#include <cmath>
#include <limits>

#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

const double kNeloScale = 800.0 / std::log(10.0);

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

// `sigma_scale` is 1 per game and sqrt(2) per pair (a pair is two games).
EloEstimate estimate(const Moments& m, double sigma_scale, double draw_share) {
  EloEstimate e;
  e.n = m.n;
  if (m.n == 0) return e;
  e.score = m.mean;
  e.draw_ratio = draw_share;
  e.elo = elo_of_score(m.mean);
  e.finite = std::isfinite(e.elo);
  const double sigma = std::sqrt(m.variance);
  const double half_width = kZ95 * sigma / std::sqrt(m.n);
  if (e.finite) {
    const double lo = std::max(m.mean - half_width, 1e-12);
    const double hi = std::min(m.mean + half_width, 1 - 1e-12);
    e.elo_error = (elo_of_score(hi) - elo_of_score(lo)) / 2;
  }
  if (sigma > 0) {
    e.nelo = (m.mean - 0.5) / (sigma * sigma_scale) * kNeloScale;
    e.nelo_error = kZ95 / std::sqrt(m.n) * kNeloScale / sigma_scale;
    e.los = normal_cdf((m.mean - 0.5) / (sigma / std::sqrt(m.n)));
  } else {
    e.los = m.mean > 0.5 ? 1.0 : (m.mean < 0.5 ? 0.0 : 0.5);
  }
  return e;
}

double llr(const SprtTest& test, const Moments& m, double sigma_scale) {
  if (m.n == 0 || m.variance <= 0) return 0;
  double s0 = 0;
  double s1 = 0;
  if (test.model == SprtModel::kLogistic) {
    s0 = 1 / (1 + std::pow(10.0, -test.elo0 / 400));
    s1 = 1 / (1 + std::pow(10.0, -test.elo1 / 400));
  } else {
    const double sigma = std::sqrt(m.variance) * sigma_scale;
    s0 = 0.5 + test.elo0 * sigma / kNeloScale;
    s1 = 0.5 + test.elo1 * sigma / kNeloScale;
  }
  return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
}

Moments trinomial(uint64_t wins, uint64_t losses, uint64_t draws) {
  return moments<3>({1.0, 0.0, 0.5}, {wins, losses, draws});
}

Moments pentanomial(const std::array<uint64_t, 5>& pairs) {
  return moments<5>({0.0, 0.25, 0.5, 0.75, 1.0}, pairs);
}

}  // namespace

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

EloEstimate estimate_trinomial(uint64_t wins, uint64_t losses, uint64_t draws) {
  const double games = static_cast<double>(wins + losses + draws);
  return estimate(trinomial(wins, losses, draws), 1.0, games > 0 ? draws / games : 0.0);
}

EloEstimate estimate_pentanomial(const std::array<uint64_t, 5>& pairs) {
  const Moments m = pentanomial(pairs);
  return estimate(m, std::sqrt(2.0), m.n > 0 ? static_cast<double>(pairs[2]) / m.n : 0.0);
}

double SprtTest::lower_bound() const {
  return std::log(beta / (1 - alpha));
}
double SprtTest::upper_bound() const {
  return std::log((1 - beta) / alpha);
}

double sprt_llr_trinomial(const SprtTest& test, uint64_t wins, uint64_t losses, uint64_t draws) {
  return llr(test, trinomial(wins, losses, draws), 1.0);
}

double sprt_llr_pentanomial(const SprtTest& test, const std::array<uint64_t, 5>& pairs) {
  return llr(test, pentanomial(pairs), std::sqrt(2.0));
}

}  // namespace arena
