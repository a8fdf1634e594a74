#include "engines/battleship/layout.hpp"

#include <stdexcept>

namespace arena::battleship {

Layout sample_uniform_layout(const PlacementTable& table, Rng& rng, uint64_t max_attempts) {
  const auto& fleet = table.rules().fleet;
  Layout layout;
  layout.ship_count = static_cast<int>(fleet.size());
  for (uint64_t attempt = 0; attempt < max_attempts; ++attempt) {
    layout.occupied.reset();
    bool legal = true;
    for (int i = 0; i < layout.ship_count && legal; ++i) {
      const auto& options = table.of_length(fleet[i].length);
      const Placement& p = options[rng.below(options.size())];
      legal = table.fits(p, layout.occupied);
      layout.ships[i] = &p;
      layout.occupied |= p.cells;
    }
    if (legal) return layout;
  }
  throw std::runtime_error("could not draw a legal fleet layout: the fleet barely fits the board");
}

namespace {

bool place_from(const PlacementTable& table, int ship, const CellSet& occupied, uint64_t& nodes) {
  const auto& fleet = table.rules().fleet;
  if (ship == static_cast<int>(fleet.size())) return true;
  for (const Placement& p : table.of_length(fleet[ship].length)) {
    if (++nodes == 0) return true;  // budget exhausted (counter wrapped from -budget)
    if (table.fits(p, occupied) && place_from(table, ship + 1, occupied | p.cells, nodes))
      return true;
  }
  return false;
}

}  // namespace

bool layout_exists(const PlacementTable& table, uint64_t node_budget) {
  uint64_t nodes = 0 - node_budget;  // counts up to zero
  return place_from(table, 0, CellSet{}, nodes);
}

}  // namespace arena::battleship
