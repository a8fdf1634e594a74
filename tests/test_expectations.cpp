// Published figures (`expect`) are judged against the measured value's 95%
// interval: a short run is not refuted by its own sampling error, and a wrong
// figure fails however many games are played (docs/statistics.md).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "harness/runner/run_stats.hpp"
#include "harness/stats/expectations.hpp"
#include "harness/stats/proportion.hpp"

namespace {

// n games of random firing on the standard board, counted in proportion to
// the exact distribution of the shots it takes, P(T <= t) = C(t, 17) / C(100, 17)
// (mean 17 * 101 / 18 = 95.39, median 97), rounded to whole games.
arena::IntHistogram random_firing(uint64_t n) {
  const auto cumulative = [](int t) {  // C(t, 17) / C(100, 17)
    double p = 1;
    for (int i = 0; i < 17; ++i)
      p *= static_cast<double>(t - i) / (100 - i);
    return t < 17 ? 0.0 : p;
  };
  std::vector<uint64_t> counts(101, 0);
  for (int t = 17; t <= 100; ++t)
    counts[t] = static_cast<uint64_t>(
        std::llround(static_cast<double>(n) * (cumulative(t) - cumulative(t - 1))));
  return arena::IntHistogram::from_counts(counts);
}

bool reproduced(const arena::IntHistogram& h, const char* stat, double value, double tolerance) {
  const auto [low, high] = arena::statistic_interval(h, stat);
  return arena::reproduces(value, tolerance, low, high);
}

}  // namespace

TEST_CASE(
    "the exact random-firing mean is reproduced at 2000 and 200000 games, a wrong one at neither") {
  for (const uint64_t games : {uint64_t{2000}, uint64_t{200000}}) {
    INFO(games << " games");
    const arena::IntHistogram h = random_firing(games);
    REQUIRE(h.count() == Approx(games).margin(60));  // rounding
    const auto [low, high] = arena::statistic_interval(h, "mean");
    // 1.96 standard errors of a distribution with standard deviation 4.811
    // (within 2%: the counts are rounded to whole games).
    CHECK((high - low) / 2 == Approx(1.959964 * 4.811438 / std::sqrt(h.count())).epsilon(0.02));
    CHECK(low < 95.3889);
    CHECK(high > 95.3889);
    CHECK(reproduced(h, "mean", 95.39, 0.15));
    CHECK_FALSE(reproduced(h, "mean", 96, 0.15));     // 0.6 off: a wrong figure
    CHECK_FALSE(reproduced(h, "mean", 94.85, 0.15));  // below as well
    CHECK(reproduced(h, "median", 97, 0));
    CHECK_FALSE(reproduced(h, "median", 95, 0.5));
  }
  // The interval narrows with more games: 0.6 off with a tolerance of 0.4
  // cannot be told apart at 2,000 games (half-width 0.21), but can at 200,000.
  CHECK(reproduced(random_firing(2000), "mean", 96, 0.4));
  CHECK_FALSE(reproduced(random_firing(200000), "mean", 96, 0.4));
}

TEST_CASE("a quantile's interval is the values at ranks n q -+ 1.96 sqrt(n q (1 - q))") {
  // 1,000 values 0..999, once each: the median's ranks are 500 -+ 31 (469 and
  // 531: values 468 and 530), p90's 900 -+ 18.6 (881 and 919: 880 and 918).
  const arena::IntHistogram h = arena::IntHistogram::from_counts(std::vector<uint64_t>(1000, 1));
  CHECK(arena::statistic_interval(h, "median") == std::pair{468.0, 530.0});
  CHECK(arena::statistic_interval(h, "p90") == std::pair{880.0, 918.0});
  // The extremes have no interval: their own value.
  CHECK(arena::statistic_interval(h, "min") == std::pair{0.0, 0.0});
  CHECK(arena::statistic_interval(h, "max") == std::pair{999.0, 999.0});
}

