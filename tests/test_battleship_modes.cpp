// Battleship duel pairs, defenders, series and the learned prior.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "engines/battleship/defenders.hpp"
#include "engines/battleship/learned_prior.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"
#include "play_config.hpp"

using namespace arena;
using namespace arena::battleship;

namespace {

using testing::Played;

Played play(const std::string& yaml, int threads) {
  return testing::play_config(yaml, threads);
}

bool border_cell(int cell, int n) {
  const int row = cell / n;
  const int col = cell % n;
  return row == 0 || col == 0 || row == n - 1 || col == n - 1;
}

// Duels between two copies of a strategy that uses no randomness (ties to the first cell).
const std::string kMirrorDuel = R"(name: d
engine: battleship
seed: 21
games: 400
mode: duel
players:
  - {name: a, strategy: density, params: {tie_break: first}}
  - {name: b, strategy: density, params: {tie_break: first}}
)";

}  // namespace

TEST_CASE("duel pairs swap both the first shooter and the fleets") {
  // If the second game of a pair swaps first shooter and fleets, it replays
  // the first with the names exchanged, so every pair ends one win each.
  const Played p = play(kMirrorDuel, 2);
  CHECK(p.stats.pentanomial(0, 1) == Pentanomial{0, 0, 200, 0, 0});
  CHECK(p.stats.variant(0).record.wins == 200);
}

TEST_CASE("duel rows alternate the first shooter within each pair") {
  const Played p = play(R"(name: d
engine: battleship
seed: 22
games: 6
mode: duel
players: [{name: a, strategy: random}, {name: b, strategy: hunt-target}]
)",
                        1);
  // Rows: game,variant,seat,rank,outcome,shots,first; the first shooter's row
  // comes first, as seat 0.
  CHECK(p.rows.find("0,a,0,") == 0);
  CHECK(p.rows.find("\n0,b,1,") != std::string::npos);
  CHECK(p.rows.find("\n1,b,0,") != std::string::npos);
  CHECK(p.rows.find("\n2,a,0,") != std::string::npos);
  CHECK(p.stats.pentanomial(0, 1)[0] + p.stats.pentanomial(0, 1)[2] +
            p.stats.pentanomial(0, 1)[4] ==
        3);
}

TEST_CASE("round robin plays every pairing and gauntlet the first against the rest") {
  const std::string base = R"(name: d
engine: battleship
seed: 23
games: 10
mode: duel
players: [{name: a, strategy: random}, {name: b, strategy: random}, {name: c, strategy: random}]
)";
  const Played round_robin = play(base, 2);
  CHECK(round_robin.games == 30);
  CHECK(round_robin.stats.pair(1, 2).contests() == 10);
  const Played gauntlet = play(base + "format: gauntlet\n", 2);
  CHECK(gauntlet.games == 20);
  CHECK(gauntlet.stats.pair(0, 2).contests() == 10);
  CHECK(gauntlet.stats.pair(1, 2).contests() == 0);
}

TEST_CASE("every defender places legal fleets under both touching rules") {
  for (Touching touching : {Touching::kAllowed, Touching::kForbidden}) {
    Rules rules;
    rules.touching = touching;
    const PlacementTable table(rules);
    for (Defender d :
         {Defender::kUniform, Defender::kEdges, Defender::kSpread, Defender::kSeedSequential}) {
      const DefenderTables defender(table, d);
      Rng rng(31);
      for (int i = 0; i < 500; ++i) {
        const Layout layout = defender.draw(rng);
        CellSet occupied;
        for (int s = 0; s < layout.ship_count; ++s) {
          REQUIRE(layout.ships[s]->length == rules.fleet[s].length);
          REQUIRE(table.fits(*layout.ships[s], occupied));
          occupied |= layout.ships[s]->cells;
        }
      }
    }
  }
}

TEST_CASE("edges prefers the border and spread keeps ships apart") {
  const Rules rules;
  const PlacementTable table(rules);
  const auto mean_over = [&](Defender d, auto measure) {
    const DefenderTables defender(table, d);
    Rng rng(32);
    double total = 0;
    for (int i = 0; i < 4000; ++i)
      total += measure(defender.draw(rng));
    return total / 4000;
  };
  const auto border_cells = [&](const Layout& l) {
    int count = 0;
    for (int c = 0; c < rules.cells(); ++c)
      count += l.occupied.test(c) && border_cell(c, rules.size);
    return count;
  };
  const auto smallest_gap = [&](const Layout& l) { return ship_gaps(l, rules.size).smallest; };
  // Uniform fleets have about 6 of their 17 cells on the border and ships 0.1 cells apart at the
  // closest.
  CHECK(mean_over(Defender::kEdges, border_cells) >
        mean_over(Defender::kUniform, border_cells) + 3);
  CHECK(mean_over(Defender::kSpread, smallest_gap) >
        mean_over(Defender::kUniform, smallest_gap) + 0.5);
}

