// Random firing against the exact law P(shots <= n) = C(n, 17) / C(100, 17).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <utility>

#include <boost/math/distributions/chi_squared.hpp>
#include <vector>

#include "engines/battleship/solo.hpp"
#include "engines/battleship/strategies/random.hpp"

using namespace arena;
using namespace arena::battleship;

namespace {

// P(shots <= n) for random firing: all 17 ship cells among the first n of a
// uniformly random order of 100 cells.
double exact_cdf(int n, int cells = 100, int ship_cells = 17) {
  if (n < ship_cells) return 0.0;
  double p = 1.0;  // C(n, k) / C(cells, k) = prod_{i<k} (n - i) / (cells - i)
  for (int i = 0; i < ship_cells; ++i)
    p *= static_cast<double>(n - i) / (cells - i);
  return p;
}

std::vector<int> play_random(Touching touching, int games, uint64_t seed) {
  Rules rules;
  rules.touching = touching;
  const PlacementTable table(rules);
  NullTimer timer;
  std::vector<int> shots;
  for (int g = 0; g < games; ++g) {
    Rng environment(derive_seed(seed, 0, static_cast<uint64_t>(g), Purpose::kEnvironment));
    Rng rng(derive_seed(seed, 0, static_cast<uint64_t>(g), player_purpose(0)));
    RandomShooter shooter(rules);
    const Ocean ocean(rules, sample_uniform_layout(table, environment));
    shots.push_back(play_solo(rules, ocean, shooter, rng, timer, 0).shots);
  }
  return shots;
}

// Records every shot and checks it was never fired before and lies on the board.
struct CheckedShooter {
  RandomShooter inner;
  int cells;
  std::set<int> fired;
  bool ok = true;
  int choose(Rng& rng) {
    const int cell = inner.choose(rng);
    ok = ok && cell >= 0 && cell < cells && fired.insert(cell).second;
    return cell;
  }
  void observe(int cell, const ShotResult& r) { inner.observe(cell, r); }
};

// Pearson's chi-square of shot counts against the law of `ship_cells` ship
// cells among `cells`, the low tail merged into one bin until it expects at
// least 20 games (each later bin expects more); with its degrees of freedom.
std::pair<double, int> chi_square(const std::vector<int>& shots, int ship_cells) {
  std::vector<double> counts(101, 0);
  for (int s : shots)
    counts[s] += 1;
  const auto n = static_cast<double>(shots.size());
  double statistic = 0, observed = 0, expected = 0;
  int bins = 0;
  for (int t = 0; t <= 100; ++t) {
    observed += counts[t];
    expected += n * (exact_cdf(t, 100, ship_cells) - exact_cdf(t - 1, 100, ship_cells));
    if (expected < 20 && t < 100) continue;
    statistic += (observed - expected) * (observed - expected) / expected;
    ++bins;
    observed = expected = 0;
  }
  return {statistic, bins - 1};
}

}  // namespace

// The whole law, not only its mean (issue 36): P(T <= t) = C(t, 17) / C(100, 17),
// mean 95.39, median 97, mode 100 with probability exactly 0.17.
TEST_CASE("random firing follows C(n 17)/C(100 17) over a million games by chi-square and KS") {
  const int games = 1'000'000;
  const std::vector<int> shots = play_random(Touching::kAllowed, games, 777);
  const auto [statistic, df] = chi_square(shots, 17);
  // Rejected by chance once in 10,000 runs of a correct law (the seed is fixed,
  // so the test is deterministic; the threshold says how unlikely a failure
  // would be by chance alone).
  const double critical =
      boost::math::quantile(boost::math::complement(boost::math::chi_squared(df), 1e-4));
  INFO("chi-square " << statistic << " on " << df << " degrees of freedom, critical " << critical);
  CHECK(df > 40);
  CHECK(statistic < critical);
  // The test has power: the law of 16 or 18 ship cells, a third of a shot off
  // on average, is rejected by far (expected about 4,200 against a critical
  // value near 90).
  CHECK(chi_square(shots, 16).first > 10 * critical);
  CHECK(chi_square(shots, 18).first > 10 * critical);

  std::vector<double> counts(101, 0);
  for (int s : shots)
    counts[s] += 1;
  double cumulative = 0, worst = 0;
  for (int n = 0; n <= 100; ++n) {
    cumulative += counts[n] / games;
    worst = std::max(worst, std::fabs(cumulative - exact_cdf(n)));
  }
  // 1.95 / sqrt(n) is the 0.1% critical value of the KS statistic (conservative
  // for a discrete law).
  INFO("KS distance " << worst);
  CHECK(worst < 1.95 / std::sqrt(games));
  CHECK(exact_cdf(100) == Approx(1.0));
  CHECK(exact_cdf(96) < 0.5);  // the median is 97
  CHECK(exact_cdf(97) == Approx(0.5682).margin(1e-4));
  CHECK(1 - exact_cdf(99) == Approx(0.17).margin(1e-12));  // the mode, 100
  // A perfect game (17 shots): once in C(100, 17) = 6,650,134,872,937,201,800.
  CHECK(1 / exact_cdf(17) == Approx(6650134872937201800.0).epsilon(1e-12));
  CHECK(counts[100] / games == Approx(0.17).margin(0.0015));  // 4 standard errors
}

