// Battleship strategies: legal play under both touching rules, density counts
// against brute force, touching ships, uniform tie-breaking, Monte Carlo samples.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "battleship_helpers.hpp"
#include "engines/battleship/solo.hpp"
#include "engines/battleship/strategies.hpp"
#include "strategy_settings.hpp"

using namespace arena;
using namespace arena::battleship;

namespace {

// One solo game of `shooter` against `ocean`, checking the shooter contract:
// every shot on the board and never the same cell twice.
template <class Shooter>
int play_checked(Shooter& shooter, const Rules& rules, Ocean ocean, Rng& rng) {
  std::set<int> fired;
  int shots = 0;
  while (!ocean.fleet_sunk()) {
    const int cell = shooter.choose(rng);
    REQUIRE(cell >= 0);
    REQUIRE(cell < rules.cells());
    REQUIRE(fired.insert(cell).second);  // never the same cell twice
    shooter.observe(cell, ocean.shoot(cell));
    REQUIRE(++shots <= rules.cells());
  }
  return shots;
}

// Brute-force density: every afloat ship's every placement over no miss, no
// sunk cell and (no-touch) no cell next to a sunk ship; hunt mode counts each
// once per cell, target mode counts those covering pending hits once per hit.
std::vector<int64_t> brute_density(const Rules& rules, const PlacementTable& table,
                                   const std::vector<int>& misses,
                                   const std::vector<const Placement*>& sunk,
                                   const std::vector<int>& sunk_ships,
                                   const std::vector<int>& pending) {
  CellSet blocked;
  for (int m : misses)
    blocked.set(m);
  for (const Placement* p : sunk)
    blocked |= rules.touching == Touching::kForbidden ? p->halo : p->cells;
  std::vector<int64_t> density(static_cast<size_t>(rules.cells()), 0);
  for (size_t s = 0; s < rules.fleet.size(); ++s) {
    if (std::find(sunk_ships.begin(), sunk_ships.end(), static_cast<int>(s)) != sunk_ships.end())
      continue;
    for (const Placement& p : table.of_length(rules.fleet[s].length)) {
      if ((p.cells & blocked).any()) continue;
      int64_t weight = 1;
      if (!pending.empty()) {
        weight =
            std::count_if(pending.begin(), pending.end(), [&](int h) { return p.cells.test(h); });
      }
      for (int i = 0; i < p.length; ++i)
        density[p.cell(i, rules.size)] += weight;
    }
  }
  return density;
}

}  // namespace

TEST_CASE("every strategy plays legally on varied boards under both touching rules") {
  const std::vector<Rules> boards = {
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kAllowed),
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kForbidden),
      arena::testing::battleship_rules(6, {{"a", 3}, {"b", 2}, {"c", 2}, {"d", 1}},
                                       Touching::kForbidden),
      arena::testing::battleship_rules(7, {{"a", 4}, {"b", 4}, {"c", 3}, {"d", 2}, {"e", 2}},
                                       Touching::kAllowed),
      arena::testing::battleship_rules(13, {{"x", 6}, {"y", 5}, {"z", 1}}, Touching::kForbidden),
  };
  for (const Rules& rules : boards) {
    const PlacementTable table(rules);
    const DensityTables tables(table);
    for (const arena::testing::Setting& setting :
         arena::testing::labelled_settings(battleship::Strategies::infos(), true)) {
      for (uint64_t g = 0; g < 25; ++g) {
        Rng environment(derive_seed(5, 0, g, Purpose::kEnvironment));
        Rng rng(derive_seed(5, 0, g, player_purpose(0)));
        INFO(setting.label << " on " << rules.size << "x" << rules.size << ", game " << g);
        AnyShooter shooter = battleship::Strategies::make_default(
            setting.strategy, setting.overrides, ShooterContext{tables});
        const int shots = std::visit(
            [&](auto& s) {
              return play_checked(s, rules, Ocean(rules, sample_uniform_layout(table, environment)),
                                  rng);
            },
            shooter);
        REQUIRE(shots >= rules.fleet_cells());
      }
    }
  }
}

