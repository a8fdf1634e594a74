// Likelihood of superiority (LOS): the chance that the first player of a
// match is the better one, right for every count, one game and none included.
//
// Contract: LOS is the posterior probability that the first player's
// expected score is above 1/2, under a uniform prior on the outcome
// probabilities (Dirichlet with every parameter 1: one virtual result of
// each kind; docs/statistics.md, "How sure a verdict is").
//   Games (W wins, L losses, D draws): the expected score is above 1/2
//   exactly when p_win > p_loss, and draws drop out: LOS = P(x > 1/2) for
//   x ~ Beta(W + 1, L + 1) = P(Binomial(W + L + 1, 1/2) <= W), so W-0 gives
//   1 - 2^-(W+1) (1-0: 75%, 2-0: 87.5%, 6-0: 99.2%, 9-0: 99.9%).
//   Pairs [LL, LD, WL+DD, WD, WW]: above 1/2 exactly when
//   2 p_WW + p_WD > 2 p_LL + p_LD (level pairs drop out); the posterior is
//   integrated by Gauss-Legendre quadrature, or, once each side has 1,000
//   results or more with the prior, by the normal approximation of the same
//   posterior (within 2e-4 of the quadrature there).
// Never NaN; in (0, 1) but where a double rounds it (W-0 past W = 52, say);
// 1/2 for no games; LOS(a over b) = 1 - LOS(b over a) (within 1e-6).
//
// The LOS fishtest, fastchess and cutechess print is the normal
// approximation Phi((s - 1/2) / (sigma / sqrt(n))), which claims certainty
// (0 or 1) whenever every result is the same, one game included: elo.hpp
// keeps it as EloEstimate::los_normal.
#pragma once

#include <array>
#include <cstdint>

namespace arena {

double los_trinomial(uint64_t wins, uint64_t losses);
double los_pentanomial(const std::array<uint64_t, 5>& pairs);

// How sure a verdict is that the side LOS favours is the better one:
// certain from kCertainLos (99.9%), likely from kLikelyLos (97.5%), else not
// clear yet (the same of LOS and of 1 - LOS). So W-0 is likely from 5-0 and
// certain from 9-0; 1-0, 2-0 and 4-0 are not clear yet.
enum class Confidence { kNotClear, kLikely, kCertain };
inline constexpr double kCertainLos = 0.999;
inline constexpr double kLikelyLos = 0.975;
Confidence confidence_of(double los);
// "certain", "likely", "not clear yet".
const char* confidence_name(Confidence confidence);

}  // namespace arena
