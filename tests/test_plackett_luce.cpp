// Plackett-Luce ratings on whole finishing orders: the reduction of games to
// choices (harness/runner/finishing_orders.hpp) and the MM fit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "engines/core/rng.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/bradley_terry.hpp"
#include "harness/stats/plackett_luce.hpp"

namespace {

using arena::FinishingOrders;
using arena::Rating;
using arena::SeatResult;

// A game from the variants' finishing ranks (seat order as given).
std::vector<SeatResult> game(const std::vector<std::pair<int, int>>& variant_and_rank) {
  std::vector<SeatResult> seats;
  for (const auto& [variant, rank] : variant_and_rank) {
    SeatResult s;
    s.variant = variant;
    s.rank = rank;
    seats.push_back(s);
  }
  return seats;
}

// One finishing order drawn from the Plackett-Luce model with these strengths
// (players are the variants 0..n-1, one seat each), as ranks.
std::vector<SeatResult> sampled_game(const std::vector<int>& players,
                                     const std::vector<double>& strength, arena::Rng& rng) {
  std::vector<int> left = players;
  std::vector<std::pair<int, int>> ranks;
  while (!left.empty()) {
    double total = 0;
    for (int v : left)
      total += strength[v];
    double x = rng.uniform01() * total;
    size_t pick = 0;
    while (pick + 1 < left.size() && x >= strength[left[pick]]) {
      x -= strength[left[pick]];
      ++pick;
    }
    ranks.emplace_back(left[pick], static_cast<int>(ranks.size()) + 1);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return game(ranks);
}

// Log-likelihood of one choice of `winners` (sharing it equally) among `left`.
struct RawChoice {
  std::vector<int> left;
  std::vector<int> winners;
  double weight = 1;
};

// The maximum likelihood by Newton's method over every choice of every game,
// written from the model's definition and nothing of the MM code: ratings on
// the Elo scale with variant 0 at 0.
std::vector<double> newton_ratings(const std::vector<RawChoice>& choices, int n) {
  std::vector<double> theta(n, 0);
  for (int step = 0; step < 100; ++step) {
    // Gradient and negative Hessian over theta_1..theta_{n-1} (theta_0 = 0).
    std::vector<double> gradient(n, 0);
    std::vector<std::vector<double>> hessian(n, std::vector<double>(n, 0));
    for (const RawChoice& c : choices) {
      double total = 0;
      for (int v : c.left)
        total += std::exp(theta[v]);
      std::vector<double> q(n, 0);
      for (int v : c.left)
        q[v] += std::exp(theta[v]) / total;
      for (int w : c.winners)
        gradient[w] += c.weight / static_cast<double>(c.winners.size());
      for (int i = 0; i < n; ++i) {
        gradient[i] -= c.weight * q[i];
        hessian[i][i] += c.weight * q[i];
        for (int j = 0; j < n; ++j)
          hessian[i][j] -= c.weight * q[i] * q[j];
      }
    }
    // Solve hessian[1..][1..] * delta = gradient[1..] by Gaussian elimination.
    const int m = n - 1;
    std::vector<std::vector<double>> a(m, std::vector<double>(m + 1, 0));
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < m; ++j)
        a[i][j] = hessian[i + 1][j + 1];
      a[i][m] = gradient[i + 1];
    }
    for (int col = 0; col < m; ++col) {
      for (int r = col + 1; r < m; ++r) {
        const double f = a[r][col] / a[col][col];
        for (int c = col; c <= m; ++c)
          a[r][c] -= f * a[col][c];
      }
    }
    std::vector<double> delta(m, 0);
    for (int i = m - 1; i >= 0; --i) {
      double x = a[i][m];
      for (int j = i + 1; j < m; ++j)
        x -= a[i][j] * delta[j];
      delta[i] = x / a[i][i];
    }
    for (int i = 0; i < m; ++i)
      theta[i + 1] += delta[i];
  }
  std::vector<double> ratings(n);
  for (int i = 0; i < n; ++i)
    ratings[i] = 400 / std::log(10.0) * theta[i];
  return ratings;
}

