// The exact generalised SPRT against fishtest's LLRcalc and fastchess's
// published vectors, extreme counts included, and the properties an LLR has.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "harness/stats/sprt.hpp"

using namespace arena;

namespace {

struct Vector {
  SprtModel model;
  double elo0, elo1;
  std::array<uint64_t, 5> counts;  // W L D (the first three), or [LL, LD, WL+DD, WD, WW]
  bool pairs;
  double llr;
};

double llr_of(const Vector& v) {
  const SprtTest test{v.elo0, v.elo1, 0.05, 0.05, v.model};
  return v.pairs ? sprt_llr_pentanomial(test, v.counts)
                 : sprt_llr_trinomial(test, v.counts[0], v.counts[1], v.counts[2]);
}

}  // namespace

// fastchess app/tests/sprt_test.cpp (published to two decimals); its
// Stats(LL, LD, WL, DD, WD, WW) is folded into [LL, LD, WL+DD, WD, WW].
TEST_CASE("SPRT LLR matches fastchess's published vectors on both models and count types") {
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
  INFO("expected " << v.llr);
  CHECK(llr_of(v) == Approx(v.llr).margin(0.005));
}

// fastchess's extreme vectors (the same file, "normalized trinomial 3" and
// "normalized pentanomial 3"): 4,250 wins and 5,550 WW pairs, published as
// 120.56 and 111.82 and checked there to 1% (doctest's epsilon(0.01)).
TEST_CASE("SPRT LLR matches fastchess's published extreme vectors to its own tolerance") {
  const auto v = GENERATE(values<Vector>({
      {SprtModel::kNormalized, 0, 10, {4250, 0, 0}, false, 120.56},
      {SprtModel::kNormalized, 0, 5, {0, 0, 0, 0, 5550}, true, 111.82},
  }));
  INFO("expected " << v.llr);
  CHECK(llr_of(v) == Approx(v.llr).epsilon(0.01));
  CHECK(llr_of(v) == Approx(v.llr).margin(0.03));  // and far closer: 120.548, 111.798
}

// fishtest server/fishtest/stats/LLRcalc.py (commit 0753fcc, with SciPy 1.10)
// evaluated on these counts: its LLR_logistic and LLR_normalized, zero counts
// regularised to 1e-3. The first eight are fastchess's vectors above to six
// decimals, then fastchess's two extreme vectors (4250 wins; 5550 WW pairs),
// then all wins, all losses, all draws, one game, almost no draws.
TEST_CASE("SPRT LLR matches fishtest's LLRcalc, extreme counts included") {
  const auto v = GENERATE(values<Vector>({
      {SprtModel::kNormalized, 0, 2, {36433, 36027, 68692}, false, 0.923293},
      {SprtModel::kNormalized, -1.75, 0.25, {10871, 10650, 20431}, false, 2.297500},
      {SprtModel::kLogistic, 0.5, 2.5, {21404, 21184, 40708}, false, -1.571889},
      {SprtModel::kLogistic, 0, 2, {57433, 57030, 106593}, false, -2.593024},
      {SprtModel::kNormalized, 0, 2, {365, 16618, 36229, 16974, 390}, true, 2.250368},
      {SprtModel::kNormalized, -1.75, 0.25, {127, 4883, 10712, 5150, 104}, true, 3.010154},
      {SprtModel::kLogistic, 0.5, 2.5, {223, 9863, 21279, 10037, 246}, true, -3.074126},
      {SprtModel::kLogistic, 0, 2, {871, 26175, 55983, 26678, 821}, true, -4.978673},
      {SprtModel::kNormalized, 0, 10, {4250, 0, 0}, false, 120.548268},
      {SprtModel::kNormalized, 0, 5, {0, 0, 0, 0, 5550}, true, 111.797555},
      {SprtModel::kLogistic, 0, 10, {1000, 0, 0}, false, 28.368159},
      {SprtModel::kNormalized, 0, 10, {1000, 0, 0}, false, 28.364287},
      {SprtModel::kLogistic, 0, 10, {0, 1000, 0}, false, -29.196468},
      {SprtModel::kNormalized, 0, 10, {0, 1000, 0}, false, -29.192367},
      {SprtModel::kLogistic, 0, 10, {0, 0, 0, 0, 500}, true, 14.184136},
      {SprtModel::kNormalized, 0, 10, {0, 0, 0, 0, 500}, true, 19.932703},
      {SprtModel::kNormalized, 0, 5, {0, 0, 16700}, false, -3.450540},
      {SprtModel::kLogistic, 0, 5, {0, 0, 16700}, false, -242.048907},
      {SprtModel::kNormalized, 0, 5, {0, 0, 104, 0, 0}, true, -0.039156},
      {SprtModel::kNormalized, 0, 5, {0, 104, 0, 0, 0}, true, -1.518203},
      {SprtModel::kLogistic, 0, 5, {1, 0, 0}, false, 0.014287},
      {SprtModel::kNormalized, 0, 5, {0, 1, 0}, false, -0.014487},
      {SprtModel::kNormalized, 0, 2, {5200, 5000, 10}, false, 0.982690},
      {SprtModel::kLogistic, 0, 2, {5200, 5000, 10}, false, 0.983093},
      {SprtModel::kNormalized, 0, 2, {100, 2000, 50, 2000, 120}, true, 0.163129},
      {SprtModel::kLogistic, -5, 0, {100, 2000, 50, 2000, 120}, true, 2.556294},
      {SprtModel::kNormalized, -10, 10, {3, 2, 0}, false, 0.057562},
      {SprtModel::kLogistic, 0, 400, {0, 0, 7}, false, -11.925981},
  }));
  INFO("expected " << v.llr);
  CHECK(llr_of(v) == Approx(v.llr).epsilon(1e-5).margin(1e-5));
}

