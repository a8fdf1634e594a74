#include "engines/battleship/strategies/monte_carlo.hpp"

#include <algorithm>

namespace arena::battleship {

StrategyInfo MonteCarloShooter::info() {
  return {
      "monte-carlo",
      "samples whole layouts consistent with every observation; fires at the most occupied "
      "cell",
      {ParamSpec::integer("samples", Params{}.samples, 1, 1'000'000, "layouts kept per decision"),
       tie_break_param("random")},
      {},
      {{"samples", int64_t{20}}}};
}

MonteCarloParams MonteCarloShooter::params_from(const ParamSet& values) {
  return {static_cast<int>(values.integer("samples")), tie_break_from(values)};
}

MonteCarloShooter::MonteCarloShooter(const DensityTables& tables, MonteCarloParams params)
    : density_(tables, DensityParams{1.0, params.tie_break, false}),
      params_(params),
      occupancy_(static_cast<size_t>(tables.cells())) {}

int MonteCarloShooter::sample(Rng& rng) {
  const BoardKnowledge& knowledge = density_.knowledge();
  const DensityTables& t = knowledge.tables();
  const auto& fleet = t.rules().fleet;
  alive_.clear();
  alive_start_.assign(1, 0);
  for (size_t s = 0; s < fleet.size(); ++s) {
    if (!knowledge.ship_afloat(static_cast<int>(s))) continue;
    const int k = t.length_index_of_ship(static_cast<int>(s));
    for (uint32_t id = t.first_of(k); id < t.first_of(k + 1); ++id) {
      if (knowledge.alive(id)) alive_.push_back(id);
    }
    if (alive_.size() == alive_start_.back()) return 0;  // a ship with nowhere to be
    alive_start_.push_back(static_cast<uint32_t>(alive_.size()));
  }
  CellSet pending;
  for (uint16_t c : knowledge.pending())
    pending.set(c);

  std::fill(occupancy_.begin(), occupancy_.end(), 0);
  const size_t ships = alive_start_.size() - 1;
  chosen_.resize(ships);
  const PlacementTable& table = t.placements();
  int kept = 0;
  const uint64_t budget = static_cast<uint64_t>(params_.samples) * kAttemptsPerSample;
  for (uint64_t attempt = 0; attempt < budget && kept < params_.samples; ++attempt) {
    ++drawn_;
    CellSet occupied;
    bool legal = true;
    for (size_t i = 0; i < ships && legal; ++i) {
      const uint32_t options = alive_start_[i + 1] - alive_start_[i];
      chosen_[i] = alive_[alive_start_[i] + rng.below(options)];
      const Placement& p = t.placement(chosen_[i]);
      legal = table.fits(p, occupied);
      occupied |= p.cells;
    }
    if (!legal || (pending & ~occupied).any()) continue;
    ++kept;
    for (uint32_t id : chosen_) {
      for (uint16_t c : t.cells_of(id))
        ++occupancy_[c];
    }
  }
  kept_ += static_cast<uint64_t>(kept);
  return kept;
}

int MonteCarloShooter::choose(Rng& rng) {
  if (sample(rng) == 0) return density_.choose(rng);
  return pick_best_cell(std::span<const int64_t>(occupancy_), density_.knowledge(),
                        params_.tie_break, rng);
}

}  // namespace arena::battleship
