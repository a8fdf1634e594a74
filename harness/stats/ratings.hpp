// Ratings on the Elo scale from a fitted strength model, shared by the
// Bradley-Terry fit (pairwise results) and the Plackett-Luce fit (whole
// finishing orders).
//
// Contract: strengths p_i > 0 of the rated variants are renormalised to a
// geometric mean of 1 during a fit (`renormalise`). `elo_scale_ratings` turns
// theta_i = ln p_i into 400 log10(p_i), anchored so that variant 0 is 0 (or
// the rated variants' mean is 0), with a 95% interval from the inverse of the
// Fisher information over theta with the first rated variant's theta held
// fixed: 0 for variant 0 itself when anchored on it; anchored on the mean,
// every rated variant's interval is that of its difference from the mean.
// Unrated variants get rating 0 and no interval. When variant 0 is unrated
// (it finished no game that the fit counts), the ratings are anchored on the
// mean instead (anchor_used), never on a variant that has no rating.
#pragma once

#include <vector>

namespace arena {

enum class RatingAnchor { kFirst, kMean };

struct Rating {
  double rating = 0;
  double ci95 = 0;  // half-width
  bool rated = false;
};

struct RankedRating {
  int rank = 0;
  int variant = 0;
  Rating rating;
};

using Matrix = std::vector<std::vector<double>>;

// Divides the rated strengths in `next` by their geometric mean; returns the
// largest change of ln p from `previous` (the fit's convergence measure).
double renormalise(std::vector<double>& next, const std::vector<double>& previous,
                   const std::vector<bool>& rated);

// The anchor elo_scale_ratings applies: `anchor`, but the mean when it is
// kFirst and variant 0 is unrated.
RatingAnchor anchor_used(RatingAnchor anchor, const std::vector<bool>& rated);

// `information`: n x n Fisher information over theta (the negative Hessian of
// the log-likelihood), of which the rows and columns of rated variants other
// than variant 0 are used.
std::vector<Rating> elo_scale_ratings(const std::vector<double>& strengths,
                                      const std::vector<bool>& rated, const Matrix& information,
                                      RatingAnchor anchor);

// Ratings ranked best first, unrated variants last (stable on ties).
std::vector<RankedRating> ranked(const std::vector<Rating>& ratings);

}  // namespace arena
