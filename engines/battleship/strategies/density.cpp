#include "engines/battleship/strategies/density.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engines/battleship/ship_chances.hpp"

namespace arena::battleship {

ParamSpec tie_break_param(const char* default_tie_break) {
  return ParamSpec::choice("tie_break", default_tie_break, {"random", "first"},
                           "equal scores: uniformly at random, or the first in scan order");
}

TieBreak tie_break_from(const ParamSet& values) {
  return values.choice("tie_break") == "first" ? TieBreak::kFirst : TieBreak::kRandom;
}

StrategyInfo DensityShooter::info() {
  const Params d;
  return {"density",
          "fires at the cell covered by the most possible placements of the ships afloat",
          {ParamSpec::real("checkerboard_weight", d.checkerboard_weight, 0.0, 100.0,
                           "hunt-mode factor on cells with (row+col) even; the seed uses 1.5"),
           tie_break_param("random"),
           ParamSpec::choice("prior", "uniform", {"uniform", "learned"},
                             "learned: weight placements by how often their cells held ships in "
                             "the fleets seen earlier in the series"),
           ParamSpec::real("prior_strength", d.prior_strength, 0, 1e6,
                           "learned prior: pseudo-fleets of mean occupancy it starts from"),
           ParamSpec::choice("target", "through-hits", {"through-hits", "weighted"},
                             "target mode: placements through pending hits, once per hit "
                             "covered; or every placement, hit_weight^(pending hits covered)"),
           ParamSpec::real("hit_weight", d.hit_weight, 1, 1e6,
                           "target weighted: a placement's factor per pending hit it covers"),
           ParamSpec::flag("hit_identity", d.hit_identity,
                           "read which ship each hit struck (not in the standard rules; "
                           "measures that rule variant)")},
          {{{"checkerboard_weight", 1.5}},
           {{"prior", std::string("learned")}},
           {{"target", std::string("weighted")}},
           {{"hit_identity", true}}}};
}

DensityParams DensityShooter::params_from(const ParamSet& values) {
  return {
      values.real("checkerboard_weight"),
      tie_break_from(values),
      false,
      values.choice("prior") == "learned" ? Prior::kLearned : Prior::kUniform,
      values.real("prior_strength"),
      values.choice("target") == "weighted" ? TargetCount::kWeighted : TargetCount::kThroughHits,
      values.real("hit_weight"),
      values.flag("hit_identity")};
}

bool DensityShooter::line_tables_apply(const DensityTables& tables, const DensityParams& params,
                                       const LearnedPrior* learned, DensityMethod method) {
  const bool learned_weights =
      params.prior == Prior::kLearned && learned != nullptr && learned->fleets() > 0;
  const bool literal = params.target != TargetCount::kThroughHits || params.hit_identity;
  return method == DensityMethod::kLineTables && tables.line_tables() != nullptr &&
         params.checkerboard_weight == 1.0 && !learned_weights && !literal;
}

DensityShooter::DensityShooter(const DensityTables& tables, DensityParams params,
                               const LearnedPrior* learned, DensityMethod method)
    : knowledge_(tables, KnowledgeRules{!params.seed_behaviour, params.seed_behaviour,
                                        !line_tables_apply(tables, params, learned, method)}),
      params_(params),
      target_(static_cast<size_t>(tables.cells())) {
  if (params.target != TargetCount::kThroughHits || params.hit_identity) {
    wide_.resize(static_cast<size_t>(tables.cells()));
    wide_scores_.resize(static_cast<size_t>(tables.cells()));
    hit_ship_.assign(static_cast<size_t>(tables.cells()), -1);
  }
  if (!knowledge_.keeps_placements()) {
    lines_.emplace(tables);
    return;
  }
  weighted_scores_.resize(static_cast<size_t>(tables.cells()));
  plain_ = knowledge_.hunt_density();
  if (params.prior != Prior::kLearned || learned == nullptr || learned->fleets() == 0) return;
  placement_weight_.resize(static_cast<size_t>(tables.placement_count()));
  for (int id = 0; id < tables.placement_count(); ++id) {
    placement_weight_[id] =
        learned->weight(tables.placement(static_cast<uint32_t>(id)), params.prior_strength);
  }
  learned_.resize(static_cast<size_t>(tables.cells()));
  learned_scores_.resize(static_cast<size_t>(tables.cells()));
}

// Like the unweighted densities, with each placement counting its prior
// weight; scaled to integers (2^40 for the densest cell) for pick_best_cell.
void DensityShooter::learned_density(bool target) {
  const DensityTables& t = knowledge_.tables();
  std::fill(learned_.begin(), learned_.end(), 0.0);
  const auto add = [&](uint32_t id) {
    const int ships = knowledge_.afloat(t.length_index(id));
    if (ships == 0 || !knowledge_.alive(id)) return;
    const double w = ships * placement_weight_[id];
    for (uint16_t c : t.cells_of(id))
      learned_[c] += w;
  };
  if (target) {
    for (uint16_t hit : knowledge_.pending()) {
      for (uint32_t id : t.covering(hit))
        add(id);
    }
  } else {
    for (int id = 0; id < t.placement_count(); ++id)
      add(static_cast<uint32_t>(id));
  }
  const double top = *std::max_element(learned_.begin(), learned_.end());
  const double scale = top > 0 ? std::ldexp(1.0, 40) / top : 0.0;
  for (size_t c = 0; c < learned_.size(); ++c)
    learned_scores_[c] = std::llround(learned_[c] * scale);
}

void DensityShooter::scale_wide() {
  const double top = *std::max_element(wide_.begin(), wide_.end());
  const double scale = top > 0 ? std::ldexp(1.0, 40) / top : 0.0;
  for (size_t c = 0; c < wide_.size(); ++c)
    wide_scores_[c] = std::llround(wide_[c] * scale);
}

void DensityShooter::weighted_target_density() {
  const DensityTables& t = knowledge_.tables();
  const auto pending = knowledge_.pending();
  std::fill(wide_.begin(), wide_.end(), 0.0);
  for (int id = 0; id < t.placement_count(); ++id) {
    const int ships = knowledge_.afloat(t.length_index(static_cast<uint32_t>(id)));
    if (ships == 0 || !knowledge_.alive(static_cast<uint32_t>(id))) continue;
    const CellSet& cells = t.placement(static_cast<uint32_t>(id)).cells;
    const auto covered =
        std::count_if(pending.begin(), pending.end(), [&](uint16_t h) { return cells.test(h); });
    const double w = ships * std::pow(params_.hit_weight, static_cast<double>(covered));
    for (uint16_t c : t.cells_of(static_cast<uint32_t>(id)))
      wide_[c] += w;
  }
  scale_wide();
}

bool DensityShooter::identity_density() {
  const DensityTables& t = knowledge_.tables();
  const auto pending = knowledge_.pending();
  std::fill(wide_.begin(), wide_.end(), 0.0);
  std::vector<double> share(wide_.size());
  bool any = false;
  for (size_t i = 0; i < pending.size(); ++i) {
    const int ship = hit_ship_[pending[i]];
    // Each hit ship once: at its first pending hit.
    if (std::any_of(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(i),
                    [&](uint16_t h) { return hit_ship_[h] == ship; }))
      continue;
    const int k = t.length_index_of_ship(ship);
    std::fill(share.begin(), share.end(), 0.0);
    int fits = 0;
    for (uint32_t id : t.covering(pending[i])) {
      if (t.length_index(id) != k || !knowledge_.alive(id)) continue;
      const CellSet& cells = t.placement(id).cells;
      // Through every hit on this ship, and through no hit on another.
      if (!std::all_of(pending.begin(), pending.end(),
                       [&](uint16_t h) { return cells.test(h) == (hit_ship_[h] == ship); }))
        continue;
      for (uint16_t c : t.cells_of(id))
        share[c] += 1;
      ++fits;
    }
    if (fits == 0) continue;
    for (size_t c = 0; c < share.size(); ++c)
      wide_[c] += share[c] / fits;
    any = true;
  }
  scale_wide();
  return any;
}

bool DensityShooter::target_density() {
  const DensityTables& t = knowledge_.tables();
  const auto pending = knowledge_.pending();
  std::fill(target_.begin(), target_.end(), 0);
  int32_t* const target = target_.data();
  // Without the lists, a placement is alive if it covers no dead cell.
  const Bits128 dead = knowledge_.dead_bits();
  const bool lists = knowledge_.keeps_placements();
  const auto alive = [&](uint32_t id) {
    return lists ? knowledge_.alive(id) : (t.bits_of(id) & dead) == 0;
  };
  bool any = false;
  // Default: a placement covering j pending hits is met j times, once from each.
  // Seed: only placements through the first pending hit that cover all the others.
  const auto sources = params_.seed_behaviour ? pending.first(1) : pending;
  for (uint16_t hit : sources) {
    for (uint32_t id : t.covering(hit)) {
      const DensityTables::Line line = t.line(id);
      const int32_t ships = knowledge_.afloat(line.k);
      if (ships == 0 || !alive(id)) continue;
      if (params_.seed_behaviour && !std::all_of(pending.begin(), pending.end(), [&](uint16_t h) {
            return t.placement(id).cells.test(h);
          })) {
        continue;
      }
      for (int i = 0, c = line.first; i < line.length; ++i, c += line.step)
        target[c] += ships;
      any = true;
    }
  }
  return any;
}

void DensityShooter::compute_density() {
  weighted_ = false;
  use_learned_ = false;
  use_wide_ = false;
  if (targeting() && params_.hit_identity) {
    use_wide_ = identity_density();
    if (use_wide_) return;
  } else if (targeting() && params_.target == TargetCount::kWeighted) {
    weighted_target_density();
    use_wide_ = true;
    return;
  } else if (targeting()) {
    // With no placement left to explain the hits the seed scores every cell 0;
    // the default variant hunts instead.
    if (target_density() || params_.seed_behaviour) {
      plain_ = target_;
      if (!placement_weight_.empty()) learned_density(true);
      use_learned_ = !placement_weight_.empty();
      return;
    }
  }
  weighted_ = params_.checkerboard_weight != 1.0;
  plain_ = knowledge_.hunt_density();
  if (placement_weight_.empty()) return;
  learned_density(false);
  use_learned_ = true;
}

std::vector<int64_t> DensityShooter::density() {
  if (lines_) {
    LineDensity::Grid counts;
    if (!line_density(counts)) return {target_.begin(), target_.end()};
    const int n = knowledge_.tables().rules().size;
    std::vector<int64_t> cells(static_cast<size_t>(n * n));
    for (int c = 0; c < n * n; ++c)
      cells[c] = counts[c / n][c % n];
    return cells;
  }
  compute_density();
  if (use_wide_) return wide_scores_;
  if (use_learned_) return learned_scores_;
  return {plain_.begin(), plain_.end()};
}

bool DensityShooter::line_density(LineDensity::Grid& counts) {
  if (!targeting()) {
    counts = lines_->hunt();
    return true;
  }
  switch (lines_->target(knowledge_, params_.seed_behaviour, counts)) {
    case LineDensity::Target::kSome:
      return true;
    case LineDensity::Target::kNone:
      // With no placement left to explain the hits the seed scores every
      // cell 0 (as `counts` now are); the default variant hunts instead.
      if (!params_.seed_behaviour) counts = lines_->hunt();
      return true;
    case LineDensity::Target::kTooMany:
      break;
  }
  // Counts that could overflow a byte: the placement walk of the lists path.
  if (!target_density() && !params_.seed_behaviour) {
    counts = lines_->hunt();
    return true;
  }
  return false;
}

int DensityShooter::choose_cell(Rng& rng) {
  if (lines_) {
    LineDensity::Grid counts;
    if (line_density(counts)) return lines_->pick(counts, params_.tie_break, rng);
    return pick_best_cell(std::span<const int32_t>(target_), knowledge_, params_.tie_break, rng);
  }
  compute_density();
  if (use_wide_) {
    return pick_best_cell(std::span<const int64_t>(wide_scores_), knowledge_, params_.tie_break,
                          rng);
  }
  if (weighted_) {
    return use_learned_ ? choose_weighted(std::span<const int64_t>(learned_scores_), rng)
                        : choose_weighted(plain_, rng);
  }
  if (use_learned_) {
    return pick_best_cell(std::span<const int64_t>(learned_scores_), knowledge_, params_.tie_break,
                          rng);
  }
  return pick_best_cell(plain_, knowledge_, params_.tie_break, rng);
}

template <class Score>
int DensityShooter::choose_weighted(std::span<const Score> density, Rng& rng) {
  // Fixed point (1/1024) keeps scores integral: exact for weights like 1.5.
  // The seed rounds d * 3 / 2 down in integers, which changes its ties.
  const DensityTables& t = knowledge_.tables();
  const double weight = params_.checkerboard_weight;
  const auto fixed_weight = static_cast<int64_t>(std::llround(weight * 1024));
  for (size_t c = 0; c < density.size(); ++c) {
    const int64_t d = density[c];
    if (!t.even(static_cast<int>(c))) {
      weighted_scores_[c] = d * 1024;
    } else if (params_.seed_behaviour) {
      weighted_scores_[c] =
          static_cast<int64_t>(std::floor(static_cast<double>(d) * weight)) * 1024;
    } else {
      weighted_scores_[c] = d * fixed_weight;
    }
  }
  return pick_best_cell(std::span<const int64_t>(weighted_scores_), knowledge_, params_.tie_break,
                        rng);
}

nlohmann::json DensityShooter::explanation(int cell) const {
  const DensityTables& t = knowledge_.tables();
  const int n = t.rules().size;
  const std::vector<double> heat = ship_chances(knowledge_, placement_weight_);
  if (cell < 0 || cell >= t.cells()) return {{"text", "no cell is left to fire at"}};
  // The placements of ships afloat over the cell (through a pending hit, when targeting).
  const auto pending = knowledge_.pending();
  const Bits128 dead = knowledge_.keeps_placements() ? Bits128{0} : knowledge_.dead_bits();
  int64_t over = 0;
  int64_t through = 0;
  for (uint32_t id : t.covering(cell)) {
    const int ships = knowledge_.afloat(t.length_index(id));
    const bool alive =
        knowledge_.keeps_placements() ? knowledge_.alive(id) : (t.bits_of(id) & dead) == 0;
    if (ships == 0 || !alive) continue;
    over += ships;
    if (std::any_of(pending.begin(), pending.end(),
                    [&](uint16_t h) { return t.placement(id).cells.test(h); }))
      through += ships;
  }
  const std::string at = cell_name(cell, n);
  const std::string chance = fmt::format("{:.0f}%", 100 * heat[static_cast<size_t>(cell)]);
  std::string text;
  if (!pending.empty() && through > 0) {
    std::vector<std::string> hits;
    for (uint16_t h : pending)
      hits.push_back(cell_name(h, n));
    text = fmt::format(
        "targeting the {} at {}: fires at {}, which {} placement{} of ships afloat through {} "
        "cover{}; chance of a ship there {}",
        hits.size() == 1 ? "hit" : "hits", fmt::join(hits, ", "), at, through,
        through == 1 ? "" : "s", hits.size() == 1 ? "it" : "them", through == 1 ? "s" : "", chance);
  } else {
    text = fmt::format(
        "hunting: fires at {}, which {} placement{} of the ships afloat cover{}; chance of a ship "
        "there {}",
        at, over, over == 1 ? "" : "s", over == 1 ? "s" : "", chance);
  }
  if (params_.checkerboard_weight != 1.0 && pending.empty()) {
    text +=
        fmt::format(" (cells with row + column even count {} times)", params_.checkerboard_weight);
  }
  return {{"text", text}, {"heat", heat_rows(heat, n)}, {"best", cell}};
}

}  // namespace arena::battleship
