#include "engines/battleship/density.hpp"

#include <algorithm>
#include <cmath>

namespace arena::battleship {

DensityShooter::DensityShooter(const DensityTables& tables, DensityParams params)
    : knowledge_(tables, params.seed_behaviour ? KnowledgeRules{false, true} : KnowledgeRules{}),
      params_(params),
      density_(static_cast<size_t>(tables.cells())) {}

void DensityShooter::hunt_density() {
  const DensityTables& t = knowledge_.tables();
  std::fill(density_.begin(), density_.end(), 0);
  for (int k = 0; k < t.length_count(); ++k) {
    const int ships = knowledge_.afloat(k);
    if (ships == 0) continue;
    for (int c = 0; c < t.cells(); ++c)
      density_[c] += int64_t{ships} * knowledge_.cover(k, c);
  }
}

bool DensityShooter::target_density() {
  const DensityTables& t = knowledge_.tables();
  const auto pending = knowledge_.pending();
  std::fill(density_.begin(), density_.end(), 0);
  bool any = false;
  // Default: a placement covering j pending hits is met j times, once from each.
  // Seed: only placements through the first pending hit that cover all the others.
  const auto sources = params_.seed_behaviour ? pending.first(1) : pending;
  for (uint16_t hit : sources) {
    for (uint32_t id : t.covering(hit)) {
      const int ships = knowledge_.afloat(t.length_index(id));
      if (ships == 0 || !knowledge_.alive(id)) continue;
      if (params_.seed_behaviour && !std::all_of(pending.begin(), pending.end(), [&](uint16_t h) {
            return t.placement(id).cells.test(h);
          })) {
        continue;
      }
      for (uint16_t c : t.cells_of(id))
        density_[c] += ships;
      any = true;
    }
  }
  return any;
}

std::span<const int64_t> DensityShooter::density() {
  weighted_ = false;
  if (targeting()) {
    // With no placement left to explain the hits the seed scores every cell 0;
    // the default variant hunts instead.
    if (target_density() || params_.seed_behaviour) return density_;
  }
  weighted_ = params_.checkerboard_weight != 1.0;
  hunt_density();
  return density_;
}

int DensityShooter::choose(Rng& rng) {
  density();
  const int n = knowledge_.tables().rules().size;
  const double weight = params_.checkerboard_weight;
  const bool floor_scores = params_.seed_behaviour;
  return pick_best_cell(knowledge_, params_.tie_break, rng, [&](int c) {
    const auto d = static_cast<double>(density_[c]);
    if (!weighted_ || (c / n + c % n) % 2 != 0) return d;
    return floor_scores ? std::floor(d * weight) : d * weight;
  });
}

}  // namespace arena::battleship
