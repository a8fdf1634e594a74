// Match statistics against the figures fastchess and fishtest publish.
#include <catch2/catch.hpp>

#include <cmath>

#include "harness/stats/elo.hpp"

using namespace arena;

TEST_CASE("trinomial 136-96-111 gives the published Elo nElo and LOS") {
  const EloEstimate e = estimate_trinomial(136, 96, 111);
  CHECK(e.elo == Approx(40.70).margin(0.005));
  CHECK(e.elo_error == Approx(30.43).margin(0.005));
  CHECK(e.nelo == Approx(49.77).margin(0.005));
  CHECK(e.nelo_error == Approx(36.77).margin(0.005));
  CHECK(e.los == Approx(0.9960).margin(0.00005));
  CHECK(e.draw_ratio == Approx(111.0 / 343));
}

TEST_CASE("pentanomial 34 54 63 64 75 gives the published Elo and nElo") {
  const EloEstimate e = estimate_pentanomial({34, 54, 63, 64, 75});
  CHECK(e.elo == Approx(55.58).margin(0.005));
  CHECK(e.elo_error == Approx(27.65).margin(0.005));
  CHECK(e.nelo == Approx(57.94).margin(0.005));
  CHECK(e.nelo_error == Approx(28.28).margin(0.005));
}

TEST_CASE("SPRT LLR on trinomial counts with normalized bounds") {
  const SprtTest test{-1.75, 0.25, 0.05, 0.05, SprtModel::kNormalized};
  CHECK(sprt_llr_trinomial(test, 10871, 10650, 20431) == Approx(2.2975).margin(0.0005));
}

TEST_CASE("SPRT LLR on pentanomial counts with logistic bounds") {
  const SprtTest test{0.5, 2.5, 0.05, 0.05, SprtModel::kLogistic};
  CHECK(sprt_llr_pentanomial(test, {223, 9863, 21279, 10037, 246}) ==
        Approx(-3.0741).margin(0.0005));
}

// The vectors of fastchess's tests/sprt_test.cpp (published to two decimals);
// its Stats(LL, LD, WL, DD, WD, WW) is folded into [LL, LD, WL+DD, WD, WW].
TEST_CASE("SPRT LLR matches fastchess on both models and both count types") {
  struct Vector {
    SprtModel model;
    double elo0, elo1;
    std::array<uint64_t, 5> counts;  // W L D (first three) or a pentanomial
    bool pairs;
    double llr;
  };
  const auto v = GENERATE(values<Vector>({
      {SprtModel::kNormalized, 0, 2, {36433, 36027, 68692}, false, 0.92},
      {SprtModel::kNormalized, -1.75, 0.25, {10871, 10650, 20431}, false, 2.30},
      {SprtModel::kLogistic, 0.5, 2.5, {21404, 21184, 40708}, false, -1.57},
      {SprtModel::kLogistic, 0, 2, {57433, 57030, 106593}, false, -2.59},
      {SprtModel::kNormalized, 0, 2, {365, 16618, 36029 + 200, 16974, 390}, true, 2.25},
      {SprtModel::kNormalized, -1.75, 0.25, {127, 4883, 10311 + 401, 5150, 104}, true, 3.01},
      {SprtModel::kLogistic, 0.5, 2.5, {223, 9863, 20279 + 1000, 10037, 246}, true, -3.07},
      {SprtModel::kLogistic, 0, 2, {871, 26175, 55003 + 980, 26678, 821}, true, -4.98},
  }));
  const SprtTest test{v.elo0, v.elo1, 0.05, 0.05, v.model};
  const double llr = v.pairs ? sprt_llr_pentanomial(test, v.counts)
                             : sprt_llr_trinomial(test, v.counts[0], v.counts[1], v.counts[2]);
  INFO("expected " << v.llr);
  CHECK(llr == Approx(v.llr).margin(0.005));
}

TEST_CASE("SPRT bounds are ln(beta/(1-alpha)) and ln((1-beta)/alpha)") {
  const SprtTest test{0, 5, 0.05, 0.05, SprtModel::kNormalized};
  CHECK(test.lower_bound() == Approx(-2.9444).margin(0.0001));
  CHECK(test.upper_bound() == Approx(2.9444).margin(0.0001));
  const SprtTest uneven{0, 5, 0.01, 0.1, SprtModel::kLogistic};
  CHECK(uneven.lower_bound() == Approx(std::log(0.1 / 0.99)));
  CHECK(uneven.upper_bound() == Approx(std::log(0.9 / 0.01)));
}

TEST_CASE("edge cases give clear answers and never NaN") {
  const EloEstimate none = estimate_trinomial(0, 0, 0);
  CHECK(none.n == 0);
  CHECK(none.elo == 0);
  CHECK(none.los == 0.5);
  const EloEstimate all_wins = estimate_trinomial(10, 0, 0);
  CHECK_FALSE(all_wins.finite);
  CHECK(all_wins.elo > 0);
  CHECK(all_wins.los == 1.0);
  CHECK_FALSE(std::isnan(all_wins.nelo));
  const EloEstimate all_draws = estimate_trinomial(0, 0, 10);
  CHECK(all_draws.elo == 0);
  CHECK(all_draws.elo_error == 0);
  CHECK(all_draws.los == 0.5);
  const EloEstimate all_losses = estimate_pentanomial({7, 0, 0, 0, 0});
  CHECK_FALSE(all_losses.finite);
  CHECK(all_losses.elo < 0);
  const SprtTest test;
  CHECK(sprt_llr_trinomial(test, 0, 0, 0) == 0);
  CHECK(sprt_llr_trinomial(test, 0, 0, 20) == 0);
  CHECK(sprt_llr_pentanomial(test, {0, 0, 0, 0, 0}) == 0);
}

TEST_CASE("an even match has Elo 0 and LOS one half") {
  const EloEstimate e = estimate_trinomial(50, 50, 20);
  CHECK(e.elo == Approx(0).margin(1e-9));
  CHECK(e.los == Approx(0.5));
  CHECK(e.elo_error > 0);
}
