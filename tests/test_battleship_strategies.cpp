// Battleship strategies: legal play under both touching rules, density counts
// against brute force, touching ships, uniform tie-breaking, Monte Carlo samples.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <vector>

#include "battleship_helpers.hpp"
#include "engines/battleship/ship_chances.hpp"
#include "engines/battleship/solo.hpp"
#include "engines/battleship/strategies.hpp"
#include "engines/core/explain.hpp"
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

// DataGenetics' wording, measured in docs/battleship.md ("Why density needs
// 44 shots, not 42"): every placement counts, hit_weight^j for j pending hits.
TEST_CASE("density target weighted: every placement counts with hit_weight per hit covered") {
  // 5x5, one destroyer; miss at (0,0), hit at (2,2) = cell 12.
  const Rules rules = arena::testing::battleship_rules(5, {{"destroyer", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  DensityParams params;
  params.target = TargetCount::kWeighted;
  params.hit_weight = 100;
  DensityShooter shooter(tables, params);
  shooter.observe(0, ShotResult{ShotKind::kMiss, -1, false, nullptr});
  shooter.observe(12, ShotResult{ShotKind::kHit, 0, false, nullptr});
  const auto d = shooter.density();
  // Cell 12: its 4 placements x 100. Cell 7: 7-12 x 100, plus 2-7, 6-7, 7-8.
  // Cell 6: 1-6, 6-11, 5-6, 6-7, none through the hit. Cell 0: the miss.
  const double unit = static_cast<double>(d[12]) / 400;
  CHECK(d[7] / unit == Approx(103).epsilon(1e-9));
  CHECK(d[6] / unit == Approx(4).epsilon(1e-9));
  CHECK(d[1] / unit == Approx(2).epsilon(1e-9));
  CHECK(d[0] == 0);
  Rng rng(3);
  const int next = shooter.choose(rng);
  CHECK((next == 7 || next == 11 || next == 13 || next == 17));
  // The default counts only the placements through the hit.
  DensityShooter plain(tables, {});
  plain.observe(0, ShotResult{ShotKind::kMiss, -1, false, nullptr});
  plain.observe(12, ShotResult{ShotKind::kHit, 0, false, nullptr});
  CHECK(plain.density()[6] == 0);
}

TEST_CASE("density hit_identity: target mode counts only the struck ship's placements") {
  // 5x5, destroyer (2) and cruiser (3); the destroyer is hit at cell 12.
  const Rules rules =
      arena::testing::battleship_rules(5, {{"destroyer", 2}, {"cruiser", 3}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  DensityParams params;
  params.hit_identity = true;
  DensityShooter named(tables, params);
  DensityShooter plain(tables, {});
  for (DensityShooter* s : {&named, &plain})
    s->observe(12, ShotResult{ShotKind::kHit, 0, false, nullptr});
  const auto d = named.density();
  // The destroyer's 4 placements through 12, a quarter each on a neighbour.
  CHECK(d[12] == int64_t{1} << 40);
  for (int c : {7, 11, 13, 17})
    CHECK(d[c] == int64_t{1} << 38);
  CHECK(d[14] == 0);               // only a cruiser through 12 reaches two cells away
  CHECK(plain.density()[14] > 0);  // which the standard rules cannot rule out
  // Now the cruiser is hit next to it at 13: the destroyer may not lie over 13,
  // and the cruiser may not lie over 12.
  named.observe(13, ShotResult{ShotKind::kHit, 1, false, nullptr});
  const auto both = named.density();
  // Destroyer: 7-12, 11-12, 12-17 (not 12-13), a third each. Cruiser through
  // 13 and not 12: only vertically, 3-8-13, 8-13-18, 13-18-23, a third each.
  const double top = static_cast<double>(int64_t{1} << 40);  // cells 12 and 13: 1
  CHECK(both[12] == both[13]);
  CHECK(both[12] / top == Approx(1.0).epsilon(1e-9));
  for (int c : {7, 11, 17, 3, 23})
    CHECK(both[c] / top == Approx(1.0 / 3).epsilon(1e-9));
  CHECK(both[8] / top == Approx(2.0 / 3).epsilon(1e-9));
  CHECK(both[14] == 0);  // cruiser 12-13-14 would cover the destroyer's hit
  Rng rng(5);
  const int next = named.choose(rng);
  CHECK((next == 8 || next == 18));
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

namespace {

// One game of `shooter` with every decision explained; calls
// check(explanation, cell, ocean, shot cells, cells of the unsunk ships not hit yet)
// before each shot lands.
template <class Shooter, class Check>
void play_explained(Shooter& shooter, const Rules& rules, const Layout& layout, Rng& rng,
                    Check check) {
  Ocean ocean(rules, layout);
  std::vector<bool> sunk(rules.fleet.size(), false);
  std::vector<bool> fired(static_cast<size_t>(rules.cells()), false);
  const ExplainScope scope(ExplainScope::Level::kAll);
  while (!ocean.fleet_sunk()) {
    const int cell = shooter.choose(rng);
    const nlohmann::json why = ExplainScope::take();
    int to_find = -ocean.open_hits();
    for (size_t s = 0; s < rules.fleet.size(); ++s)
      to_find += sunk[s] ? 0 : rules.fleet[s].length;
    check(why, cell, fired, to_find);
    const ShotResult r = ocean.shoot(cell);
    if (r.kind == ShotKind::kSunk) sunk[static_cast<size_t>(r.ship)] = true;
    fired[static_cast<size_t>(cell)] = true;
    shooter.observe(cell, r);
  }
}

// The heat map's sum over the cells not fired at, checking its shape and that
// fired-at cells have none.
double heat_sum(const nlohmann::json& why, int size, const std::vector<bool>& fired) {
  REQUIRE(why.is_object());
  REQUIRE(why.contains("heat"));
  const nlohmann::json& heat = why["heat"];
  REQUIRE(heat.size() == static_cast<size_t>(size));
  double sum = 0;
  for (int r = 0; r < size; ++r) {
    REQUIRE(heat[r].size() == static_cast<size_t>(size));
    for (int c = 0; c < size; ++c) {
      const double h = heat[r][c].get<double>();
      REQUIRE(h >= 0);
      REQUIRE(h <= 1);  // a chance
      if (fired[static_cast<size_t>(r * size + c)]) {
        REQUIRE(h == 0);
      } else {
        sum += h;
      }
    }
  }
  return sum;
}

}  // namespace

// engines/battleship/ship_chances.hpp: a heat map is a real probability. Its
// sum over the cells not fired at is the cells of the ships afloat not hit
// yet, before every shot of real games: on boards of several sizes and
// fleets, both touching rules, density counting by line tables or placement
// lists, with a checkerboard weight or a learned prior, and monte-carlo.
TEST_CASE("the heat map of a density shot sums to the number of unsunk ship cells") {
  const std::vector<Rules> boards = {
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kAllowed),
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kForbidden),
      arena::testing::battleship_rules(6, {{"a", 3}, {"b", 2}, {"c", 2}, {"d", 1}},
                                       Touching::kForbidden),
      arena::testing::battleship_rules(13, {{"x", 6}, {"y", 5}, {"z", 1}, {"w", 5}},
                                       Touching::kAllowed),
  };
  for (const Rules& rules : boards) {
    const PlacementTable table(rules);
    const DensityTables tables(table);
    LearnedPrior prior(rules);
    for (uint64_t g = 0; g < 6; ++g) {
      Rng environment(derive_seed(11, 0, g, Purpose::kEnvironment));
      prior.add(sample_uniform_layout(table, environment));
    }
    int shots = 0;
    for (uint64_t g = 0; g < 4; ++g) {
      INFO(rules.size << "x" << rules.size << ", game " << g);
      Rng environment(derive_seed(12, 0, g, Purpose::kEnvironment));
      const Layout layout = sample_uniform_layout(table, environment);
      const auto sums_to_cells_left = [&](const nlohmann::json& why, int cell,
                                          const std::vector<bool>& fired, int to_find) {
        INFO(why.dump().substr(0, 300));
        CHECK(why["best"] == cell);
        CHECK_FALSE(why["text"].get<std::string>().empty());
        CHECK(heat_sum(why, rules.size, fired) ==
              Approx(static_cast<double>(to_find)).epsilon(1e-12).margin(1e-10));
        ++shots;
      };
      {
        DensityShooter lines(DensityParams{}, ShooterContext{tables});
        Rng rng(g);
        play_explained(lines, rules, layout, rng, sums_to_cells_left);
      }
      {
        DensityShooter lists(tables, DensityParams{}, nullptr, DensityMethod::kPlacementLists);
        Rng rng(g);
        play_explained(lists, rules, layout, rng, sums_to_cells_left);
      }
      {
        DensityParams weighted;
        weighted.checkerboard_weight = 1.5;
        weighted.prior = Prior::kLearned;
        DensityShooter learned(tables, weighted, &prior);
        Rng rng(g);
        play_explained(learned, rules, layout, rng, sums_to_cells_left);
      }
      {
        MonteCarloShooter monte_carlo(tables, MonteCarloParams{40, TieBreak::kRandom});
        Rng rng(g);
        play_explained(monte_carlo, rules, layout, rng, sums_to_cells_left);
      }
    }
    CHECK(shots > 100);
  }
}

// A hand-made position where the heat map can be worked out: a 5x5 board, one
// ship of 2 and one of 3, a hit at C3 with its four neighbours unshot.
TEST_CASE("the heat map of a hand-made position: each ship over its placements") {
  const Rules rules = arena::testing::battleship_rules(5, {{"a", 3}, {"b", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  BoardKnowledge knowledge(tables, KnowledgeRules{});
  // Hunt: no hit yet, so each ship is uniform over its placements: a cell's
  // heat is its count of placements of each ship over that ship's count.
  std::vector<double> heat = ship_chances(knowledge);
  const auto covering = [&](int length, int cell) {
    int n = 0;
    for (const Placement& p : table.of_length(length))
      n += p.cells.test(cell) ? 1 : 0;
    return static_cast<double>(n);
  };
  const double threes = static_cast<double>(table.of_length(3).size());  // 2 * 5 * 3 = 30
  const double twos = static_cast<double>(table.of_length(2).size());    // 2 * 5 * 4 = 40
  for (int c = 0; c < 25; ++c)
    CHECK(heat[c] == Approx(covering(3, c) / threes + covering(2, c) / twos));
  CHECK(std::accumulate(heat.begin(), heat.end(), 0.0) == Approx(5.0));
  // A hit at C3 (row 2, col 2): the ships cover it once in expectation, so
  // the heat of the cells not fired at sums to 5 - 1; the hit's neighbours
  // are likelier than in the hunt.
  knowledge.observe(12, ShotResult{ShotKind::kHit, 0, false, nullptr});
  const std::vector<double> target = ship_chances(knowledge);
  CHECK(target[12] == 0);
  CHECK(std::accumulate(target.begin(), target.end(), 0.0) == Approx(4.0).epsilon(1e-12));
  for (int neighbour : {7, 11, 13, 17}) {
    CHECK(target[neighbour] > heat[neighbour]);
    CHECK(target[neighbour] == Approx(target[7]));  // the position is symmetric
  }
  CHECK(target[0] < heat[0]);
  CHECK(cells_to_find(knowledge) == 4);
}

// Explaining a decision changes none: every strategy fires at the same cells
// with and without an ExplainScope.
TEST_CASE("explaining changes no Battleship shot") {
  const Rules rules = arena::testing::battleship_rules(10, standard_fleet(), Touching::kForbidden);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  for (const arena::testing::Setting& setting :
       arena::testing::labelled_settings(battleship::Strategies::infos(), true)) {
    for (uint64_t g = 0; g < 3; ++g) {
      INFO(setting.label << ", game " << g);
      Rng environment(derive_seed(13, 0, g, Purpose::kEnvironment));
      const Layout layout = sample_uniform_layout(table, environment);
      std::vector<int> shots[2];
      int explained = 0;
      for (int with = 0; with < 2; ++with) {
        std::optional<ExplainScope> scope;
        if (with) scope.emplace(ExplainScope::Level::kAll);
        Rng rng(derive_seed(13, 0, g, player_purpose(0)));
        AnyShooter shooter = battleship::Strategies::make_default(
            setting.strategy, setting.overrides, ShooterContext{tables});
        Ocean ocean(rules, layout);
        while (!ocean.fleet_sunk()) {
          const int cell = std::visit([&](auto& s) { return s.choose(rng); }, shooter);
          explained += ExplainScope::take().is_null() ? 0 : 1;
          std::visit([&](auto& s) { s.observe(cell, ocean.shoot(cell)); }, shooter);
          shots[with].push_back(cell);
        }
      }
      CHECK(shots[0] == shots[1]);
      if (setting.strategy == "density" || setting.strategy == "monte-carlo" ||
          setting.strategy == "hunt-target") {
        CHECK(explained == static_cast<int>(shots[1].size()));
      }
    }
  }
}
