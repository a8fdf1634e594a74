// Random firing against the exact law P(shots <= n) = C(n, 17) / C(100, 17).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
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

}  // namespace

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

TEST_CASE("random firing follows C(n 17)/C(100 17) by Kolmogorov-Smirnov") {
  const int games = 100000;
  const std::vector<int> shots = play_random(Touching::kAllowed, games, 777);
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
