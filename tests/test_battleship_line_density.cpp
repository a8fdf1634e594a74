// The density shooters' two ways to the same counts (DensityMethod): counts
// along lines from tables and the knowledge's placement lists must give the
// same density at every step and choose the same cell with the same draws,
// on every board size the tables serve, under both touching rules, with
// single-cell ships, for the seed's rules, and where so many hits are
// pending that byte counts would overflow (the lists take over then).
#include <catch2/catch.hpp>

#include <vector>

#include "battleship_helpers.hpp"
#include "engines/battleship/line_density.hpp"
#include "engines/battleship/solo.hpp"
#include "engines/battleship/strategies/density.hpp"
#include "engines/battleship/strategies/seed_density.hpp"

using namespace arena;
using namespace arena::battleship;

namespace {

// Plays one game with both methods side by side on the same fleet and the
// same random streams; returns the number of target decisions in which the
// byte counts declined (the lists counted them).
int play_both(const Rules& rules, const DensityTables& tables, DensityParams params,
              uint64_t game) {
  Rng environment(derive_seed(11, 0, game, Purpose::kEnvironment));
  const Layout layout = sample_uniform_layout(tables.placements(), environment);
  Ocean ocean(rules, layout);
  DensityShooter lists(tables, params, nullptr, DensityMethod::kPlacementLists);
  DensityShooter lines(tables, params, nullptr, DensityMethod::kLineTables);
  REQUIRE_FALSE(lists.uses_line_tables());
  REQUIRE(lines.uses_line_tables());
  Rng rng_lists(derive_seed(11, 0, game, player_purpose(0)));
  Rng rng_lines = rng_lists;
  int declined = 0;
  for (int shot = 0; !ocean.fleet_sunk(); ++shot) {
    INFO("shot " << shot << ", " << lines.knowledge().pending().size() << " pending");
    REQUIRE(shot < rules.cells());
    REQUIRE(lines.density() == lists.density());
    const int sources =
        params.seed_behaviour ? 1 : static_cast<int>(lines.knowledge().pending().size());
    if (lines.targeting() && !tables.line_tables()->target_fits(sources)) ++declined;
    const int cell = lists.choose(rng_lists);
    REQUIRE(lines.choose(rng_lines) == cell);
    const ShotResult result = ocean.shoot(cell);
    lists.observe(cell, result);
    lines.observe(cell, result);
  }
  REQUIRE(rng_lines.next() == rng_lists.next());  // the same draws were taken
  return declined;
}

}  // namespace

TEST_CASE("line tables and placement lists count and choose alike") {
  const std::vector<Rules> boards = {
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kAllowed),
      arena::testing::battleship_rules(10, standard_fleet(), Touching::kForbidden),
      arena::testing::battleship_rules(5, {{"a", 2}, {"b", 1}}, Touching::kAllowed),
      arena::testing::battleship_rules(6, {{"a", 3}, {"b", 2}, {"c", 2}, {"d", 1}},
                                       Touching::kForbidden),
      arena::testing::battleship_rules(7, {{"a", 4}, {"b", 4}, {"c", 3}, {"d", 2}, {"e", 2}},
                                       Touching::kAllowed),
      arena::testing::battleship_rules(9, {{"x", 9}, {"y", 1}, {"z", 1}}, Touching::kAllowed),
      arena::testing::battleship_rules(
          8, {{"a", 5}, {"b", 4}, {"c", 3}, {"d", 3}, {"e", 2}, {"f", 1}}, Touching::kForbidden),
  };
  const std::vector<DensityParams> variants = {
      DensityParams{},
      DensityParams{1.0, TieBreak::kFirst, false},
      seed_density_params(1.0),
  };
  for (const Rules& rules : boards) {
    const PlacementTable table(rules);
    const DensityTables tables(table);
    REQUIRE(tables.line_tables() != nullptr);
    for (const DensityParams& params : variants) {
      for (uint64_t game = 0; game < 40; ++game) {
        INFO(rules.size << "x" << rules.size << ", " << rules.fleet.size() << " ships, touching "
                        << (rules.touching == Touching::kAllowed ? "allowed" : "forbidden")
                        << ", seed " << params.seed_behaviour << ", game " << game);
        play_both(rules, tables, params, game);
      }
    }
  }
}

TEST_CASE("with many hits pending, byte counts decline and the lists count instead") {
  // Twelve ships of four that may touch: hits on neighbouring ships pile up,
  // and with a densest count of 96 a cell could pass 254 from three pending
  // hits.
  std::vector<ShipSpec> fleet(12, ShipSpec{"d", 4});
  const Rules rules = arena::testing::battleship_rules(10, fleet, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  REQUIRE(tables.line_tables() != nullptr);
  int declined = 0;
  for (uint64_t game = 0; game < 30; ++game)
    declined += play_both(rules, tables, DensityParams{}, game);
  CHECK(declined > 0);  // the fallback was exercised, and agreed
}

TEST_CASE("line tables serve boards up to 10 x 10 with plain densities only") {
  const auto uses_lines = [](const Rules& rules, DensityParams params) {
    const PlacementTable table(rules);
    const DensityTables tables(table);
    return DensityShooter(tables, params, nullptr, DensityMethod::kLineTables).uses_line_tables();
  };
  CHECK(uses_lines(arena::testing::battleship_rules(10, standard_fleet(), Touching::kAllowed), {}));
  CHECK_FALSE(
      uses_lines(arena::testing::battleship_rules(11, standard_fleet(), Touching::kAllowed), {}));
  CHECK_FALSE(uses_lines(arena::testing::battleship_rules(10, standard_fleet(), Touching::kAllowed),
                         {1.5}));
  // A fleet whose densest cell would not fit a byte.
  CHECK_FALSE(uses_lines(arena::testing::battleship_rules(
                             10, std::vector<ShipSpec>(16, ShipSpec{"x", 8}), Touching::kAllowed),
                         {}));
  // The default for a DensityShooter built directly keeps the lists (monte-carlo reads them).
  const Rules rules;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  CHECK_FALSE(DensityShooter(tables, {}).uses_line_tables());
}

TEST_CASE("the strategies built from configs use line tables where they apply") {
  const Rules rules;
  const PlacementTable table(rules);
  const DensityTables tables(table);
  const ShooterContext context{tables};
  CHECK(DensityShooter(DensityParams{}, context).uses_line_tables());
  CHECK(SeedDensityShooter({1.0}, context).uses_line_tables());
  CHECK_FALSE(SeedDensityShooter({1.5}, context).uses_line_tables());
}