TEST_CASE("random firing has mean 17*101/18 within 3 standard errors over 100000 games") {
  const int games = 100000;
  const double exact_mean = 17.0 * 101 / 18;  // 95.39
  // Variance of the largest of k = 17 draws from N = 100 without replacement:
  // k (N + 1) (N - k) / ((k + 1)^2 (k + 2)).
  const double exact_sd = std::sqrt(17.0 * 101 * 83 / (18.0 * 18 * 19));
  for (Touching touching : {Touching::kAllowed, Touching::kForbidden}) {
    const std::vector<int> shots = play_random(touching, games, 12345);
    double sum = 0;
    for (int s : shots)
      sum += s;
    const double mean = sum / games;
    INFO("mean " << mean << ", exact " << exact_mean);
    CHECK(std::fabs(mean - exact_mean) < 3 * exact_sd / std::sqrt(games));
  }
}

TEST_CASE(
    "random firing never repeats a cell and sinks the fleet within size^2 shots on the board") {
  for (int size : {5, 10, 26}) {
    for (Touching touching : {Touching::kAllowed, Touching::kForbidden}) {
      Rules rules;
      rules.size = size;
      rules.touching = touching;
      if (size == 5) rules.fleet = {{"a", 3}, {"b", 2}};
      const PlacementTable table(rules);
      NullTimer timer;
      for (uint64_t g = 0; g < 200; ++g) {
        Rng environment(derive_seed(1, 0, g, Purpose::kEnvironment));
        Rng rng(derive_seed(1, 0, g, player_purpose(0)));
        CheckedShooter shooter{RandomShooter(rules), rules.cells(), {}};
        const auto result = play_solo(
            rules, Ocean(rules, sample_uniform_layout(table, environment)), shooter, rng, timer, 0);
        REQUIRE(shooter.ok);
        REQUIRE(result.finished);
        REQUIRE(result.shots <= rules.cells());
        REQUIRE(result.shots >= rules.fleet_cells());
      }
    }
  }
}

TEST_CASE("the ocean answers miss or hit or sunk with the ship and a repeat changes nothing") {
  Rules rules;
  rules.size = 5;
  rules.fleet = {{"destroyer", 2}};
  const PlacementTable table(rules);
  Layout layout;
  layout.ship_count = 1;
  layout.ships[0] = &table.of_length(2)[0];  // row 0, columns 0-1
  Ocean ocean(rules, layout);
  CHECK(ocean.shoot(7).kind == ShotKind::kMiss);
  const ShotResult hit = ocean.shoot(0);
  CHECK(hit.kind == ShotKind::kHit);
  CHECK(hit.ship == 0);
  const ShotResult again = ocean.shoot(0);
  CHECK(again.kind == ShotKind::kHit);
  CHECK(again.repeated);
  CHECK_FALSE(ocean.fleet_sunk());
  const ShotResult sunk = ocean.shoot(1);
  CHECK(sunk.kind == ShotKind::kSunk);
  CHECK(rules.fleet[sunk.ship].name == "destroyer");
  CHECK(ocean.fleet_sunk());
}
