// Strategies `density` and `seed-density`: fire at the cell covered by the
// most placements of the ships still afloat.
//
// Hunt mode (no pending hit): every possible placement of every ship afloat
// counts once per cell it covers. Target mode (pending hits): only placements
// covering a pending hit count, each once per pending hit it covers. The
// densest unshot cell is fired at; `checkerboard_weight` multiplies the
// density of cells with (row + col) even in hunt mode (the seed's
// selectTargetOptimized uses 1.5); ties go uniformly at random (the
// strategy's own Rng) or, with TieBreak::kFirst, to the first in scan order.
//
// Two ways to the same hunt density (DensityMethod): the knowledge's lists of
// placements still possible, kept up to date shot by shot (any board, any
// weighting), or counts along rows and columns from tables (line_density.hpp:
// boards up to 10 x 10, no checkerboard weight, no learned weights), which
// keep no per-placement state and cost a fraction. Target mode walks the
// placements through each pending hit either way. Both choose the same cells
// with the same draws.
//
// Two target modes follow published descriptions literally, to measure them
// (docs/battleship.md, "Why density needs 44 shots, not 42"); both count by
// placement lists:
// - `target: weighted` (DataGenetics' wording): every possible placement of
//   every ship afloat counts, hits or not, with weight hit_weight^j where j is
//   the pending hits it covers (the default counts only placements through a
//   pending hit, j times);
// - `hit_identity`: the shooter reads which ship each hit struck (ShotResult
//   carries it; the standard rules, and the line protocol's view, do not tell
//   it). Target mode then gives each cell the sum, over the hit ships, of the
//   share of that ship's placements covering it, among those through all its
//   pending hits and through no other ship's. A measurement of a rule
//   variant, not a strategy for the standard game; it takes precedence over
//   `target`.
// Neither uses the learned prior in target mode.
//
// `seed-density` keeps the seed's behaviour for comparison: target mode only
// counts placements covering *every* pending hit, any sink forgets every
// pending hit, cells next to sunk ships are not ruled out, weights are
// rounded down to integers, and ties go to the first cell.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "engines/battleship/best_cell.hpp"
#include "engines/battleship/knowledge.hpp"
#include "engines/battleship/learned_prior.hpp"
#include "engines/battleship/line_density.hpp"
#include "engines/battleship/shooter_context.hpp"
#include "engines/core/explain.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::battleship {

enum class Prior { kUniform, kLearned };

// How target mode counts (see above).
enum class TargetCount { kThroughHits, kWeighted };

struct DensityParams {
  double checkerboard_weight = 1.0;
  TieBreak tie_break = TieBreak::kRandom;
  bool seed_behaviour = false;
  // kLearned: each placement counts with its LearnedPrior weight instead of 1.
  Prior prior = Prior::kUniform;
  double prior_strength = 50;  // pseudo-fleets of mean occupancy (see LearnedPrior)
  TargetCount target = TargetCount::kThroughHits;
  double hit_weight = 100;    // kWeighted: a placement's weight per pending hit it covers
  bool hit_identity = false;  // read which ship a hit struck (not in the standard rules)
};

// The seed's AIPlayer as published (with its view of the board wired up).
inline DensityParams seed_density_params(double checkerboard_weight) {
  return {checkerboard_weight, TieBreak::kFirst, true, Prior::kUniform, 0};
}

// kPlacementLists keeps knowledge().alive() and hunt_density() up to date
// (monte-carlo reads them); kLineTables counts along lines where that
// applies (see above) and keeps the lists elsewhere.
enum class DensityMethod { kPlacementLists, kLineTables };

// The `tie_break` parameter of the density-style shooters, and its value.
ParamSpec tie_break_param(const char* default_tie_break);
TieBreak tie_break_from(const ParamSet& values);

class DensityShooter {
 public:
  using Params = DensityParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  DensityShooter(const Params& params, const ShooterContext& context)
      : DensityShooter(context.tables, params, context.prior, DensityMethod::kLineTables) {}

  // `learned` (may be null) feeds Prior::kLearned; it must outlive the shooter.
  DensityShooter(const DensityTables& tables, DensityParams params,
                 const LearnedPrior* learned = nullptr,
                 DensityMethod method = DensityMethod::kPlacementLists);

  int choose(Rng& rng) {
    const int cell = choose_cell(rng);
    if (explaining()) [[unlikely]]
      explain(explanation(cell));
    return cell;
  }
  void observe(int cell, const ShotResult& result) {
    if (params_.hit_identity && !result.repeated && result.kind != ShotKind::kMiss)
      hit_ship_[static_cast<size_t>(cell)] = static_cast<int8_t>(result.ship);
    knowledge_.observe(cell, result);
    if (lines_) lines_->observe(cell, result, knowledge_);
  }

  // The density the next choice maximises, before checkerboard weighting.
  std::vector<int64_t> density();
  bool targeting() const { return !knowledge_.pending().empty(); }
  const BoardKnowledge& knowledge() const { return knowledge_; }
  // Whether the hunt density is counted along lines (see DensityMethod).
  bool uses_line_tables() const { return lines_.has_value(); }
  // Why `cell` is the choice, as replays show it (engines/core/explain.hpp):
  // {"text", "heat": rows of the chance of a ship in every cell
  // (ship_chances.hpp), "best": cell}. Reads the knowledge only.
  nlohmann::json explanation(int cell) const;

 private:
  int choose_cell(Rng& rng);
  static bool line_tables_apply(const DensityTables& tables, const DensityParams& params,
                                const LearnedPrior* learned, DensityMethod method);
  // With line tables: the density into `counts`, or false when it could
  // overflow a byte and is in target_ instead.
  bool line_density(LineDensity::Grid& counts);
  void compute_density();             // sets plain_ or learned_scores_, and weighted_
  bool target_density();              // false when no placement explains the pending hits
  void learned_density(bool target);  // the weighted version of either, into learned_scores_
  void weighted_target_density();     // target: weighted, into wide_scores_
  bool identity_density();            // hit_identity, into wide_scores_; false if none fits
  void scale_wide();                  // wide_ scaled to integers in wide_scores_
  template <class Score>
  int choose_weighted(std::span<const Score> density, Rng& rng);

  BoardKnowledge knowledge_;
  DensityParams params_;
  std::vector<int32_t> target_;  // target-mode density (hunt mode reads the knowledge's)
  std::vector<int64_t> weighted_scores_;
  std::vector<double> placement_weight_;  // empty unless a learned prior has seen fleets
  std::vector<double> learned_;
  std::vector<int64_t> learned_scores_;  // learned_ scaled to integers
  std::vector<double> wide_;             // literal target modes (see above)
  std::vector<int64_t> wide_scores_;     // wide_ scaled to integers
  std::vector<int8_t> hit_ship_;         // hit_identity: the ship each hit struck
  std::span<const int32_t> plain_;       // the density, unless the learned prior is used
  bool use_learned_ = false;             // the density is learned_scores_
  bool use_wide_ = false;                // the density is wide_scores_
  bool weighted_ = false;                // checkerboard weighting applies to the current density
  std::optional<LineDensity> lines_;     // the hunt density, where line tables apply
};

}  // namespace arena::battleship
