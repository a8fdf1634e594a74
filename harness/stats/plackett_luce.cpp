#include "harness/stats/plackett_luce.hpp"

#include "harness/runner/run_stats.hpp"

namespace arena {
namespace {

// A choice: the variants of the seats left (with repeats), how many times it was made.
struct Choice {
  std::vector<int> left;
  double times = 0;
};

// The observed choices plus one virtual choice per pair that met (the prior).
std::vector<Choice> choices_with_prior(const FinishingOrders& orders, int variants,
                                       double prior_draws, std::vector<double>& wins) {
  std::vector<Choice> choices;
  std::vector<std::vector<bool>> met(variants, std::vector<bool>(variants, false));
  for (const auto& [left, count] : orders.choices()) {
    choices.push_back({left, static_cast<double>(count)});
    for (int a : left) {
      for (int b : left)
        met[a][b] = met[a][b] || a != b;
    }
  }
  for (int a = 0; a < variants; ++a)
    wins[a] = static_cast<double>(orders.wins()[a]) / kWinShareUnit;
  for (int a = 0; a < variants; ++a) {
    for (int b = a + 1; b < variants; ++b) {
      if (!met[a][b] || prior_draws == 0) continue;
      choices.push_back({{a, b}, prior_draws});
      wins[a] += prior_draws / 2;
      wins[b] += prior_draws / 2;
    }
  }
  return choices;
}

}  // namespace

std::vector<Rating> plackett_luce(const FinishingOrders& orders, int variants, RatingAnchor anchor,
                                  double prior_draws) {
  const auto n = static_cast<size_t>(variants);
  std::vector<double> wins(n, 0);
  const std::vector<Choice> choices = choices_with_prior(orders, variants, prior_draws, wins);
  std::vector<bool> rated(n, false);
  for (const Choice& c : choices) {
    for (int v : c.left)
      rated[v] = rated[v] || c.left.size() > 1;
  }
  // MM iteration: p_i <- W_i / sum over choices of (i's seats there) / (sum of p over the seats).
  std::vector<double> p(n, 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::vector<double> denominator(n, 0);
    for (const Choice& c : choices) {
      double total = 0;
      for (int v : c.left)
        total += p[v];
      for (int v : c.left)
        denominator[v] += c.times / total;
    }
    std::vector<double> next(n, 1.0);
    for (size_t i = 0; i < n; ++i) {
      if (rated[i]) next[i] = wins[i] > 0 ? wins[i] / denominator[i] : 1e-12;
    }
    const double change = renormalise(next, p, rated);
    p = next;
    if (change < 1e-12) break;
  }
  // Fisher information in theta = ln p: per choice, times x (diag(q) - q q^T),
  // q_v the chance that one of v's seats is chosen.
  Matrix information(n, std::vector<double>(n, 0));
  for (const Choice& c : choices) {
    double total = 0;
    for (int v : c.left)
      total += p[v];
    std::vector<double> q(n, 0);
    for (int v : c.left)
      q[v] += p[v] / total;
    for (size_t i = 0; i < n; ++i) {
      if (q[i] == 0) continue;
      information[i][i] += c.times * q[i];
      for (size_t j = 0; j < n; ++j)
        information[i][j] -= c.times * q[i] * q[j];
    }
  }
  return elo_scale_ratings(p, rated, information, anchor);
}

}  // namespace arena