TEST_CASE("density counts equal a brute-force count at every step of real games") {
  for (Touching touching : {Touching::kAllowed, Touching::kForbidden}) {
    const Rules rules =
        arena::testing::battleship_rules(6, {{"a", 3}, {"b", 3}, {"c", 2}}, touching);
    const PlacementTable table(rules);
    const DensityTables tables(table);
    for (uint64_t g = 0; g < 30; ++g) {
      Rng environment(derive_seed(8, 0, g, Purpose::kEnvironment));
      Rng rng(derive_seed(8, 0, g, player_purpose(0)));
      const Layout layout = sample_uniform_layout(table, environment);
      Ocean ocean(rules, layout);
      DensityShooter shooter(tables, {});
      std::vector<int> misses, pending, sunk_ships;
      std::vector<const Placement*> sunk;
      while (!ocean.fleet_sunk()) {
        const auto expected = brute_density(rules, table, misses, sunk, sunk_ships, pending);
        const auto actual = shooter.density();
        const bool explained =
            std::any_of(expected.begin(), expected.end(), [](int64_t d) { return d > 0; });
        if (pending.empty() || explained) {
          REQUIRE(std::vector<int64_t>(actual.begin(), actual.end()) == expected);
        }
        const int cell = shooter.choose(rng);
        const ShotResult r = ocean.shoot(cell);
        shooter.observe(cell, r);
        if (r.kind == ShotKind::kMiss) misses.push_back(cell);
        if (r.kind != ShotKind::kMiss) pending.push_back(cell);
        if (r.kind == ShotKind::kSunk) {
          sunk.push_back(r.sunk);
          sunk_ships.push_back(r.ship);
          std::erase_if(pending, [&](int h) { return r.sunk->cells.test(h); });
        }
      }
    }
  }
}

