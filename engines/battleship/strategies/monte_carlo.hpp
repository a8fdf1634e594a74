// Strategy `monte-carlo` (the seed's first suggested extension): sample whole
// layouts of the ships still afloat that agree with everything seen so far,
// and fire at the unshot cell they occupy most often.
//
// Contract: a sample places every ship afloat uniformly over its still
// possible placements (no miss, no sunk cell, and under the no-touch rule no
// cell next to a sunk ship) and is kept only if the ships neither overlap nor,
// under the no-touch rule, touch, and together cover every pending hit. Whole
// samples are rejected, never single ships, so kept samples are uniform over
// the layouts consistent with the observations. At most `samples` are kept
// per decision, from at most samples x kAttemptsPerSample draws; if none is
// kept, it fires as `density` would. Ties are broken as `tie_break` says.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/battleship/strategies/density.hpp"

namespace arena::battleship {

struct MonteCarloParams {
  int samples = 200;
  TieBreak tie_break = TieBreak::kRandom;
};

class MonteCarloShooter {
 public:
  static constexpr int kAttemptsPerSample = 50;

  using Params = MonteCarloParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  MonteCarloShooter(const Params& params, const ShooterContext& context)
      : MonteCarloShooter(context.tables, params) {}

  MonteCarloShooter(const DensityTables& tables, MonteCarloParams params);

  int choose(Rng& rng);
  void observe(int cell, const ShotResult& result) { density_.observe(cell, result); }

  // Samples kept and drawn over this shooter's decisions so far.
  uint64_t samples_kept() const { return kept_; }
  uint64_t samples_drawn() const { return drawn_; }
  // Per-cell occupancy counts of the last decision's kept samples.
  const std::vector<int64_t>& occupancy() const { return occupancy_; }

 private:
  int sample(Rng& rng);  // fills occupancy_, returns samples kept

  DensityShooter density_;  // holds the knowledge; the fallback
  MonteCarloParams params_;
  std::vector<int64_t> occupancy_;
  std::vector<uint32_t> alive_;        // possible placement ids, grouped by ship afloat
  std::vector<uint32_t> alive_start_;  // ship i's ids: [alive_start_[i], alive_start_[i + 1])
  std::vector<uint32_t> chosen_;
  uint64_t kept_ = 0;
  uint64_t drawn_ = 0;
};

}  // namespace arena::battleship
