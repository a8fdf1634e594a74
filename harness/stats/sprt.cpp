#include "harness/stats/sprt.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <boost/math/tools/toms748_solve.hpp>

namespace arena {
namespace {

constexpr double kZeroCount = 1e-3;  // fishtest's regularisation of a zero count
const double kNeloPerT = 800.0 / std::log(10.0);

template <size_t K>
using Dist = std::array<double, K>;

// The regularised empirical distribution of `counts` and its total.
template <size_t K>
struct Empirical {
  double n = 0;
  Dist<K> scores{};
  Dist<K> p{};
};

// Counts above kExactGames in total are scaled down to it (see gsprt).
constexpr double kExactGames = 1ull << 36;

template <size_t K>
Empirical<K> empirical(const std::array<uint64_t, K>& counts, double scale) {
  Empirical<K> e;
  for (size_t i = 0; i < K; ++i) {
    e.scores[i] = static_cast<double>(i) / (K - 1);
    e.p[i] = counts[i] == 0 ? kZeroCount : static_cast<double>(counts[i]) * scale;
    e.n += e.p[i];
  }
  for (double& p : e.p)
    p /= e.n;
  return e;
}

template <size_t K>
std::pair<double, double> mean_variance(const Dist<K>& scores, const Dist<K>& p) {
  double mean = 0;
  for (size_t i = 0; i < K; ++i)
    mean += p[i] * scores[i];
  double variance = 0;
  for (size_t i = 0; i < K; ++i)
    variance += p[i] * (scores[i] - mean) * (scores[i] - mean);
  return {mean, variance};
}

// The root x of sum_i p_i phi_i / (1 + x phi_i) = 0 (the secular equation of
// Van den Bergh's "Comments on normalized Elo", Proposition 1.1). The sum
// falls from +inf to -inf on (-1/max phi, -1/min phi), so the root is unique;
// the bracket is moved in from each pole until the sum has the right sign.
template <size_t K>
double secular_root(const Dist<K>& p, const Dist<K>& phi) {
  const auto [lo_it, hi_it] = std::minmax_element(phi.begin(), phi.end());
  if (!(*lo_it < 0 && *hi_it > 0)) {
    throw std::domain_error("SPRT: a hypothesis cannot be fitted to these counts");
  }
  const double pole_lo = -1 / *hi_it;
  const double pole_hi = -1 / *lo_it;
  const auto f = [&](double x) {
    double sum = 0;
    for (size_t i = 0; i < K; ++i)
      sum += p[i] * phi[i] / (1 + x * phi[i]);
    return sum;
  };
  const auto inside = [&](double pole, double toward, bool want_positive) {
    for (double step = (toward - pole) / 4;; step /= 16) {
      const double x = pole + step;
      if (x == pole) return std::pair{x, f(x)};  // the root is at the pole to double precision
      const double fx = f(x);
      if ((fx > 0) == want_positive || fx == 0) return std::pair{x, fx};
    }
  };
  const auto [a, fa] = inside(pole_lo, pole_hi, true);
  const auto [b, fb] = inside(pole_hi, pole_lo, false);
  if (fa == 0 || a == pole_lo) return a;
  if (fb == 0 || b == pole_hi) return b;
  boost::uintmax_t iterations = 200;
  const auto [left, right] = boost::math::tools::toms748_solve(
      f, a, b, fa, fb, boost::math::tools::eps_tolerance<double>(50), iterations);
  return (left + right) / 2;
}

// p_i = p^_i / (1 + x phi_i): the maximum-likelihood distribution the root gives.
template <size_t K>
Dist<K> tilted(const Dist<K>& p_hat, const Dist<K>& phi, double x) {
  Dist<K> p;
  for (size_t i = 0; i < K; ++i)
    p[i] = p_hat[i] / (1 + x * phi[i]);
  return p;
}

// The distribution nearest p^ (maximum likelihood) with expected score s.
template <size_t K>
Dist<K> fit_score(const Empirical<K>& e, double s) {
  Dist<K> phi;
  for (size_t i = 0; i < K; ++i)
    phi[i] = e.scores[i] - s;
  return tilted(e.p, phi, secular_root(e.p, phi));
}

// The distribution nearest p^ with (mu - 1/2) / sigma = t: Van den Bergh's
// fixed-point iteration from the uniform distribution (section 4.1), run to
// convergence (fishtest stops after 10 rounds, fastchess at a change of 1e-4).
template <size_t K>
Dist<K> fit_t_value(const Empirical<K>& e, double t) {
  Dist<K> p;
  p.fill(1.0 / K);
  for (int round = 0; round < 500; ++round) {
    const auto [mu, variance] = mean_variance(e.scores, p);
    const double sigma = std::sqrt(variance);
    Dist<K> phi;
    for (size_t i = 0; i < K; ++i) {
      const double z = (mu - e.scores[i]) / sigma;
      phi[i] = e.scores[i] - 0.5 - t * sigma * (1 + z * z) / 2;
    }
    const Dist<K> next = tilted(e.p, phi, secular_root(e.p, phi));
    double change = 0;
    for (size_t i = 0; i < K; ++i)
      change = std::max(change, std::abs(next[i] - p[i]) / next[i]);
    p = next;
    if (change < 1e-12) break;
  }
  return p;
}

template <size_t K>
double llr(const Empirical<K>& e, const Dist<K>& p0, const Dist<K>& p1) {
  double sum = 0;
  for (size_t i = 0; i < K; ++i)
    sum += e.p[i] * (std::log(p1[i]) - std::log(p0[i]));
  return e.n * sum;
}

double logistic_score(double elo) {
  return 1 / (1 + std::pow(10.0, -elo / 400));
}

// `t_per_elo`: 1 / (800 / ln 10) per game, sqrt 2 times that per pair.
template <size_t K>
double gsprt(const SprtTest& test, const std::array<uint64_t, K>& counts, double t_per_elo) {
  double games = 0;  // a double: counts near 2^64 must not wrap around
  for (uint64_t c : counts)
    games += static_cast<double>(c);
  if (games == 0) return 0;  // no evidence either way
  // Beyond 2^36 games a regularised zero count (1e-3) is below double
  // precision next to the others and the fit breaks down; the LLR is then that
  // of the same proportions over 2^36 games, scaled back up (the LLR is the
  // count times a mean log-likelihood ratio).
  const double scale = games > kExactGames ? kExactGames / games : 1.0;
  const Empirical<K> e = empirical(counts, scale);
  const double per_scaled =
      test.model == SprtModel::kLogistic
          ? llr(e, fit_score(e, logistic_score(test.elo0)), fit_score(e, logistic_score(test.elo1)))
          : llr(e, fit_t_value(e, test.elo0 * t_per_elo), fit_t_value(e, test.elo1 * t_per_elo));
  return per_scaled / scale;
}

}  // namespace

double sprt_llr_trinomial(const SprtTest& test, uint64_t wins, uint64_t losses, uint64_t draws) {
  // Ordered by score: a loss scores 0, a draw 1/2, a win 1.
  return gsprt<3>(test, {losses, draws, wins}, 1 / kNeloPerT);
}

double sprt_llr_pentanomial(const SprtTest& test, const std::array<uint64_t, 5>& pairs) {
  return gsprt<5>(test, pairs, std::sqrt(2.0) / kNeloPerT);
}

}  // namespace arena