TEST_CASE("a hand-made position: one miss and one hit on a 5x5 board") {
  // Board 5x5, one destroyer (2). Miss at (0,0); hit at (2,2): the destroyer
  // lies on (2,2) and one of its four neighbours, each one placement.
  const Rules rules = arena::testing::battleship_rules(5, {{"destroyer", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  DensityShooter shooter(tables, {});
  shooter.observe(0, ShotResult{ShotKind::kMiss, -1, false, nullptr});
  const auto hunt = shooter.density();
  CHECK(hunt[0] == 0);
  CHECK(hunt[1] == 2);   // (0,1): rightwards and downwards; leftwards is over the miss
  CHECK(hunt[12] == 4);  // centre: four placements
  shooter.observe(12, ShotResult{ShotKind::kHit, 0, false, nullptr});
  const auto target = shooter.density();
  CHECK(target[7] == 1);
  CHECK(target[11] == 1);
  CHECK(target[13] == 1);
  CHECK(target[17] == 1);
  CHECK(target[12] == 4);
  CHECK(target[6] == 0);
}

namespace {

// Two ships side by side: rows 4 and 5, columns 2-5 and 2-4 (they share edges).
Layout touching_layout(const PlacementTable& table) {
  Layout layout;
  layout.ship_count = 2;
  for (const Placement& p : table.of_length(4)) {
    if (p.horizontal && p.row == 4 && p.col == 2) layout.ships[0] = &p;
  }
  for (const Placement& p : table.of_length(3)) {
    if (p.horizontal && p.row == 5 && p.col == 2) layout.ships[1] = &p;
  }
  for (int s = 0; s < 2; ++s)
    layout.occupied |= layout.ships[s]->cells;
  return layout;
}

// Plays to the end; returns how many decisions were made in hunt mode while
// some ship was hit but not sunk.
template <class Shooter, class IsTargeting>
int hunts_while_hit(Shooter shooter, IsTargeting targeting, const Rules& rules,
                    const Layout& layout, Rng& rng) {
  Ocean ocean(rules, layout);
  std::array<int, 2> hits{};
  int bad = 0;
  while (!ocean.fleet_sunk()) {
    const bool wounded = (hits[0] > 0 && hits[0] < 4) || (hits[1] > 0 && hits[1] < 3);
    const int cell = shooter.choose(rng);
    if (wounded && !targeting(shooter)) ++bad;
    const ShotResult r = ocean.shoot(cell);
    if (r.kind != ShotKind::kMiss) ++hits[r.ship];
    shooter.observe(cell, r);
  }
  return bad;
}

}  // namespace

TEST_CASE("touching ships are both sunk without a return to hunting") {
  const Rules rules =
      arena::testing::battleship_rules(10, {{"battleship", 4}, {"cruiser", 3}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  const Layout layout = touching_layout(table);
  for (uint64_t g = 0; g < 200; ++g) {
    Rng rng(derive_seed(9, 0, g, player_purpose(0)));
    CHECK(hunts_while_hit(
              HuntTargetShooter(rules, {}), [](auto& s) { return s.targeting(); }, rules, layout,
              rng) == 0);
    CHECK(hunts_while_hit(
              DensityShooter(tables, {}), [](auto& s) { return s.targeting(); }, rules, layout,
              rng) == 0);
  }
}

TEST_CASE("seed-density keeps the seed's fault: a sink forgets hits on a touching ship") {
  const Rules rules =
      arena::testing::battleship_rules(10, {{"battleship", 4}, {"cruiser", 3}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  const Layout layout = touching_layout(table);
  DensityShooter seed(tables, seed_density_params(1.5));
  DensityShooter fixed(tables, {});
  Ocean ocean(rules, layout);
  // Hit the cruiser at (5,2), then sink the battleship along row 4.
  for (int cell : {52, 42, 43, 44, 45}) {
    const ShotResult r = ocean.shoot(cell);
    seed.observe(cell, r);
    fixed.observe(cell, r);
  }
  REQUIRE(ocean.ships_afloat() == 1);
  CHECK_FALSE(seed.targeting());  // the cruiser's hit is forgotten: back to hunting
  CHECK(fixed.targeting());       // the default keeps working on it
  Rng rng(1);
  const int next = fixed.choose(rng);
  CHECK((next == 53 || next == 62 || next == 51));  // a neighbour of the cruiser's hit
}

TEST_CASE("density breaks ties uniformly at random and first means scan order") {
  // On an empty standard board the opening densities have 4-fold symmetry:
  // the maximum is shared by 4 cells, each of which must open a quarter of games.
  const Rules rules;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  std::map<int, int> opening;
  const int games = 40000;
  for (uint64_t g = 0; g < games; ++g) {
    Rng rng(derive_seed(11, 0, g, player_purpose(0)));
    DensityShooter shooter(tables, {});
    ++opening[shooter.choose(rng)];
  }
  REQUIRE(opening.size() == 4);
  double chi2 = 0;
  for (const auto& [cell, count] : opening)
    chi2 += std::pow(count - games / 4.0, 2) / (games / 4.0);
  CHECK(chi2 < 16.27);  // chi-square, 3 degrees of freedom, 0.1% level
  Rng rng(1);
  DensityShooter first(tables, {1.0, TieBreak::kFirst, false});
  CHECK(first.choose(rng) == opening.begin()->first);
}

TEST_CASE("monte-carlo samples agree with every observation under both touching rules") {
  for (Touching touching : {Touching::kAllowed, Touching::kForbidden}) {
    const Rules rules =
        arena::testing::battleship_rules(8, {{"a", 4}, {"b", 3}, {"c", 2}}, touching);
    const PlacementTable table(rules);
    const DensityTables tables(table);
    for (uint64_t g = 0; g < 20; ++g) {
      Rng environment(derive_seed(12, 0, g, Purpose::kEnvironment));
      Rng rng(derive_seed(12, 0, g, player_purpose(0)));
      Ocean ocean(rules, sample_uniform_layout(table, environment));
      MonteCarloShooter shooter(tables, {50, TieBreak::kRandom});
      CellSet misses, ruled_out, pending;
      while (!ocean.fleet_sunk()) {
        const int cell = shooter.choose(rng);
        const auto& occupancy = shooter.occupancy();
        const bool kept = *std::max_element(occupancy.begin(), occupancy.end()) > 0;
        for (int c = 0; c < rules.cells(); ++c) {
          if (misses.test(c) || ruled_out.test(c)) REQUIRE(occupancy[c] == 0);
        }
        if (kept && pending.any()) {
          // Every kept sample covers every pending hit: their counts are all equal and maximal.
          int64_t expected = 0;
          for (int c = 0; c < rules.cells(); ++c) {
            if (pending.test(c)) {
              if (expected == 0) expected = occupancy[c];
              REQUIRE(occupancy[c] == expected);
            }
          }
          REQUIRE(expected > 0);
        }
        const ShotResult r = ocean.shoot(cell);
        shooter.observe(cell, r);
        if (r.kind == ShotKind::kMiss) misses.set(cell);
        if (r.kind != ShotKind::kMiss) pending.set(cell);
        if (r.kind == ShotKind::kSunk) {
          pending &= ~r.sunk->cells;
          ruled_out |= touching == Touching::kForbidden ? r.sunk->halo : r.sunk->cells;
        }
      }
      CHECK(shooter.samples_kept() > 0);
    }
  }
}

namespace {

// A Battleship shooter decides from its Rng alone (and the ShotResults it was
// told): nothing of the ocean reaches it, so a re-dealt fleet consistent with
// the shots so far cannot change a decision (the conformance suite checks
// that by re-dealing; this checks the types allow nothing else).
template <class Shooter>
concept DecidesBlind = requires(Shooter& s, Rng& rng, const ShotResult& result) {
  { s.choose(rng) } -> std::same_as<int>;
  s.observe(0, result);
};
template <class Shooter>
concept SeesTheOcean = requires(Shooter& s, Rng& rng, const Ocean& ocean) {
  s.choose(ocean, rng);
};

template <class... S>
constexpr bool all_blind(std::variant<S...>*) {
  return ((DecidesBlind<S> && !SeesTheOcean<S> && !std::is_constructible_v<S, const Ocean&>)&&...);
}

}  // namespace

TEST_CASE("no Battleship shooter is handed the fleet it fires at") {
  STATIC_REQUIRE(all_blind(static_cast<AnyShooter*>(nullptr)));
}
