// The likelihood of superiority and the words it earns (harness/stats/los.hpp):
// exact on few games, where the normal approximation claims certainty.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <random>

#include "harness/stats/elo.hpp"
#include "harness/stats/los.hpp"

namespace {

// P(2 q_WW + q_WD > 2 q_LL + q_LD) for q ~ Dirichlet(pairs + 1), by sampling
// independent gammas (a Dirichlet's definition): the quadrature's referee.
double sampled_pentanomial_los(const std::array<uint64_t, 5>& pairs, int samples) {
  std::mt19937_64 rng(20261207);
  std::array<std::gamma_distribution<double>, 5> gamma;
  for (size_t i = 0; i < 5; ++i)
    gamma[i] = std::gamma_distribution<double>(static_cast<double>(pairs[i]) + 1);
  int above = 0;
  for (int s = 0; s < samples; ++s) {
    std::array<double, 5> g{};
    for (size_t i = 0; i < 5; ++i)
      g[i] = gamma[i](rng);
    above += 2 * g[4] + g[3] > 2 * g[0] + g[1];
  }
  return static_cast<double>(above) / samples;
}

const char* words(double los) {
  return arena::confidence_name(arena::confidence_of(los));
}

}  // namespace

TEST_CASE("W wins and no loss give an LOS of 1 - 2^-(W+1) whatever the draws") {
  for (uint64_t w = 0; w <= 40; ++w) {
    for (uint64_t d : {0, 1, 7}) {
      INFO("W " << w << " D " << d);
      CHECK(arena::estimate_trinomial(w, 0, d).los ==
            Approx(1 - std::ldexp(1.0, -static_cast<int>(w) - 1)).epsilon(1e-12));
    }
  }
}

TEST_CASE("the LOS of games is the chance of at most W heads in W + L + 1 fair tosses") {
  // P(Binomial(n, 1/2) <= W) with n = W + L + 1, summed exactly.
  for (uint64_t w = 0; w <= 12; ++w) {
    for (uint64_t l = 0; l <= 12; ++l) {
      const uint64_t n = w + l + 1;
      double below = 0, choose = 1;
      for (uint64_t k = 0; k <= w; ++k) {
        below += choose;
        choose = choose * static_cast<double>(n - k) / static_cast<double>(k + 1);
      }
      INFO("W " << w << " L " << l);
      CHECK(arena::los_trinomial(w, l) == Approx(std::ldexp(below, -static_cast<int>(n))));
      CHECK(arena::los_trinomial(w, l) + arena::los_trinomial(l, w) == Approx(1));
    }
  }
}

TEST_CASE("one game two or six won are never certain and the words follow the table") {
  // The table of docs/statistics.md, "How sure a verdict is".
  CHECK(std::string(words(arena::estimate_trinomial(1, 0, 0).los)) == "not clear yet");
  CHECK(std::string(words(arena::estimate_trinomial(2, 0, 0).los)) == "not clear yet");
  CHECK(std::string(words(arena::estimate_trinomial(4, 0, 0).los)) == "not clear yet");
  CHECK(std::string(words(arena::estimate_trinomial(5, 0, 0).los)) == "likely");
  CHECK(std::string(words(arena::estimate_trinomial(6, 0, 0).los)) == "likely");
  CHECK(std::string(words(arena::estimate_trinomial(8, 0, 3).los)) == "likely");
  CHECK(std::string(words(arena::estimate_trinomial(9, 0, 0).los)) == "certain");
  CHECK(std::string(words(arena::estimate_trinomial(15, 3, 0).los)) == "likely");
  CHECK(std::string(words(arena::estimate_trinomial(20, 3, 0).los)) == "certain");
  CHECK(std::string(words(arena::estimate_trinomial(0, 9, 0).los)) == "certain");  // the other
  CHECK(std::string(words(arena::estimate_pentanomial({0, 0, 0, 0, 1}).los)) == "not clear yet");
  CHECK(std::string(words(arena::estimate_pentanomial({0, 0, 0, 0, 6}).los)) == "likely");
  CHECK(std::string(words(arena::estimate_pentanomial({0, 0, 0, 0, 9}).los)) == "likely");
  CHECK(std::string(words(arena::estimate_pentanomial({0, 0, 0, 0, 11}).los)) == "certain");
  // Where the normal approximation says certain on every one of them.
  for (uint64_t w : {1, 2, 6})
    CHECK(arena::estimate_trinomial(w, 0, 0).los_normal == 1.0);
  CHECK(arena::estimate_pentanomial({0, 0, 0, 0, 1}).los_normal == 1.0);
}

