// Monte Carlo shooter: its kept samples are uniform over the layouts
// consistent with the observations, checked against exact enumeration on
// small boards (and a corner of large ones), in hunt mode, with one or two
// pending hits, and under the no-touch rule.
//
// Each decision keeps one sample (samples = 1), so the occupancy it leaves
// marks one layout's cells. Layouts are compared by the cells they occupy
// (what occupancy can see): the exact law of those cell sets comes from
// enumerating every consistent layout, independently of the shooter's code.
// 100,000 kept samples per position; the tolerance is the 0.1% level of a
// chi-square over those cell sets and about 4.5 sigma per cell. A sampler
// that redraws a clashing ship alone, skips the odds of the ship covering a
// hit, or ignores halos fails them (by tens of sigma, or with a layout that
// is not consistent).
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <vector>

#include "engines/battleship/layout.hpp"
#include "engines/battleship/strategies/monte_carlo.hpp"

using namespace arena;
using namespace arena::battleship;

namespace {

Rules rules_for(int size, std::vector<ShipSpec> fleet, Touching touching) {
  Rules r;
  r.size = size;
  r.fleet = std::move(fleet);
  r.touching = touching;
  return r;
}

struct Observations {
  CellSet misses;
  CellSet pending;
  std::vector<int> sunk_ships;
  std::vector<const Placement*> sunk;
};

// The cells ships may still occupy: at most 64, so that a set of them is one
// word (bit i for region[i]).
using Region = std::vector<int>;

Region whole_board(const Rules& rules) {
  Region region;
  for (int c = 0; c < rules.cells(); ++c)
    region.push_back(c);
  return region;
}

uint64_t key_of(const CellSet& cells, const Region& region) {
  uint64_t key = 0;
  for (size_t i = 0; i < region.size(); ++i) {
    if (cells.test(static_cast<size_t>(region[i]))) key |= uint64_t{1} << i;
  }
  return key;
}

// Every layout of the ships afloat consistent with `seen` (no miss, no sunk
// cell, no cell next to a sunk ship under no-touch, no overlap, no touching
// under no-touch, every pending hit covered), counted by the cells it occupies.
std::map<uint64_t, int64_t> consistent_layouts(const PlacementTable& table,
                                               const Observations& seen, const Region& region) {
  const Rules& rules = table.rules();
  CellSet blocked = seen.misses;
  for (const Placement* p : seen.sunk)
    blocked |= rules.touching == Touching::kForbidden ? p->halo : p->cells;
  std::vector<int> lengths;
  for (size_t s = 0; s < rules.fleet.size(); ++s) {
    if (std::find(seen.sunk_ships.begin(), seen.sunk_ships.end(), static_cast<int>(s)) ==
        seen.sunk_ships.end())
      lengths.push_back(rules.fleet[s].length);
  }
  std::map<uint64_t, int64_t> layouts;
  std::function<void(size_t, const CellSet&)> place = [&](size_t i, const CellSet& occupied) {
    if (i == lengths.size()) {
      if ((seen.pending & ~occupied).none()) ++layouts[key_of(occupied, region)];
      return;
    }
    for (const Placement& p : table.of_length(lengths[i])) {
      if ((p.cells & blocked).none() && table.fits(p, occupied)) place(i + 1, occupied | p.cells);
    }
  };
  place(0, CellSet{});
  return layouts;
}

int64_t total_of(const std::map<uint64_t, int64_t>& layouts) {
  int64_t total = 0;
  for (const auto& [key, count] : layouts)
    total += count;
  return total;
}

// A position: `shooter` has been told of shots at `layout` (first `opening`,
// then the region's water cells in a seeded random order) up to the first at
// which at most `max_layouts` layouts are consistent.
struct Position {
  Observations seen;
  std::map<uint64_t, int64_t> layouts;
};

Position reach_position(const PlacementTable& table, const Layout& layout,
                        MonteCarloShooter& shooter, const std::vector<int>& opening,
                        const Region& region, int64_t max_layouts, uint64_t seed) {
  const Rules& rules = table.rules();
  Ocean ocean(rules, layout);
  Position position;
  const auto fire = [&](int cell) {
    const ShotResult r = ocean.shoot(cell);
    shooter.observe(cell, r);
    if (r.kind == ShotKind::kMiss) position.seen.misses.set(static_cast<size_t>(cell));
    if (r.kind != ShotKind::kMiss) position.seen.pending.set(static_cast<size_t>(cell));
    if (r.kind == ShotKind::kSunk) {
      position.seen.pending &= ~r.sunk->cells;
      position.seen.sunk_ships.push_back(r.ship);
      position.seen.sunk.push_back(r.sunk);
    }
  };
  for (int cell : opening)
    fire(cell);
  CellSet ships;
  for (int s = 0; s < layout.ship_count; ++s)
    ships |= layout.ships[s]->cells;
  std::vector<int> water;
  for (int c : region) {
    if (!ships.test(static_cast<size_t>(c)) && !position.seen.misses.test(static_cast<size_t>(c)))
      water.push_back(c);
  }
  Rng rng(seed);
  for (size_t i = water.size(); i > 1; --i)
    std::swap(water[i - 1], water[rng.below(i)]);
  for (int cell : water) {
    position.layouts = consistent_layouts(table, position.seen, region);
    if (total_of(position.layouts) <= max_layouts) break;
    fire(cell);
  }
  return position;
}

// Upper 0.1% point of chi-square with `df` degrees of freedom (Wilson and
// Hilferty's cube-root approximation, within 1% for df >= 3).
double chi_square_critical(int df) {
  const double z = 3.0902;
  const double v = 2.0 / (9.0 * df);
  return df * std::pow(1 - v + z * std::sqrt(v), 3);
}

struct Fit {
  int kept = 0;
  double chi2 = 0;
  int df = 0;
  double worst_cell_z = 0;  // the largest |z| of one cell's occupancy against the exact marginal
};

// `draws` decisions of one kept sample each at the shooter's position: every
// kept sample must be a consistent layout; their cell sets are compared with
// the exact law by chi-square (bins with fewer than 5 expected merged), and
// each cell's occupancy with its exact marginal.
Fit fit_samples(MonteCarloShooter& shooter, const std::map<uint64_t, int64_t>& layouts,
                const Region& region, int draws, uint64_t seed) {
  std::map<uint64_t, int64_t> observed;
  std::vector<int64_t> cell_hits(region.size(), 0);
  const std::vector<int64_t>& occupancy = shooter.occupancy();
  Rng rng(seed);
  Fit fit;
  for (int d = 0; d < draws; ++d) {
    shooter.choose(rng);
    uint64_t key = 0;
    int64_t total = 0;
    for (size_t i = 0; i < region.size(); ++i) {
      const int64_t n = occupancy[region[i]];
      REQUIRE((n == 0 || n == 1));
      key |= static_cast<uint64_t>(n) << i;
      cell_hits[i] += n;
      total += n;
    }
    // Nothing out of the region.
    REQUIRE(std::accumulate(occupancy.begin(), occupancy.end(), int64_t{0}) == total);
    if (key == 0) continue;            // none kept this time
    REQUIRE(layouts.count(key) == 1);  // a consistent layout
    ++observed[key];
    ++fit.kept;
  }
  const double total = static_cast<double>(total_of(layouts));
  double merged_expected = 0, merged_observed = 0;
  int bins = 0;
  for (const auto& [key, count] : layouts) {
    const double expected = fit.kept * static_cast<double>(count) / total;
    const double seen = observed.count(key) ? static_cast<double>(observed.at(key)) : 0.0;
    if (expected < 5) {
      merged_expected += expected;
      merged_observed += seen;
      continue;
    }
    fit.chi2 += (seen - expected) * (seen - expected) / expected;
    ++bins;
  }
  if (merged_expected > 0) {
    fit.chi2 +=
        (merged_observed - merged_expected) * (merged_observed - merged_expected) / merged_expected;
    ++bins;
  }
  fit.df = bins - 1;
  for (size_t i = 0; i < region.size(); ++i) {
    double p = 0;
    for (const auto& [key, count] : layouts) {
      if (key >> i & 1) p += static_cast<double>(count) / total;
    }
    if (p <= 0 || p >= 1) {
      CHECK(cell_hits[i] == (p >= 1 ? fit.kept : 0));
      continue;
    }
    const double z = (cell_hits[i] - fit.kept * p) / std::sqrt(fit.kept * p * (1 - p));
    fit.worst_cell_z = std::max(fit.worst_cell_z, std::abs(z));
  }
  return fit;
}

void check_fit(const Fit& fit, int draws) {
  INFO("kept " << fit.kept << " of " << draws << ", chi2 " << fit.chi2 << " on " << fit.df
               << " df, worst cell z " << fit.worst_cell_z);
  REQUIRE(fit.kept > draws / 2);
  REQUIRE(fit.df >= 10);  // a position with enough layouts to tell laws apart
  CHECK(fit.chi2 < chi_square_critical(fit.df));  // uniform, at the 0.1% level
  CHECK(fit.worst_cell_z < 4.5);  // each cell's occupancy: under 0.1% for the whole board
}

constexpr int kDraws = 100'000;

}  // namespace