// The choices of one game read as docs/statistics.md says, for the Newton fit.
void add_raw_choices(const std::vector<SeatResult>& seats, std::vector<RawChoice>& out) {
  for (const SeatResult& s : seats) {
    RawChoice c;
    for (const SeatResult& t : seats) {
      if (t.rank >= s.rank) c.left.push_back(t.variant);
      if (t.rank == s.rank) c.winners.push_back(t.variant);
    }
    // One choice per rank: made by the rank's first seat, none for a last seat alone.
    const bool first_of_rank =
        &s == &*std::find_if(seats.begin(), seats.end(), [&](auto& t) { return t.rank == s.rank; });
    if (first_of_rank && c.left.size() > 1) out.push_back(c);
  }
}

}  // namespace

TEST_CASE("on two-seat games Plackett-Luce is Bradley-Terry, draws as half a win") {
  FinishingOrders orders(3);
  std::vector<std::vector<double>> wins(3, std::vector<double>(3, 0));
  const auto play = [&](int a, int b, int result) {  // result: 1 a wins, 0 draw, -1 b wins
    orders.add(game({{a, result >= 0 ? 1 : 2}, {b, result <= 0 ? 1 : 2}}));
    wins[a][b] += result == 1 ? 1 : result == 0 ? 0.5 : 0;
    wins[b][a] += result == -1 ? 1 : result == 0 ? 0.5 : 0;
  };
  for (int g = 0; g < 30; ++g)
    play(0, 1, g % 3 - 1);
  for (int g = 0; g < 20; ++g)
    play(1, 2, g % 5 == 0 ? 0 : 1);
  for (int g = 0; g < 10; ++g)
    play(2, 0, -1);  // 0 won all: the prior keeps it finite
  CHECK(orders.most_seats() == 2);
  for (const auto anchor : {arena::RatingAnchor::kFirst, arena::RatingAnchor::kMean}) {
    const auto pl = arena::plackett_luce(orders, 3, anchor, 1.0);
    const auto bt = arena::bradley_terry(wins, anchor, 1.0);
    for (int v = 0; v < 3; ++v) {
      CHECK(pl[v].rated);
      CHECK(pl[v].rating == Approx(bt[v].rating).margin(1e-6));
      CHECK(pl[v].ci95 == Approx(bt[v].ci95).margin(1e-6));
    }
  }
}

TEST_CASE("a finishing order is read as choices, ties sharing one") {
  FinishingOrders orders(4);
  orders.add(game({{2, 3}, {0, 1}, {1, 2}, {3, 2}}));  // 0 first, 1 and 3 tied second, 2 last
  const auto& choices = orders.choices();
  REQUIRE(choices.size() == 2);
  CHECK(choices.at({0, 1, 2, 3}) == 1);
  CHECK(choices.at({1, 2, 3}) == 1);  // the tie is one choice; 2 alone at the end is none
  CHECK(orders.wins() == std::vector<uint64_t>{arena::kWinShareUnit, arena::kWinShareUnit / 2, 0,
                                               arena::kWinShareUnit / 2});
  // A game of seats with their own outcomes (solo play) is not an order.
  auto solo = game({{0, 1}, {1, 1}, {2, 1}});
  solo[0].outcome = arena::Outcome::kWin;
  orders.add(solo);
  CHECK(orders.choices().size() == 2);
  // Merging in any order gives the same counts.
  FinishingOrders a(4), b(4), ab(4);
  const auto g1 = game({{0, 1}, {1, 2}, {2, 3}});
  const auto g2 = game({{3, 1}, {1, 1}, {2, 3}, {0, 4}});
  a.add(g1);
  b.add(g2);
  ab.add(g2);
  ab.add(g1);
  a += b;
  CHECK(a.choices() == ab.choices());
  CHECK(a.wins() == ab.wins());
  CHECK(a.most_seats() == 4);
}