// No distribution with expected score s puts more than s on a win, so under
// each hypothesis a win is at most as likely as its score: n wins give
// LLR = n ln(s1 / s0), up to the 1e-3 regularisation.
TEST_CASE("n wins and nothing else give n ln(s1/s0) under the logistic model") {
  const SprtTest test{0, 10, 0.05, 0.05, SprtModel::kLogistic};
  const double s1 = 1 / (1 + std::pow(10.0, -10.0 / 400));
  for (uint64_t n : {100, 1000, 100000}) {
    INFO(n << " wins");
    CHECK(sprt_llr_trinomial(test, n, 0, 0) == Approx(n * std::log(s1 / 0.5)).epsilon(1e-3));
  }
}

// The maximum-likelihood fit under H0 is the data itself when the data are H0
// exactly, so the LLR cannot be positive there.
TEST_CASE("all draws are exactly H0 of an elo0 = 0 test: the LLR is not positive") {
  for (SprtModel model : {SprtModel::kLogistic, SprtModel::kNormalized}) {
    const SprtTest test{0, 5, 0.05, 0.05, model};
    for (uint64_t n : {1, 10, 16700}) {
      CHECK(sprt_llr_trinomial(test, 0, 0, n) <= 0);
      CHECK(sprt_llr_pentanomial(test, {0, 0, n, 0, 0}) <= 0);
    }
  }
}

// Past 2^36 games the fit runs on the same proportions over 2^36 games and the
// LLR is scaled back: finite, growing with the count, never a crash.
TEST_CASE("huge counts give a finite LLR that grows with the count") {
  for (SprtModel model : {SprtModel::kLogistic, SprtModel::kNormalized}) {
    const SprtTest test{-200, 200, 0.05, 0.05, model};
    double previous = 0;
    for (uint64_t n = 1000; n < (uint64_t{1} << 62); n *= 10) {
      INFO("model " << static_cast<int>(model) << ", " << n << " wins");
      const double llr = sprt_llr_trinomial(test, n, 0, 0);
      REQUIRE(std::isfinite(llr));
      CHECK(llr > previous);
      previous = llr;
      CHECK(std::isfinite(sprt_llr_trinomial(test, n, n / 3, n / 7)));
      CHECK(std::isfinite(sprt_llr_pentanomial(test, {0, n, 0, 0, 0})));
      CHECK(std::isfinite(sprt_llr_pentanomial(test, {n / 5, n, n / 2, n, n / 5 + 1})));
    }
  }
}

TEST_CASE("without games the LLR is 0") {
  const SprtTest test;
  CHECK(sprt_llr_trinomial(test, 0, 0, 0) == 0);
  CHECK(sprt_llr_pentanomial(test, {0, 0, 0, 0, 0}) == 0);
}

TEST_CASE("SPRT bounds are ln(beta/(1-alpha)) and ln((1-beta)/alpha)") {
  const SprtTest test{0, 5, 0.05, 0.05, SprtModel::kNormalized};
  CHECK(test.lower_bound() == Approx(-2.9444).margin(0.0001));
  CHECK(test.upper_bound() == Approx(2.9444).margin(0.0001));
  const SprtTest uneven{0, 5, 0.01, 0.1, SprtModel::kLogistic};
  CHECK(uneven.lower_bound() == Approx(std::log(0.1 / 0.99)));
  CHECK(uneven.upper_bound() == Approx(std::log(0.9 / 0.01)));
}

// Every count from 0 to 5 of each outcome (and of each pair outcome, to 3),
// for both models at narrow, wide and extreme bounds: finite, and never
// falling when a loss becomes a win.
TEST_CASE("small counts swept exhaustively give a finite LLR that grows with wins") {
  for (SprtModel model : {SprtModel::kLogistic, SprtModel::kNormalized}) {
    const double max = max_sprt_elo(model);
    const std::vector<std::pair<double, double>> bounds = {
        {0, 5}, {-5, 0}, {-3, 3}, {0, 50}, {-max, max}, {max - 1, max}, {-max, 1 - max}};
    for (const auto& [elo0, elo1] : bounds) {
      const SprtTest test{elo0, elo1, 0.05, 0.05, model};
      for (uint64_t d = 0; d <= 5; ++d) {
        for (uint64_t total = 0; total <= 5; ++total) {
          double previous = -std::numeric_limits<double>::infinity();
          for (uint64_t w = 0; w <= total; ++w) {
            INFO("model " << static_cast<int>(model) << " [" << elo0 << ", " << elo1 << "] W L D "
                          << w << " " << total - w << " " << d);
            const double llr = sprt_llr_trinomial(test, w, total - w, d);
            REQUIRE(std::isfinite(llr));
            CHECK(llr >= previous - 1e-9);
            previous = llr;
          }
        }
      }
      for (uint64_t a = 0; a <= 3; ++a)
        for (uint64_t b = 0; b <= 3; ++b)
          for (uint64_t c = 0; c <= 3; ++c)
            for (uint64_t d = 0; d <= 3; ++d)
              for (uint64_t e = 0; e <= 3; ++e) {
                INFO("model " << static_cast<int>(model) << " [" << elo0 << ", " << elo1
                              << "] pairs " << a << " " << b << " " << c << " " << d << " " << e);
                const double llr = sprt_llr_pentanomial(test, {a, b, c, d, e});
                REQUIRE(std::isfinite(llr));
                if (a > 0) {  // one LL pair becomes WW
                  CHECK(sprt_llr_pentanomial(test, {a - 1, b, c, d, e + 1}) >= llr - 1e-9);
                }
              }
    }
  }
}
