#include "harness/adapters/seating.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "engines/core/rng.hpp"

namespace arena {
namespace {

// Sets of `seats` variants out of `variants`, in lexicographic order.
std::vector<std::vector<int>> combinations(int variants, int seats) {
  std::vector<std::vector<int>> out;
  std::vector<bool> chosen(static_cast<size_t>(variants), false);
  std::fill(chosen.begin(), chosen.begin() + seats, true);
  do {
    std::vector<int> set;
    for (int v = 0; v < variants; ++v) {
      if (chosen[static_cast<size_t>(v)]) set.push_back(v);
    }
    out.push_back(std::move(set));
  } while (std::prev_permutation(chosen.begin(), chosen.end()));
  return out;
}

// The lineup of each table, before any reordering.
std::vector<std::vector<int>> table_lineups(int variants, int seats, Format format) {
  if (variants <= seats) {
    std::vector<int> lineup(static_cast<size_t>(seats));
    for (int s = 0; s < seats; ++s)
      lineup[static_cast<size_t>(s)] = s % variants;
    return {lineup};
  }
  auto sets = combinations(variants, seats);
  if (format == Format::kGauntlet)
    std::erase_if(sets, [](const auto& set) { return set.front() != 0; });
  return sets;
}

uint64_t distinct_permutations(std::vector<int> lineup, uint64_t cap) {
  std::sort(lineup.begin(), lineup.end());
  uint64_t count = 0;
  do {
    if (++count > cap) return count;
  } while (std::next_permutation(lineup.begin(), lineup.end()));
  return count;
}

std::vector<int> rotated(const std::vector<int>& lineup, size_t by) {
  std::vector<int> out(lineup.size());
  for (size_t s = 0; s < lineup.size(); ++s)
    out[s] = lineup[(s + by) % lineup.size()];
  return out;
}

// Every cyclic rotation of distinct random permutations, `max_orders` in all
// (rounded down to whole rotation classes). The generator's seed is fixed, so
// the sample is part of the format, not of the run.
std::vector<std::vector<int>> sampled_orders(std::vector<int> lineup, int max_orders) {
  const size_t seats = lineup.size();
  const size_t classes = std::max<size_t>(1, static_cast<size_t>(max_orders) / seats);
  Rng rng(0x5ea71e55eedULL);
  std::set<std::vector<int>> seen;  // every order already taken, rotations included
  std::vector<std::vector<int>> out;
  while (out.size() < classes * seats) {
    for (size_t i = seats; i > 1; --i)
      std::swap(lineup[i - 1], lineup[rng.below(i)]);
    if (seen.contains(lineup)) continue;
    for (size_t r = 0; r < seats; ++r) {
      out.push_back(rotated(lineup, r));
      seen.insert(out.back());
    }
  }
  return out;
}

std::vector<std::vector<int>> orders_of(std::vector<int> lineup, int max_orders) {
  if (distinct_permutations(lineup, static_cast<uint64_t>(max_orders)) >
      static_cast<uint64_t>(max_orders)) {
    return sampled_orders(lineup, max_orders);
  }
  std::sort(lineup.begin(), lineup.end());
  std::vector<std::vector<int>> out;
  do {
    out.push_back(lineup);
  } while (std::next_permutation(lineup.begin(), lineup.end()));
  return out;
}

}  // namespace

Seating::Seating(int variants, int seats, Format format, int max_orders) : seats_(seats) {
  if (variants < 1 || seats < 1 || max_orders < 1) throw std::invalid_argument("Seating: empty");
  for (const auto& lineup : table_lineups(variants, seats, format))
    tables_.push_back(orders_of(lineup, max_orders));
}

Seating::Place Seating::locate(uint64_t index, uint64_t games_per_table) const {
  Place place;
  place.table = index / games_per_table;
  const uint64_t game = index % games_per_table;
  place.deal = game / orders();
  place.order = game % orders();
  place.lineup = tables_[place.table][place.order];
  return place;
}

}  // namespace arena