TEST_CASE("Plackett-Luce recovers known strengths from simulated four-player games") {
  // Five players of known ratings; each game seats four of them, drawn at random.
  const std::vector<double> truth = {0, 100, 200, -150, 400};
  std::vector<double> strength;
  for (double r : truth)
    strength.push_back(std::pow(10.0, r / 400));
  arena::Rng rng(20261206);
  FinishingOrders orders(5);
  std::vector<RawChoice> raw;
  for (int g = 0; g < 20000; ++g) {
    std::vector<int> players = {0, 1, 2, 3, 4};
    players.erase(players.begin() + static_cast<std::ptrdiff_t>(rng.below(5)));
    const auto seats = sampled_game(players, strength, rng);
    orders.add(seats);
    add_raw_choices(seats, raw);
  }
  const auto r = arena::plackett_luce(orders, 5, arena::RatingAnchor::kFirst, 0.0);
  for (int v = 1; v < 5; ++v) {
    INFO("player " << v << ": " << r[v].rating << " +/- " << r[v].ci95 << ", truth " << truth[v]);
    // Within the 99.9% interval (3.29 standard errors): four checks fail together
    // by chance less than once in 250 seeds.
    CHECK(std::fabs(r[v].rating - truth[v]) < r[v].ci95 * 3.29 / 1.96);
    CHECK(r[v].ci95 < 15);
  }
  // The same maximum as Newton's method over the raw games (another algorithm,
  // another reading of the data).
  const auto newton = newton_ratings(raw, 5);
  for (int v = 0; v < 5; ++v)
    CHECK(r[v].rating == Approx(newton[v]).margin(1e-6));
}

TEST_CASE("Plackett-Luce with ties and repeated variants matches Newton's method") {
  // Small games with ties (shared ranks) and a variant in two seats, with the prior.
  arena::Rng rng(7);
  FinishingOrders orders(4);
  std::vector<RawChoice> raw;
  for (int g = 0; g < 500; ++g) {
    std::vector<std::pair<int, int>> seats;
    for (int s = 0; s < 4; ++s)
      seats.emplace_back(static_cast<int>(rng.below(4)), 1 + static_cast<int>(rng.below(3)));
    const auto played = game(seats);
    orders.add(played);
    add_raw_choices(played, raw);
  }
  for (int a = 0; a < 4; ++a) {  // the prior: one virtual draw per pair that met
    for (int b = a + 1; b < 4; ++b)
      raw.push_back({{a, b}, {a, b}, 1.0});
  }
  const auto r = arena::plackett_luce(orders, 4, arena::RatingAnchor::kFirst, 1.0);
  const auto newton = newton_ratings(raw, 4);
  for (int v = 0; v < 4; ++v)
    CHECK(r[v].rating == Approx(newton[v]).margin(1e-6));
}

TEST_CASE("a variant in no game of two or more seats is not rated by Plackett-Luce") {
  FinishingOrders orders(3);
  orders.add(game({{0, 1}, {1, 2}, {0, 3}}));
  const auto r = arena::plackett_luce(orders, 3);
  CHECK(r[0].rated);
  CHECK(r[1].rated);
  CHECK_FALSE(r[2].rated);
}

namespace {

// A forfeited game as the runner scores it (GameSink::forfeit): the faulty
// variant's seats last with their fault, every other seat first.
std::vector<SeatResult> forfeited_game(const std::vector<int>& lineup, int faulty) {
  std::vector<SeatResult> seats;
  const auto others =
      std::count_if(lineup.begin(), lineup.end(), [&](int v) { return v != faulty; });
  for (int v : lineup) {
    SeatResult s;
    s.variant = v;
    s.rank = v == faulty ? static_cast<int>(others) + 1 : 1;
    if (v == faulty) {
      s.outcome = arena::Outcome::kLoss;
      s.fault = arena::Fault::kThrew;
      s.has_metrics = false;
    }
    seats.push_back(s);
  }
  return seats;
}

}  // namespace

