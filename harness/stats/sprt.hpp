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

#include "harness/config/config.hpp"  // SprtTest: the test a config asks for

namespace arena {

double sprt_llr_trinomial(const SprtTest& test, uint64_t wins, uint64_t losses, uint64_t draws);
double sprt_llr_pentanomial(const SprtTest& test, const std::array<uint64_t, 5>& pairs);

}  // namespace arena
