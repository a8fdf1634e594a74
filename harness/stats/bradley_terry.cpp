#include "harness/stats/bradley_terry.hpp"

#include <algorithm>
#include <cmath>

#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

using Matrix = std::vector<std::vector<double>>;

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

std::vector<Rating> bradley_terry(const Matrix& raw_wins, RatingAnchor anchor, double prior_draws) {
  const size_t n = raw_wins.size();
  Matrix wins = raw_wins;
  Matrix games(n, std::vector<double>(n, 0));
  std::vector<bool> played(n, false);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j || raw_wins[i][j] + raw_wins[j][i] == 0) continue;
      wins[i][j] += prior_draws / 2;
      games[i][j] = wins[i][j] + raw_wins[j][i] + prior_draws / 2;
      played[i] = true;
    }
  }
  // MM iteration: p_i <- W_i / sum_j n_ij / (p_i + p_j), renormalised to a geometric mean of 1.
  std::vector<double> p(n, 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    double change = 0;
    std::vector<double> next(n, 1.0);
    for (size_t i = 0; i < n; ++i) {
      if (!played[i]) continue;
      double total_wins = 0;
      double denominator = 0;
      for (size_t j = 0; j < n; ++j) {
        if (games[i][j] == 0) continue;
        total_wins += wins[i][j];
        denominator += games[i][j] / (p[i] + p[j]);
      }
      next[i] = total_wins > 0 ? total_wins / denominator : 1e-12;
    }
    double log_mean = 0;
    int count = 0;
    for (size_t i = 0; i < n; ++i) {
      if (played[i]) {
        log_mean += std::log(next[i]);
        ++count;
      }
    }
    log_mean = count ? log_mean / count : 0;
    for (size_t i = 0; i < n; ++i) {
      if (!played[i]) continue;
      next[i] /= std::exp(log_mean);
      change = std::max(change, std::fabs(std::log(next[i]) - std::log(p[i])));
    }
    p = next;
    if (change < 1e-12) break;
  }

  const double scale = 400 / std::log(10.0);
  std::vector<Rating> ratings(n);
  std::vector<double> theta(n, 0);
  for (size_t i = 0; i < n; ++i)
    theta[i] = std::log(p[i]);
  const size_t anchor_index = 0;
  const double offset = [&] {
    if (anchor == RatingAnchor::kFirst) return theta[anchor_index];
    double sum = 0;
    int count = 0;
    for (size_t i = 0; i < n; ++i) {
      if (played[i]) {
        sum += theta[i];
        ++count;
      }
    }
    return count ? sum / count : 0.0;
  }();
  // Fisher information in theta = ln p, with variant 0's theta fixed.
  std::vector<size_t> free_index;
  for (size_t i = 1; i < n; ++i) {
    if (played[i]) free_index.push_back(i);
  }
  Matrix info(free_index.size(), std::vector<double>(free_index.size(), 0));
  for (size_t a = 0; a < free_index.size(); ++a) {
    const size_t i = free_index[a];
    for (size_t j = 0; j < n; ++j) {
      if (games[i][j] == 0) continue;
      const double pij = p[i] / (p[i] + p[j]);
      const double w = games[i][j] * pij * (1 - pij);
      info[a][a] += w;
      for (size_t b = 0; b < free_index.size(); ++b) {
        if (free_index[b] == j) info[a][b] -= w;
      }
    }
  }
  const Matrix covariance = inverse(info);
  for (size_t i = 0; i < n; ++i) {
    ratings[i].rated = played[i];
    if (!played[i]) continue;
    ratings[i].rating = scale * (theta[i] - offset);
  }
  for (size_t a = 0; a < free_index.size(); ++a) {
    ratings[free_index[a]].ci95 = kZ95 * scale * std::sqrt(std::max(0.0, covariance[a][a]));
  }
  return ratings;
}

}  // namespace arena
