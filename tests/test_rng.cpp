#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "engines/core/rng.hpp"

using arena::derive_seed;
using arena::Purpose;
using arena::Rng;

TEST_CASE("every master-match-game-purpose tuple gets its own stream") {
  std::set<uint64_t> seeds;
  for (uint64_t master = 0; master < 4; ++master) {
    for (uint64_t match = 0; match < 4; ++match) {
      for (uint64_t game = 0; game < 64; ++game) {
        for (uint64_t purpose : {uint64_t{1}, uint64_t{1000}, uint64_t{1001}}) {
          seeds.insert(derive_seed(master, match, game, purpose));
        }
      }
    }
  }
  CHECK(seeds.size() == 4u * 4 * 64 * 3);
}

TEST_CASE("the same seed gives the same stream") {
  Rng a(derive_seed(7, 0, 12, Purpose::kEnvironment));
  Rng b(derive_seed(7, 0, 12, Purpose::kEnvironment));
  for (int i = 0; i < 100; ++i)
    REQUIRE(a.next() == b.next());
}

TEST_CASE("below(n) is uniform: chi-square over 7 buckets") {
  // 700,000 draws; the 99.9% point of chi-square with 6 degrees of freedom is 22.46.
  Rng rng(42);
  std::vector<double> counts(7, 0);
  const int draws = 700000;
  for (int i = 0; i < draws; ++i)
    counts[rng.below(7)] += 1;
  double chi2 = 0;
  for (double c : counts)
    chi2 += (c - draws / 7.0) * (c - draws / 7.0) / (draws / 7.0);
  CHECK(chi2 < 22.46);
}

TEST_CASE("below(n) stays in range even for n = 1 and huge n") {
  Rng rng(1);
  for (int i = 0; i < 1000; ++i) {
    REQUIRE(rng.below(1) == 0);
    REQUIRE(rng.below(3) < 3);
    REQUIRE(rng.below(uint64_t{1} << 63) < (uint64_t{1} << 63));
  }
}

TEST_CASE("uniform01 lies in the unit interval with mean one half") {
  Rng rng(3);
  double sum = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const double u = rng.uniform01();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    sum += u;
  }
  // Standard error of the mean is sqrt(1/12/n) = 0.00065; allow 5 of them.
  CHECK(sum / n == Approx(0.5).margin(0.0033));
}
