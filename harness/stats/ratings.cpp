#include "harness/stats/ratings.hpp"

#include <algorithm>
#include <cmath>

#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

// Inverse of a small symmetric positive definite matrix (Gauss-Jordan).
Matrix inverse(Matrix a) {
  const size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i)
    inv[i][i] = 1;
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r) {
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    }
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    const double p = a[col][col];
    if (std::fabs(p) < 1e-300) return Matrix(n, std::vector<double>(n, 0));
    for (size_t c = 0; c < n; ++c) {
      a[col][c] /= p;
      inv[col][c] /= p;
    }
    for (size_t r = 0; r < n; ++r) {
      if (r == col || a[r][col] == 0) continue;
      const double f = a[r][col];
      for (size_t c = 0; c < n; ++c) {
        a[r][c] -= f * a[col][c];
        inv[r][c] -= f * inv[col][c];
      }
    }
  }
  return inv;
}

}  // namespace

double renormalise(std::vector<double>& next, const std::vector<double>& previous,
                   const std::vector<bool>& rated) {
  double log_mean = 0;
  int count = 0;
  for (size_t i = 0; i < next.size(); ++i) {
    if (rated[i]) {
      log_mean += std::log(next[i]);
      ++count;
    }
  }
  log_mean = count ? log_mean / count : 0;
  double change = 0;
  for (size_t i = 0; i < next.size(); ++i) {
    if (!rated[i]) continue;
    next[i] /= std::exp(log_mean);
    change = std::max(change, std::fabs(std::log(next[i]) - std::log(previous[i])));
  }
  return change;
}

RatingAnchor anchor_used(RatingAnchor anchor, const std::vector<bool>& rated) {
  return anchor == RatingAnchor::kFirst && (rated.empty() || !rated[0]) ? RatingAnchor::kMean
                                                                        : anchor;
}

std::vector<Rating> elo_scale_ratings(const std::vector<double>& strengths,
                                      const std::vector<bool>& rated, const Matrix& information,
                                      RatingAnchor anchor) {
  const size_t n = strengths.size();
  const double scale = 400 / std::log(10.0);
  anchor = anchor_used(anchor, rated);
  std::vector<double> theta(n, 0);
  for (size_t i = 0; i < n; ++i)
    theta[i] = std::log(strengths[i]);
  const double offset = [&] {
    if (anchor == RatingAnchor::kFirst) return theta[0];
    double sum = 0;
    int count = 0;
    for (size_t i = 0; i < n; ++i) {
      if (rated[i]) {
        sum += theta[i];
        ++count;
      }
    }
    return count ? sum / count : 0.0;
  }();
  // The first rated variant's theta is held fixed (variant 0's when it is
  // rated): the likelihood does not change when every theta moves alike.
  std::vector<size_t> free_index;
  const auto fixed =
      static_cast<size_t>(std::find(rated.begin(), rated.end(), true) - rated.begin());
  for (size_t i = fixed + 1; i < n; ++i) {
    if (rated[i]) free_index.push_back(i);
  }
  Matrix info(free_index.size(), std::vector<double>(free_index.size(), 0));
  for (size_t a = 0; a < free_index.size(); ++a) {
    for (size_t b = 0; b < free_index.size(); ++b)
      info[a][b] = information[free_index[a]][free_index[b]];
  }
  const Matrix covariance = inverse(info);
  std::vector<Rating> ratings(n);
  for (size_t i = 0; i < n; ++i) {
    ratings[i].rated = rated[i];
    if (rated[i]) ratings[i].rating = scale * (theta[i] - offset);
  }
  if (anchor == RatingAnchor::kFirst) {
    for (size_t a = 0; a < free_index.size(); ++a)
      ratings[free_index[a]].ci95 = kZ95 * scale * std::sqrt(std::max(0.0, covariance[a][a]));
    return ratings;
  }
  // Anchored on the mean: rating_i = theta_i - mean(theta), a linear form w of
  // the free thetas (w_j = [j is i] - 1/count), whose variance is w' C w. Variant
  // 0 has an interval too: its rating moves with the mean.
  int count = 0;
  for (size_t i = 0; i < n; ++i)
    count += rated[i] ? 1 : 0;
  for (size_t i = 0; i < n; ++i) {
    if (!rated[i]) continue;
    std::vector<double> w(free_index.size(), -1.0 / count);
    for (size_t a = 0; a < free_index.size(); ++a)
      if (free_index[a] == i) w[a] += 1;
    double variance = 0;
    for (size_t a = 0; a < w.size(); ++a) {
      for (size_t b = 0; b < w.size(); ++b)
        variance += w[a] * covariance[a][b] * w[b];
    }
    ratings[i].ci95 = kZ95 * scale * std::sqrt(std::max(0.0, variance));
  }
  return ratings;
}

std::vector<RankedRating> ranked(const std::vector<Rating>& ratings) {
  std::vector<RankedRating> out;
  for (size_t v = 0; v < ratings.size(); ++v)
    out.push_back({0, static_cast<int>(v), ratings[v]});
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    if (x.rating.rated != y.rating.rated) return x.rating.rated;
    return x.rating.rating > y.rating.rating;
  });
  for (size_t i = 0; i < out.size(); ++i)
    out[i].rank = static_cast<int>(i) + 1;
  return out;
}

}  // namespace arena