TEST_CASE("seed-sequential placement is not uniform over layouts") {
  Rules rules;
  rules.size = 5;
  rules.fleet = {{"a", 3}, {"b", 2}, {"c", 2}};
  rules.touching = Touching::kForbidden;
  const PlacementTable table(rules);
  std::map<std::vector<const Placement*>, int> uniform, sequential;
  const DefenderTables seq(table, Defender::kSeedSequential);
  Rng rng(33);
  const int draws = 60000;
  for (int i = 0; i < draws; ++i) {
    const Layout u = sample_uniform_layout(table, rng);
    ++uniform[{u.ships.begin(), u.ships.begin() + 3}];
    const Layout s = seq.draw(rng);
    ++sequential[{s.ships.begin(), s.ships.begin() + 3}];
  }
  // Chi-square of the sequential counts against the uniform law over the layouts seen.
  const double k = static_cast<double>(uniform.size());
  double chi2 = 0;
  for (const auto& [key, count] : uniform) {
    const double observed = sequential.count(key) ? sequential.at(key) : 0;
    chi2 += std::pow(observed - draws / k, 2) / (draws / k);
  }
  CHECK(chi2 > (k - 1) + 4.5 * std::sqrt(2 * (k - 1)));
}

TEST_CASE("a learned prior weighs every placement 1 until it sees fleets") {
  const Rules rules;
  const PlacementTable table(rules);
  LearnedPrior prior(rules);
  CHECK(prior.weight(table.of_length(5)[0], 50) == Approx(1.0));
  Rng rng(34);
  const DefenderTables edges(table, Defender::kEdges);
  for (int i = 0; i < 200; ++i)
    prior.add(edges.draw(rng));
  // After 200 edge-loving fleets, a carrier along the top row outweighs one through the centre.
  const Placement& top_row = table.of_length(5)[0];
  const Placement& centre = table.of_length(5)[5 * 6 + 2];
  REQUIRE(centre.row == 5);
  CHECK(prior.weight(top_row, 50) > 2 * prior.weight(centre, 50));
}

TEST_CASE("a learned prior beats a uniform one against a defender with a habit") {
  const Played p = play(R"(name: l
engine: battleship
seed: 35
games: 2000
rules: {placement: edges, series_length: 100}
players:
  - {name: uniform, strategy: density}
  - {name: learned, strategy: density, params: {prior: learned}}
)",
                        2);
  const double uniform = p.stats.variant(0).metrics[0].mean();
  const double learned = p.stats.variant(1).metrics[0].mean();
  INFO("uniform " << uniform << " shots, learned " << learned);
  CHECK(learned < uniform - 3);  // measured: about 6 shots fewer
}

TEST_CASE("series make results independent of the thread count") {
  const std::string yaml = R"(name: s
engine: battleship
seed: 36
games: 420
rules: {placement: spread, series_length: 7}
players:
  - {name: learned, strategy: density, params: {prior: learned}}
)";
  const Played one = play(yaml, 1);
  const Played three = play(yaml, 3);
  CHECK(one.rows == three.rows);
}

TEST_CASE("games must split into series and duel pairs") {
  static const Registry registry = make_registry();
  const auto error = [&](const std::string& yaml) {
    try {
      const RunConfig c = parse_config(yaml, "t.yaml", registry);
      registry.find("battleship")->make_match(c, 1);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error("name: x\nengine: battleship\ngames: 7\nmode: duel\nplayers: [{strategy: random}, "
              "{name: r2, strategy: random}]\n") ==
        "t.yaml:3:8: games: 7 games do not split into series of 2 games");
  CHECK(error("name: x\nengine: battleship\ngames: 10\nrules: {series_length: 3}\nplayers: "
              "[{strategy: random}]\n") ==
        "t.yaml:3:8: games: 10 games do not split into series of 3 games");
}

TEST_CASE("with pairs false every duel game draws its own fleets") {
  const std::string& base = kMirrorDuel;
  const Played unpaired = play(base + "pairs: false\n", 2);
  CHECK(unpaired.stats.pentanomial(0, 1) == Pentanomial{});
  CHECK(unpaired.stats.pair(0, 1).contests() == 400);
  const Played paired = play(base, 2);
  CHECK(paired.rows != unpaired.rows);
  CHECK(unpaired.rows.rfind("0,a,", 0) == 0);                // a fires first in game 0
  CHECK(unpaired.rows.find("\n1,b,") != std::string::npos);  // b in game 1
}