TEST_CASE("the LOS of pairs agrees with sampling the posterior on small and large counts") {
  const std::array<std::array<uint64_t, 5>, 9> cases = {{{0, 0, 0, 0, 1},
                                                         {0, 0, 0, 0, 2},
                                                         {1, 0, 0, 0, 0},
                                                         {0, 3, 0, 1, 0},
                                                         {0, 0, 100, 0, 3},
                                                         {5, 0, 0, 0, 1000},
                                                         {34, 54, 63, 64, 75},
                                                         {100, 200, 300, 210, 110},
                                                         {966, 992, 793, 1021, 984}}};
  for (const auto& pairs : cases) {
    INFO(pairs[0] << " " << pairs[1] << " " << pairs[2] << " " << pairs[3] << " " << pairs[4]);
    // 400,000 samples: a standard error of at most 0.0008.
    CHECK(arena::los_pentanomial(pairs) ==
          Approx(sampled_pentanomial_los(pairs, 400'000)).margin(0.003));
  }
  // One won pair and two: within 1e-4 of 64 nodes (13/18 and 23/27 to 7 digits).
  CHECK(arena::los_pentanomial({0, 0, 0, 0, 1}) == Approx(13.0 / 18).margin(1e-4));
  CHECK(arena::los_pentanomial({0, 0, 0, 0, 2}) == Approx(23.0 / 27).margin(1e-4));
}

TEST_CASE("the LOS of pairs is symmetric, one half on level pairs and grows with each win") {
  for (uint64_t a = 0; a <= 3; ++a)
    for (uint64_t b = 0; b <= 3; ++b)
      for (uint64_t c = 0; c <= 3; ++c)
        for (uint64_t d = 0; d <= 3; ++d)
          for (uint64_t w = 0; w <= 3; ++w) {
            INFO(a << " " << b << " " << c << " " << d << " " << w);
            const double los = arena::los_pentanomial({a, b, c, d, w});
            CHECK(los + arena::los_pentanomial({w, d, c, b, a}) == Approx(1).margin(1e-6));
            CHECK(arena::los_pentanomial({a, b, c + 1, d, w}) == Approx(los).margin(1e-6));
            CHECK(arena::los_pentanomial({a, b, c, d, w + 1}) > los);
            if (a > 0) CHECK(arena::los_pentanomial({a - 1, b, c, d + 1, w}) > los);
          }
  CHECK(arena::los_pentanomial({0, 0, 50, 0, 0}) == Approx(0.5).margin(1e-9));
}

TEST_CASE("on many pairs the exact LOS meets fishtest's normal one") {
  // Where the normal approximation is good, the two agree.
  for (const auto& pairs : std::array<std::array<uint64_t, 5>, 2>{
           {{1000, 2000, 3000, 2100, 1100}, {20000, 41000, 60000, 40000, 20400}}}) {
    INFO(pairs[0] << " " << pairs[1] << " " << pairs[2] << " " << pairs[3] << " " << pairs[4]);
    const arena::EloEstimate e = arena::estimate_pentanomial(pairs);
    CHECK(e.los == Approx(e.los_normal).margin(0.002));
  }
  // Both sides of the switch to the normal posterior (1,000 results a side
  // with the prior: 996 LL pairs are below it, 997 at it) meet the sampled one.
  for (uint64_t ll : {996, 997}) {
    const std::array<uint64_t, 5> pairs{ll, 1, 10, 1, 1010};
    INFO("LL " << ll);
    CHECK(arena::los_pentanomial(pairs) ==
          Approx(sampled_pentanomial_los(pairs, 400'000)).margin(0.003));
  }
}