TEST_CASE("the mode is the most frequent value and a share has the Wilson interval") {
  // Random firing's mode is 100, with probability exactly 0.17 (1 - 83/100).
  const arena::IntHistogram h = random_firing(200000);
  CHECK(arena::statistic_interval(h, "mode") == std::pair{100.0, 100.0});
  const auto [low, high] = arena::statistic_interval(h, "share", 100);
  const double share = 0.17 * 200000 / static_cast<double>(h.count());
  const auto [wilson_low, wilson_high] = arena::wilson_interval(share, h.count());
  CHECK(low == Approx(wilson_low));
  CHECK(high == Approx(wilson_high));
  CHECK(high - low == Approx(2 * 1.96 * std::sqrt(0.17 * 0.83 / 200000)).epsilon(0.01));
  CHECK(arena::reproduces(0.17, 0.001, low, high));
  // P(T = 99) = 17 * 83 / (100 * 99) = 0.1425: not the share at 100.
  const auto [low99, high99] = arena::statistic_interval(h, "share", 99);
  CHECK(low99 < 0.1425);
  CHECK(high99 > 0.1425);
  CHECK_FALSE(arena::reproduces(0.17, 0.001, low99, high99));
  // A value never seen, or off the histogram, has a share of 0.
  CHECK(arena::statistic_interval(h, "share", 5).first == 0.0);
  CHECK(arena::statistic_interval(h, "share", 1000).first == 0.0);
  CHECK(arena::statistic_interval(h, "share", -1).first == 0.0);
}

TEST_CASE("degenerate samples give intervals of their one value, or none") {
  const arena::IntHistogram one = arena::IntHistogram::from_counts({0, 0, 0, 1});
  for (const char* stat : {"mean", "median", "p90", "min", "max"}) {
    INFO(stat);
    CHECK(arena::statistic_interval(one, stat) == std::pair{3.0, 3.0});
  }
  const arena::IntHistogram same = arena::IntHistogram::from_counts({0, 0, 500});
  CHECK(arena::statistic_interval(same, "mean") == std::pair{2.0, 2.0});
  CHECK(arena::statistic_interval(same, "median") == std::pair{2.0, 2.0});
  CHECK(arena::statistic_interval(arena::IntHistogram(), "mean") == std::pair{0.0, 0.0});
}

TEST_CASE("a figure within its tolerance of the interval is reproduced, and only then") {
  CHECK(arena::reproduces(5, 0, 4, 6));          // inside
  CHECK(arena::reproduces(3, 1, 4, 6));          // exactly its tolerance below
  CHECK(arena::reproduces(7, 1, 4, 6));          // and above
  CHECK_FALSE(arena::reproduces(2.9, 1, 4, 6));  // further
  CHECK_FALSE(arena::reproduces(7.1, 1, 4, 6));
  CHECK(arena::reproduces(4, 0, 4, 4));  // an interval of one point
  CHECK_FALSE(arena::reproduces(4.5, 0.25, 4, 4));
}

// "about 42-44" is published as a range: any value of it may be the truth,
// so a measurement anywhere in it (or within the tolerance of its ends)
// reproduces it; a measurement beyond does not, however many games.
TEST_CASE("a figure published as a range is reproduced by an interval that meets it") {
  CHECK(arena::reproduces(42, 44, 0, 44, 44));        // the quickstart's density median
  CHECK_FALSE(arena::reproduces(42, 42, 0, 44, 44));  // the article's median 42
  CHECK(arena::reproduces(65, 66, 0, 64.5, 65.2));    // overlapping its low end
  CHECK(arena::reproduces(65, 66, 0, 62, 70));        // an interval around it
  CHECK(arena::reproduces(65, 66, 0.28, 66.2, 66.3));
  CHECK(arena::reproduces(65, 66, 0.25, 66.25, 66.4));  // exactly its tolerance above
  CHECK_FALSE(arena::reproduces(65, 66, 0.28, 66.3, 66.4));
  CHECK_FALSE(arena::reproduces(65, 66, 0.28, 64.0, 64.7));
}
