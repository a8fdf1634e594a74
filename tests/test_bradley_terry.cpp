// Bradley-Terry ratings by the MM algorithm.
#include <catch2/catch.hpp>

#include <cmath>

#include "engines/core/rng.hpp"
#include "harness/stats/bradley_terry.hpp"
#include "harness/stats/elo.hpp"

using namespace arena;

TEST_CASE("two players: the Bradley-Terry rating difference is the Elo of the score") {
  const auto r = bradley_terry({{0, 60}, {40, 0}}, RatingAnchor::kFirst, 0.0);
  CHECK(r[0].rating == 0);
  CHECK(r[1].rating == Approx(-elo_of_score(0.6)).margin(1e-6));
  // The interval matches the normal approximation on the score: 1.96 sqrt(s(1-s)/n), in Elo.
  const double slope = 400 / std::log(10.0) / (0.6 * 0.4);
  CHECK(r[1].ci95 == Approx(1.959964 * std::sqrt(0.24 / 100) * slope).epsilon(1e-6));
}

TEST_CASE("three players: ratings recover the strengths that generated the results") {
  // True ratings 0, +100, -150; 20,000 games per pair drawn from the model.
  const double truth[3] = {0, 100, -150};
  std::vector<std::vector<double>> wins(3, std::vector<double>(3, 0));
  Rng rng(5);
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      const double p = 1 / (1 + std::pow(10.0, (truth[j] - truth[i]) / 400));
      for (int g = 0; g < 20000; ++g)
        (rng.uniform01() < p ? wins[i][j] : wins[j][i]) += 1;
    }
  }
  const auto r = bradley_terry(wins);
  for (int i = 1; i < 3; ++i) {
    INFO("player " << i << ": " << r[i].rating << " +/- " << r[i].ci95);
    CHECK(std::fabs(r[i].rating - truth[i]) <
          2 * r[i].ci95);  // within the 95% interval (with room)
    CHECK(r[i].ci95 < 10);
  }
  const auto centred = bradley_terry(wins, RatingAnchor::kMean);
  CHECK(centred[0].rating + centred[1].rating + centred[2].rating == Approx(0).margin(1e-6));
  CHECK(centred[1].rating - centred[2].rating == Approx(r[1].rating - r[2].rating).margin(1e-6));
}

TEST_CASE("a variant that won everything gets a finite rating from the prior") {
  const auto r = bradley_terry({{0, 10, 10}, {0, 0, 5}, {0, 5, 0}});
  for (const auto& x : r) {
    CHECK(std::isfinite(x.rating));
    CHECK(std::isfinite(x.ci95));
  }
  CHECK(r[1].rating < -100);
  CHECK(r[1].rating == Approx(r[2].rating).margin(1e-6));
}

TEST_CASE("a variant that met no one is not rated") {
  const auto r = bradley_terry({{0, 3, 0}, {2, 0, 0}, {0, 0, 0}});
  CHECK(r[1].rated);
  CHECK_FALSE(r[2].rated);
}

// Anchored on the mean, variant 0 once had an interval of 0 (its theta was the
// one held fixed): every variant's rating is its distance from the mean, and
// each has the interval of that distance.
TEST_CASE("anchored on the mean, every variant's interval is that of its distance from the mean") {
  // Three equal players, 100 games a pair, half won each: equal intervals by symmetry.
  const auto r = bradley_terry({{0, 50, 50}, {50, 0, 50}, {50, 50, 0}}, RatingAnchor::kMean, 0.0);
  for (int i = 0; i < 3; ++i) {
    CHECK(r[i].rating == Approx(0).margin(1e-9));
    CHECK(r[i].ci95 == Approx(r[0].ci95).epsilon(1e-9));
  }
  CHECK(r[0].ci95 > 0);
  // By hand: the information per pair is 100 / 4 = 25; with theta_0 = 0 the
  // covariance of (theta_1, theta_2) is [[2, 1], [1, 2]] / 75, and variant 1's
  // distance from the mean, (2 theta_1 - theta_2) / 3, has variance
  // (4 * 2 - 4 * 1 + 2) / 75 / 9.
  const auto first =
      bradley_terry({{0, 50, 50}, {50, 0, 50}, {50, 50, 0}}, RatingAnchor::kFirst, 0.0);
  const double scale = 400 / std::log(10.0) * 1.959964;
  CHECK(r[1].ci95 ==
        Approx(scale * std::sqrt((4 * 2.0 / 75 - 4 * 1.0 / 75 + 2.0 / 75) / 9)).epsilon(1e-6));
  CHECK(first[1].ci95 == Approx(scale * std::sqrt(2.0 / 75)).epsilon(1e-6));
}
