#include "harness/stats/bradley_terry.hpp"

namespace arena {

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
    const double change = renormalise(next, p, played);
    p = next;
    if (change < 1e-12) break;
  }
  // Fisher information in theta = ln p: n_ij p_ij (1 - p_ij) per pair.
  Matrix information(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (games[i][j] == 0) continue;
      const double pij = p[i] / (p[i] + p[j]);
      const double w = games[i][j] * pij * (1 - pij);
      information[i][i] += w;
      information[i][j] -= w;
    }
  }
  return elo_scale_ratings(p, played, information, anchor);
}

}  // namespace arena
