#include <catch2/catch.hpp>

#include "harness/runner/run_stats.hpp"
#include "harness/stats/proportion.hpp"

using namespace arena;

TEST_CASE("Wilson interval matches a worked value") {
  // p = 0.5 over 100 trials: centre 0.5, half-width 1.96*sqrt(0.25/100+0.96/40000)/1.0384.
  const auto [lo, hi] = wilson_interval(0.5, 100);
  CHECK(lo == Approx(0.4038).margin(1e-4));
  CHECK(hi == Approx(0.5962).margin(1e-4));
}

TEST_CASE("Wilson interval stays inside the unit interval at the extremes and without games") {
  const auto [lo0, hi0] = wilson_interval(0.0, 10);
  CHECK(lo0 == 0.0);
  CHECK(hi0 == Approx(0.2775).margin(1e-4));
  const auto [lo1, hi1] = wilson_interval(1.0, 10);
  CHECK(lo1 == Approx(0.7225).margin(1e-4));
  CHECK(hi1 == Approx(1.0));
  const auto [lo, hi] = wilson_interval(0.0, 0);
  CHECK(lo == 0.0);
  CHECK(hi == 1.0);
}

TEST_CASE("score counts a draw as half a win") {
  CHECK(score_of(3, 2, 10) == Approx(0.4));
  CHECK(score_of(0, 0, 0) == 0.0);
}

TEST_CASE("ranks become wins and losses and draws and pairwise records") {
  RunStats stats(3, 1);
  const SeatResult game1[] = {{0, 1, {10}}, {1, 2, {12}}, {2, 3, {15}}};
  const SeatResult game2[] = {{0, 1, {10}}, {1, 1, {10}}, {2, 3, {11}}};
  stats.add_game(game1);
  stats.add_game(game2);
  CHECK(stats.variant(0).record.wins == 1);
  CHECK(stats.variant(0).record.draws == 1);
  CHECK(stats.variant(1).record.losses == 1);
  CHECK(stats.variant(1).record.draws == 1);
  CHECK(stats.variant(2).record.losses == 2);
  CHECK(stats.pair(0, 1).wins == 1);
  CHECK(stats.pair(0, 1).draws == 1);
  CHECK(stats.pair(1, 0).losses == 1);
  CHECK(stats.pair(2, 0).losses == 2);
  CHECK(stats.variant(2).rank_sum == 6);
}

TEST_CASE("a lone seat is played but not a contest") {
  RunStats stats(1, 1);
  const SeatResult game[] = {{0, 1, {40}}};
  stats.add_game(game);
  CHECK(stats.variant(0).games == 1);
  CHECK(stats.variant(0).record.contests() == 0);
}

TEST_CASE("integer histograms give exact quantiles and merge") {
  IntHistogram a, b;
  for (int v = 1; v <= 10; ++v)
    (v <= 5 ? a : b).add(v);
  a += b;
  CHECK(a.count() == 10);
  CHECK(a.mean() == Approx(5.5));
  CHECK(a.quantile(0.5) == 5);
  CHECK(a.quantile(0.9) == 9);
  CHECK(a.min() == 1);
  CHECK(a.max() == 10);
}

TEST_CASE("win share splits a tie for first among all who share it") {
  RunStats stats(3, 1);
  const SeatResult three_way[] = {{0, 1, {1}}, {1, 1, {1}}, {2, 1, {1}}};
  const SeatResult two_way[] = {{0, 1, {1}}, {1, 1, {1}}, {2, 3, {2}}};
  stats.add_game(three_way);
  stats.add_game(two_way);
  CHECK(stats.variant(0).win_share_units == kWinShareUnit / 3 + kWinShareUnit / 2);
  CHECK(stats.variant(2).win_share_units == kWinShareUnit / 3);
  // The shares of one game add up to one win.
  RunStats one(3, 1);
  one.add_game(three_way);
  CHECK(one.variant(0).win_share_units + one.variant(1).win_share_units +
            one.variant(2).win_share_units ==
        kWinShareUnit);
}
