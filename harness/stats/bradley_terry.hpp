// Tournament ratings: Bradley-Terry maximum likelihood over all pairwise
// results, by the MM algorithm (Hunter 2004, "MM algorithms for generalized
// Bradley-Terry models"), on the Elo scale.
//
// Contract: `wins[i][j]` counts i's results against j with a draw as half a
// win (so wins[i][j] + wins[j][i] = games between them). `prior_draws`
// virtual draws are added to every pair that met, which keeps ratings finite
// when a variant won or lost everything (0 gives the plain MLE). Ratings are
// 400 log10(strength), anchored so that variant 0 is 0 (or their mean is 0),
// with 95% intervals from the inverse Fisher information (Hessian of the
// log-likelihood) as ratings.hpp states. Variants that met no one get
// rating 0 and no interval.
#pragma once

#include <vector>

#include "harness/stats/ratings.hpp"

namespace arena {

std::vector<Rating> bradley_terry(const std::vector<std::vector<double>>& wins,
                                  RatingAnchor anchor = RatingAnchor::kFirst,
                                  double prior_draws = 1.0);

}  // namespace arena