TEST_CASE("a forfeit is a finishing order with the faulty seat last") {
  FinishingOrders orders(3);
  orders.add(forfeited_game({0, 1, 2}, 2));
  // 0 and 1 share the first choice among all three; 2 alone at the end is none.
  REQUIRE(orders.choices().size() == 1);
  CHECK(orders.choices().at({0, 1, 2}) == 1);
  CHECK(orders.wins() ==
        std::vector<uint64_t>{arena::kWinShareUnit / 2, arena::kWinShareUnit / 2, 0});
  CHECK(orders.most_seats() == 3);
  // A seat of its own outcome that did not fault (a puzzle solved) is still no order.
  auto solo = forfeited_game({0, 1, 2}, 2);
  solo[0].outcome = arena::Outcome::kWin;
  orders.add(solo);
  CHECK(orders.choices().at({0, 1, 2}) == 1);
}

// The case: three seats of Go Fish where one strategy forfeits about
// half its games. The fit counts every game, forfeits included, and is the
// maximum Newton's method finds over the same orders.
TEST_CASE("Plackett-Luce counts every game with a forfeit as Newton's method over all games does") {
  const std::vector<double> strength = {1.0, 0.5, 2.0};  // 0, -120, +120 Elo
  arena::Rng rng(46);
  FinishingOrders orders(3), finished_only(3);
  std::vector<RawChoice> raw;
  for (int g = 0; g < 3000; ++g) {
    const auto seats = rng.uniform01() < 0.5 ? forfeited_game({0, 1, 2}, 2)
                                             : sampled_game({0, 1, 2}, strength, rng);
    orders.add(seats);
    if (!std::any_of(seats.begin(), seats.end(), [](auto& s) { return s.fault.has_value(); }))
      finished_only.add(seats);
    add_raw_choices(seats, raw);
  }
  const auto r = arena::plackett_luce(orders, 3, arena::RatingAnchor::kFirst, 0.0);
  const auto newton = newton_ratings(raw, 3);
  for (int v = 0; v < 3; ++v)
    CHECK(r[v].rating == Approx(newton[v]).margin(1e-6));
  // Half its games lost by forfeit pull the strongest player down, far past
  // its interval: a fit on the finished games alone would not show them.
  const auto without = arena::plackett_luce(finished_only, 3, arena::RatingAnchor::kFirst, 0.0);
  CHECK(r[2].rating < without[2].rating - 3 * r[2].ci95);
}

TEST_CASE("an anchor that forfeited every game is rated below all and others get intervals") {
  FinishingOrders orders(3);
  arena::Rng rng(3);
  for (int g = 0; g < 300; ++g)
    orders.add(g % 2 ? forfeited_game({0, 1, 2}, 0) : forfeited_game({2, 0, 1}, 0));
  for (int g = 0; g < 300; ++g)
    orders.add(sampled_game({1, 2}, {1.0, 1.0, 3.0}, rng));
  const auto r = arena::plackett_luce(orders, 3, arena::RatingAnchor::kFirst, 1.0);
  REQUIRE(r[0].rated);
  CHECK(r[0].rating == 0);
  for (int v : {1, 2}) {
    CHECK(r[v].rated);
    CHECK(r[v].rating > 300);  // 300 games lost to each by forfeit, with the prior's one draw
    CHECK(std::isfinite(r[v].ci95));
    CHECK(r[v].ci95 > 0);
  }
}

TEST_CASE("an anchor that is in no order is not the zero: the rated variants' mean is") {
  FinishingOrders orders(4);
  arena::Rng rng(9);
  for (int g = 0; g < 2000; ++g)
    orders.add(sampled_game({1, 2, 3}, {1.0, 1.0, 2.0, 4.0}, rng));
  const auto r = arena::plackett_luce(orders, 4, arena::RatingAnchor::kFirst, 1.0);
  CHECK_FALSE(r[0].rated);
  CHECK(r[1].rating + r[2].rating + r[3].rating == Approx(0).margin(1e-6));
  for (int v = 1; v < 4; ++v) {
    CHECK(r[v].ci95 > 5);  // before: the information matrix was singular and every interval 0
    CHECK(r[v].ci95 < 40);
  }
  CHECK(r[3].rating - r[1].rating == Approx(400 * std::log10(4.0)).margin(40));
  std::vector<bool> rated;
  for (const Rating& x : r)
    rated.push_back(x.rated);
  CHECK(arena::anchor_used(arena::RatingAnchor::kFirst, rated) == arena::RatingAnchor::kMean);
}
