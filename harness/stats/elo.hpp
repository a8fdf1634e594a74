// Match statistics as cutechess-cli, fastchess and fishtest compute them.
//
// Contract: from trinomial counts (wins, losses, draws of the first player)
// or pentanomial pair counts [LL, LD, WL+DD, WD, WW]:
//   score  s = mean result (per game, or per pair scaled to [0, 1]);
//   sigma  = standard deviation of one game's (or one pair's) result;
//   Elo    = -400 log10(1/s - 1), error = half the Elo width of
//            s +- 1.959964 sigma / sqrt(n);
//   nElo   = (s - 1/2) / sigma' x 800 / ln 10 with sigma' = sigma per game,
//            or sigma x sqrt(2) per pair; error = 1.959964 / sqrt(n) x 800 / ln 10
//            (divided by sqrt(2) for pairs);
//   LOS    = Phi((s - 1/2) / (sigma / sqrt(n))).
// Without games every value is 0 (LOS 0.5); with a score of 0 or 1 Elo is
// infinite and `finite` is false; sigma 0 makes nElo and LOS undefined, reported
// as 0 and 0.5 or 1 by the sign of s - 1/2. Never NaN.
#pragma once

#include <array>
#include <cstdint>

namespace arena {

struct EloEstimate {
  double n = 0;  // games, or pairs
  double score = 0;
  double elo = 0;
  double elo_error = 0;
  double nelo = 0;
  double nelo_error = 0;
  double los = 0.5;
  double draw_ratio = 0;  // draws per game; pairs: WL+DD per pair
  bool finite = true;     // false when the score is 0 or 1 (Elo is +-infinity)
};

EloEstimate estimate_trinomial(uint64_t wins, uint64_t losses, uint64_t draws);
EloEstimate estimate_pentanomial(const std::array<uint64_t, 5>& pairs);

// Elo of a score in (0, 1); +-infinity at 0 and 1.
double elo_of_score(double score);

enum class SprtModel { kLogistic, kNormalized };

struct SprtTest {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::kNormalized;

  double lower_bound() const;  // ln(beta / (1 - alpha))
  double upper_bound() const;  // ln((1 - beta) / alpha)
};

// The generalised SPRT log-likelihood ratio (fishtest / fastchess):
// LLR = n (s1 - s0) (2s - s0 - s1) / (2 sigma^2), where s0 and s1 are the
// scores that elo0 and elo1 mean under the model. 0 without data or variance.
double sprt_llr_trinomial(const SprtTest& test, uint64_t wins, uint64_t losses, uint64_t draws);
double sprt_llr_pentanomial(const SprtTest& test, const std::array<uint64_t, 5>& pairs);

}  // namespace arena
