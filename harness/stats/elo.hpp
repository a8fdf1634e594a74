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
//   LOS    = the posterior chance that the first player is the better one
//            (los.hpp: exact for small counts; 1-0 is 75%, never certain);
//   LOS normal = Phi((s - 1/2) / (sigma / sqrt(n))), fishtest's and
//            fastchess's normal approximation, kept under its own name.
// Every value is defined on every count and never NaN; an unbounded one is
// +-infinity (null in JSON, "+inf"/"-inf"/"inf" in text):
//   no games:           s = 1/2, Elo = nElo = 0, LOS = LOS normal = 1/2,
//                       both errors inf;
//   s = 1 (all wins):   Elo = nElo = +inf, both errors inf, LOS normal = 1;
//   s = 0 (all losses): Elo = nElo = -inf, both errors inf, LOS normal = 0;
//   sigma = 0 otherwise (every result the same, e.g. all draws): Elo from s,
//     its error inf (the normal approximation has no spread to go on), nElo
//     0 when s = 1/2 and +-inf otherwise, LOS normal 1/2, 1 or 0 by the sign
//     of s - 1/2 (LOS itself is never 0 or 1 on a few games: los.hpp);
//   an interval that reaches s = 0 or 1: the Elo error is inf.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace arena {

struct EloEstimate {
  double n = 0;  // games, or pairs
  double score = 0.5;
  double elo = 0;
  double elo_error = 0;
  double nelo = 0;
  double nelo_error = 0;
  double los = 0.5;         // los.hpp: the words "certain" and "likely" follow it
  double los_normal = 0.5;  // fishtest's normal approximation
  double draw_ratio = 0;    // draws per game; pairs: WL+DD per pair
  bool finite = true;       // false when the score is 0 or 1 (Elo is +-infinity)
};

EloEstimate estimate_trinomial(uint64_t wins, uint64_t losses, uint64_t draws);
EloEstimate estimate_pentanomial(const std::array<uint64_t, 5>& pairs);

// Elo of a score in (0, 1); +-infinity at 0 and 1.
double elo_of_score(double score);

// "40.7 +/- 30.4" with `decimals` digits (and `plus_minus` between); an
// unbounded value is "+inf" or "-inf", an unbounded error "inf".
std::string estimate_text(double value, double error, int decimals = 1,
                          const char* plus_minus = "+/-");

}  // namespace arena
