// The generalised sequential probability ratio test (GSPRT) as fishtest's
// LLRcalc and fastchess compute it.
//
// Contract: counts are trinomial (wins, losses, draws of the first player) or
// pentanomial pairs [LL, LD, WL+DD, WD, WW]. Each zero count is replaced by
// 1e-3 (fishtest's regularisation), giving the empirical distribution p^ over
// the scores (0, 1/2, 1) or (0, 1/4, 1/2, 3/4, 1). Under each hypothesis the
// maximum-likelihood distribution p(k) is fitted exactly:
//   logistic:   the distribution of expected score L(elo_k) = 1/(1+10^(-elo/400))
//               closest to p^ (the secular equation, solved by TOMS 748);
//   normalized: the distribution with t = (mu - 1/2)/sigma = elo_k / (800/ln 10)
//               per game (x sqrt 2 per pair), by Van den Bergh's iteration.
// LLR = N sum_i p^_i ln(p(1)_i / p(0)_i), N the regularised count. It is
// defined on every count (never NaN): 0 without games, and large where the
// data are lopsided (all wins included).
#pragma once

#include <array>
#include <cstdint>

namespace arena {

enum class SprtModel { kLogistic, kNormalized };

// The largest |elo0| and |elo1| of a test: 400 logistic Elo, 200 normalized
// Elo (beyond that Van den Bergh's iteration cannot fit every count).
double max_sprt_elo(SprtModel model);

struct SprtTest {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::kNormalized;

  double lower_bound() const;  // ln(beta / (1 - alpha)): at or below, H0 is accepted
  double upper_bound() const;  // ln((1 - beta) / alpha): at or above, H1 is accepted
};

double sprt_llr_trinomial(const SprtTest& test, uint64_t wins, uint64_t losses, uint64_t draws);
double sprt_llr_pentanomial(const SprtTest& test, const std::array<uint64_t, 5>& pairs);

}  // namespace arena
