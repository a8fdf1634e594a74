// Ratings on whole finishing orders: Plackett-Luce maximum likelihood by the
// MM algorithm (Hunter 2004, "MM algorithms for generalized Bradley-Terry
// models", section 5), on the Elo scale of ratings.hpp.
//
// Contract: the model says a game's first place goes to seat s with
// probability p_s / (sum of the p of all seats), the second to one of the
// seats left likewise, and so on; the orders are read as choices as
// harness/runner/finishing_orders.hpp states (ties share a choice). Every
// pair of variants that met at a choice gets `prior_draws` virtual draws
// (a choice between the two alone, half won by each), which keeps ratings
// finite when a variant won or lost everything, exactly as in
// bradley_terry.hpp: on two-seat games the two fits agree. Variants never
// at a choice are unrated.
#pragma once

#include <vector>

#include "harness/runner/finishing_orders.hpp"
#include "harness/stats/ratings.hpp"

namespace arena {

std::vector<Rating> plackett_luce(const FinishingOrders& orders, int variants,
                                  RatingAnchor anchor = RatingAnchor::kFirst,
                                  double prior_draws = 1.0);

}  // namespace arena
