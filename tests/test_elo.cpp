// Match statistics against the figures fastchess and fishtest publish.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "harness/stats/elo.hpp"

using namespace arena;

TEST_CASE("trinomial 136-96-111 gives the published Elo nElo and LOS") {
  const EloEstimate e = estimate_trinomial(136, 96, 111);
  CHECK(e.elo == Approx(40.70).margin(0.005));
  CHECK(e.elo_error == Approx(30.43).margin(0.005));
  CHECK(e.nelo == Approx(49.77).margin(0.005));
  CHECK(e.nelo_error == Approx(36.77).margin(0.005));
  CHECK(e.los_normal == Approx(0.9960).margin(0.00005));
  CHECK(e.los == Approx(0.9960).margin(0.001));  // the exact LOS agrees at this size
  CHECK(e.draw_ratio == Approx(111.0 / 343));
}

TEST_CASE("pentanomial 34 54 63 64 75 gives the published Elo and nElo") {
  const EloEstimate e = estimate_pentanomial({34, 54, 63, 64, 75});
  CHECK(e.elo == Approx(55.58).margin(0.005));
  CHECK(e.elo_error == Approx(27.65).margin(0.005));
  CHECK(e.nelo == Approx(57.94).margin(0.005));
  CHECK(e.nelo_error == Approx(28.28).margin(0.005));
}

TEST_CASE("no games: estimates at no difference, errors unbounded") {
  for (const EloEstimate& e :
       {estimate_trinomial(0, 0, 0), estimate_pentanomial({0, 0, 0, 0, 0})}) {
    CHECK(e.n == 0);
    CHECK(e.score == 0.5);
    CHECK(e.elo == 0);
    CHECK(e.nelo == 0);
    CHECK(e.los == 0.5);
    CHECK(e.los_normal == 0.5);
    CHECK(std::isinf(e.elo_error));
    CHECK(std::isinf(e.nelo_error));
  }
}

TEST_CASE("all wins: Elo and nElo are +inf, their errors unbounded, the normal LOS 1") {
  for (const EloEstimate& e : {estimate_trinomial(10, 0, 0), estimate_trinomial(1, 0, 0),
                               estimate_pentanomial({0, 0, 0, 0, 7})}) {
    CHECK_FALSE(e.finite);
    CHECK(e.elo == std::numeric_limits<double>::infinity());
    CHECK(e.nelo == std::numeric_limits<double>::infinity());
    CHECK(std::isinf(e.elo_error));
    CHECK(std::isinf(e.nelo_error));
    CHECK(e.los_normal == 1.0);
    CHECK(e.los < 1.0);  // a few wins are never certainty
  }
}

TEST_CASE("all losses: Elo and nElo are -inf, the normal LOS 0") {
  for (const EloEstimate& e :
       {estimate_trinomial(0, 3, 0), estimate_pentanomial({7, 0, 0, 0, 0})}) {
    CHECK(e.elo == -std::numeric_limits<double>::infinity());
    CHECK(e.nelo == -std::numeric_limits<double>::infinity());
    CHECK(e.los_normal == 0.0);
    CHECK(e.los > 0.0);
  }
}

TEST_CASE("all draws: Elo and nElo 0, the Elo error unbounded, LOS one half") {
  for (const EloEstimate& e : {estimate_trinomial(0, 0, 10), estimate_trinomial(0, 0, 1),
                               estimate_pentanomial({0, 0, 9, 0, 0})}) {
    CHECK(e.finite);
    CHECK(e.elo == 0);
    CHECK(std::isinf(e.elo_error));  // no spread: the normal approximation cannot bound it
    CHECK(e.nelo == 0);
    CHECK(std::isfinite(e.nelo_error));
    CHECK(e.los == Approx(0.5).margin(1e-9));
    CHECK(e.los_normal == 0.5);
  }
}

TEST_CASE("every pair the same lopsided outcome: Elo finite, nElo infinite") {
  const EloEstimate e = estimate_pentanomial({0, 12, 0, 0, 0});  // every pair scores 1/4
  CHECK(e.elo == Approx(elo_of_score(0.25)));
  CHECK(std::isinf(e.elo_error));
  CHECK(e.nelo == -std::numeric_limits<double>::infinity());
  CHECK(e.los_normal == 0.0);
  CHECK(e.los == Approx(0.005).margin(0.001));  // twelve pairs at 1/4: the other likely better
}

