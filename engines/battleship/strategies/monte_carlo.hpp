// Strategy `monte-carlo` (the seed's first suggested extension): sample whole
// layouts of the ships still afloat that agree with everything seen so far,
// and fire at the unshot cell they occupy most often.
//
// Contract: kept samples are uniform over the layouts consistent with every
// observation: each ship afloat on a still possible placement (no miss, no
// sunk cell, and under the no-touch rule no cell next to a sunk ship), no two
// ships overlapping nor, under the no-touch rule, touching, and every pending
// hit covered. A draw places every ship afloat uniformly over its still
// possible placements, except that when hits are pending one of them is first
// covered by a ship chosen with the weights that keep the result uniform (see
// monte_carlo.cpp for the argument); a draw breaking any rule is rejected
// whole, never ship by ship. At most `samples` are kept per decision, from at
// most samples x kAttemptsPerSample draws (a draw is one attempt at a whole
// layout, counted whatever step rejects it); if none is kept, it fires as
// `density` would. Ties are broken as `tie_break` says.
#pragma once

#include <array>
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
  void observe(int cell, const ShotResult& result) {
    density_.observe(cell, result);
    if (result.repeated) return;
    // A miss rules out the placements over it, a sink many more; a hit only
    // adds a pending cell.
    if (result.kind == ShotKind::kMiss) missed_.push_back(static_cast<uint16_t>(cell));
    if (result.kind == ShotKind::kSunk) rescan_ = true;
  }

  // Samples kept and drawn over this shooter's decisions so far.
  uint64_t samples_kept() const { return kept_; }
  uint64_t samples_drawn() const { return drawn_; }
  // Why `cell` is the choice after a decision that kept `kept` samples:
  // {"text", "heat": rows of the share of kept samples with a ship in each
  // cell not fired at (its sum over those cells is the cells of the ships
  // afloat not hit yet: every kept layout covers each pending hit once and
  // the rest of its ships' cells are not fired at), "best": cell}.
  nlohmann::json explanation(int cell, int kept) const;
  // Per-cell occupancy counts of the last decision's kept samples.
  const std::vector<int64_t>& occupancy() const { return occupancy_; }

 private:
  static constexpr int kMaxWords = (kMaxCells + 63) / 64;
  using Words = std::array<uint64_t, kMaxWords>;  // a cell mask

  // One ship to draw; its option is first + an index below count.
  struct Slot {
    uint32_t first;
    uint32_t count;
    // 2^64 mod (product of the counts sharing this slot's 64-bit output) on
    // the output's last slot, 0 elsewhere: a draw whose leftover falls below
    // it is rejected, so the indices drawn from one output are exactly uniform.
    uint64_t threshold;
    bool new_word;  // takes a fresh 64-bit output
  };
  // A (ship, option) pair covering the pending hit covered first.
  struct Cover {
    uint32_t option;
    uint32_t plan;   // the slots of the other ships
    uint32_t count;  // that ship's option count: the pair is kept with chance accept_ / count
  };

  void refresh_options();  // drops the options ruled out since the last decision
  void remove_option(int k, uint32_t option);
  uint32_t add_plan(int skipped_length);  // slots of the ships afloat but one of that length
  bool plan(Words& pending);              // false if no layout can be consistent
  template <int W, bool kNoTouch>
  int draw(Rng& rng, const Words& pending);  // counts options chosen in kept samples
  int sample(Rng& rng);                      // fills occupancy_, returns samples kept

  DensityShooter density_;  // holds the knowledge; the fallback
  MonteCarloParams params_;
  int words_;      // 64-bit words of a cell mask (2, 4 or 11, the fewest that hold the board)
  bool no_touch_;  // the rules forbid touching: overlaps are tested against halos
  std::vector<int64_t> occupancy_;
  // The options: placements still possible for the ship lengths afloat. Those
  // of length index k are [option_base_[k], option_base_[k] + option_live_[k]),
  // each with its placement id, `words_` words of cells then, under the
  // no-touch rule, `words_` words of halo, and how often this decision's kept
  // samples chose it.
  std::vector<uint32_t> option_id_;
  std::vector<uint64_t> option_masks_;
  std::vector<uint32_t> option_base_;
  std::vector<uint32_t> option_live_;
  std::vector<uint32_t> chosen_count_;
  std::vector<int32_t> option_of_;  // placement id -> option, -1 if none
  std::vector<uint16_t> missed_;    // cells missed since the options were brought up to date
  bool rescan_ = true;              // a sink since: check every option
  // This decision's drawing plans: ships afloat, longest first. Plan 0 has
  // every ship, the others all but the one a Cover places.
  std::vector<int> ships_;
  std::vector<Slot> slots_;  // plan p: [plan_start_[p], plan_start_[p + 1])
  std::vector<uint32_t> plan_start_;
  std::vector<int> plan_without_;  // by length index: the plan skipping one ship of it, or -1
  std::vector<Cover> cover_;       // empty when no hit is pending
  uint32_t accept_ = 0;            // the least count among cover_'s
  std::vector<uint32_t> chosen_;   // options of the current draw
  uint64_t kept_ = 0;
  uint64_t drawn_ = 0;
};

}  // namespace arena::battleship