TEST_CASE("monte-carlo keeps samples uniform over consistent layouts in hunt mode") {
  const Rules rules = rules_for(6, {{"a", 4}, {"b", 3}, {"c", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  Rng environment(derive_seed(21, 0, 0, Purpose::kEnvironment));
  const Layout layout = sample_uniform_layout(table, environment);
  MonteCarloShooter shooter(tables, {1, TieBreak::kRandom});
  const Position position = reach_position(table, layout, shooter, {}, whole_board(rules), 400, 1);
  REQUIRE(position.seen.pending.none());
  check_fit(fit_samples(shooter, position.layouts, whole_board(rules), kDraws, 2), kDraws);
}

TEST_CASE("monte-carlo keeps samples uniform over consistent layouts with a pending hit") {
  // Ships of three lengths could explain the hit, each with its own number
  // of placements left: the ship covering it must be chosen with the right odds.
  const Rules rules = rules_for(6, {{"a", 4}, {"b", 3}, {"c", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  Rng environment(derive_seed(22, 0, 0, Purpose::kEnvironment));
  const Layout layout = sample_uniform_layout(table, environment);
  MonteCarloShooter shooter(tables, {1, TieBreak::kRandom});
  const int hit = layout.ships[1]->cell(1, rules.size);  // the middle of the 3
  const Position position =
      reach_position(table, layout, shooter, {hit}, whole_board(rules), 400, 3);
  REQUIRE(position.seen.pending.count() == 1);
  check_fit(fit_samples(shooter, position.layouts, whole_board(rules), kDraws, 4), kDraws);
}

TEST_CASE("monte-carlo keeps samples uniform over consistent layouts with two pending hits") {
  // One hit is covered first, the other by the rest of the draw: either
  // ship may hold both.
  const Rules rules = rules_for(6, {{"a", 4}, {"b", 3}, {"c", 2}}, Touching::kAllowed);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  Rng environment(derive_seed(24, 0, 0, Purpose::kEnvironment));
  const Layout layout = sample_uniform_layout(table, environment);
  MonteCarloShooter shooter(tables, {1, TieBreak::kRandom});
  const std::vector<int> hits = {layout.ships[0]->cell(2, rules.size),
                                 layout.ships[2]->cell(0, rules.size)};
  const Position position =
      reach_position(table, layout, shooter, hits, whole_board(rules), 400, 7);
  REQUIRE(position.seen.pending.count() == 2);
  check_fit(fit_samples(shooter, position.layouts, whole_board(rules), kDraws, 8), kDraws);
}

TEST_CASE("monte-carlo keeps samples uniform over consistent layouts under the no-touch rule") {
  // A sunk ship rules out its halo, a pending hit must be covered, and no two
  // ships may touch.
  const Rules rules = rules_for(7, {{"a", 4}, {"b", 3}, {"c", 2}, {"d", 2}}, Touching::kForbidden);
  const PlacementTable table(rules);
  const DensityTables tables(table);
  Rng environment(derive_seed(23, 0, 0, Purpose::kEnvironment));
  const Layout layout = sample_uniform_layout(table, environment);
  MonteCarloShooter shooter(tables, {1, TieBreak::kRandom});
  std::vector<int> opening;
  for (int i = 0; i < layout.ships[2]->length; ++i)
    opening.push_back(layout.ships[2]->cell(i, rules.size));  // sinks c
  opening.push_back(layout.ships[1]->cell(0, rules.size));    // hits b
  const Position position =
      reach_position(table, layout, shooter, opening, whole_board(rules), 400, 5);
  REQUIRE(position.seen.sunk.size() == 1);
  REQUIRE(position.seen.pending.count() == 1);
  check_fit(fit_samples(shooter, position.layouts, whole_board(rules), kDraws, 6), kDraws);
}

TEST_CASE("monte-carlo keeps samples uniform on boards of 4 and 11 mask words") {
  // Large boards take the wider masks: everything but a 6x6 corner is water
  // (shot first), a sunk ship's halo and a pending hit constrain the rest,
  // under the no-touch rule.
  for (int size : {13, 26}) {
    INFO("size " << size);
    const Rules rules = rules_for(size, {{"a", 3}, {"b", 2}, {"c", 2}}, Touching::kForbidden);
    const PlacementTable table(rules);
    const DensityTables tables(table);
    const int corner = size - 6;  // the window's first row and column
    Region region;
    for (int r = corner; r < size; ++r) {
      for (int c = corner; c < size; ++c)
        region.push_back(r * size + c);
    }
    const auto placed = [&](int length, int row, int col, bool horizontal) {
      for (const Placement& p : table.of_length(length)) {
        if (p.row == corner + row && p.col == corner + col && p.horizontal == horizontal) return &p;
      }
      FAIL("no such placement");
      return static_cast<const Placement*>(nullptr);
    };
    Layout layout;
    layout.ship_count = 3;
    layout.ships[0] = placed(3, 0, 0, true);   // a: row 0, columns 0-2
    layout.ships[1] = placed(2, 2, 4, false);  // b: column 4, rows 2-3
    layout.ships[2] = placed(2, 4, 0, true);   // c: row 4, columns 0-1
    std::vector<int> opening;
    for (int c = 0; c < rules.cells(); ++c) {
      if (std::find(region.begin(), region.end(), c) == region.end()) opening.push_back(c);
    }
    for (int i = 0; i < 2; ++i)
      opening.push_back(layout.ships[2]->cell(i, size));  // sinks c
    opening.push_back(layout.ships[1]->cell(0, size));    // hits b
    MonteCarloShooter shooter(tables, {1, TieBreak::kRandom});
    const Position position = reach_position(table, layout, shooter, opening, region, 400, 9);
    REQUIRE(position.seen.sunk.size() == 1);
    REQUIRE(position.seen.pending.count() == 1);
    check_fit(fit_samples(shooter, position.layouts, region, kDraws, 10), kDraws);
  }
}