TEST_CASE("an interval that reaches a score of 1 has an unbounded Elo error") {
  const EloEstimate e = estimate_trinomial(9, 1, 0);  // 0.9 +- 0.19
  CHECK(std::isfinite(e.elo));
  CHECK(std::isinf(e.elo_error));
  const EloEstimate narrower = estimate_trinomial(900, 100, 0);
  CHECK(std::isfinite(narrower.elo_error));
}

TEST_CASE("estimate text shows unbounded values as inf") {
  CHECK(estimate_text(40.71, 30.43) == "+40.7 +/- 30.4");
  CHECK(estimate_text(-3.0, 1.25, 2) == "-3.00 +/- 1.25");
  CHECK(estimate_text(12.0, std::numeric_limits<double>::infinity()) == "+12.0 +/- inf");
  CHECK(estimate_text(std::numeric_limits<double>::infinity(), 1) == "+inf");
  CHECK(estimate_text(-std::numeric_limits<double>::infinity(), 1, 1, "±") == "-inf");
}

// Every count from 0 to 6 of each outcome: no NaN, JSON-safe (finite or an
// explicit infinity), LOS in [0, 1], and Elo never falls as wins grow.
TEST_CASE("small counts swept exhaustively give defined, monotone estimates") {
  for (uint64_t l = 0; l <= 6; ++l) {
    for (uint64_t d = 0; d <= 6; ++d) {
      double previous = -std::numeric_limits<double>::infinity();
      for (uint64_t w = 0; w <= 6; ++w) {
        const EloEstimate e = estimate_trinomial(w, l, d);
        INFO("W L D = " << w << " " << l << " " << d);
        for (double x : {e.score, e.elo, e.elo_error, e.nelo, e.nelo_error, e.los, e.los_normal})
          CHECK_FALSE(std::isnan(x));
        CHECK((e.los > 0 && e.los < 1));
        CHECK(e.elo_error >= 0);
        CHECK(e.nelo_error >= 0);
        CHECK(e.elo >= previous);
        previous = e.elo;
      }
    }
  }
}

// Every pair count from 0 to 3 of each outcome: no NaN, LOS in [0, 1], and
// Elo and nElo never fall when an LL pair becomes a WW pair.
TEST_CASE("small pair counts swept exhaustively give defined, monotone estimates") {
  for (uint64_t a = 0; a <= 3; ++a)
    for (uint64_t b = 0; b <= 3; ++b)
      for (uint64_t c = 0; c <= 3; ++c)
        for (uint64_t d = 0; d <= 3; ++d)
          for (uint64_t w = 0; w <= 3; ++w) {
            const EloEstimate e = estimate_pentanomial({a, b, c, d, w});
            INFO("pairs " << a << " " << b << " " << c << " " << d << " " << w);
            for (double x :
                 {e.score, e.elo, e.elo_error, e.nelo, e.nelo_error, e.los, e.los_normal})
              CHECK_FALSE(std::isnan(x));
            CHECK((e.los > 0 && e.los < 1));
            CHECK(e.elo_error >= 0);
            CHECK(e.nelo_error >= 0);
            if (a == 0) continue;
            const EloEstimate better = estimate_pentanomial({a - 1, b, c, d, w + 1});
            CHECK(better.elo >= e.elo);
            CHECK(better.nelo >= e.nelo);
            CHECK(better.los > e.los);
          }
}

TEST_CASE("an even score is Elo +0, never -0") {
  CHECK_FALSE(std::signbit(elo_of_score(0.5)));
  CHECK_FALSE(std::signbit(estimate_trinomial(0, 0, 10).elo));
}

TEST_CASE("an even match has Elo 0 and LOS one half") {
  const EloEstimate e = estimate_trinomial(50, 50, 20);
  CHECK(e.elo == Approx(0).margin(1e-9));
  CHECK(e.los == Approx(0.5));
  CHECK(e.elo_error > 0);
}
