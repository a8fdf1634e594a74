// Early stopping: whether the stop rules of a run are met by its results so
// far. Rules look at the first match (player 0 against player 1): the SPRT on
// its pentanomial counts when games are paired, else on its W/L/D; ci_width on
// the width of its score's Wilson 95% interval.
#pragma once

#include <string>

#include "harness/config/config.hpp"
#include "harness/runner/run_stats.hpp"

namespace arena {

struct StopStatus {
  std::string stopped_by;  // "sprt", "ci_width", or "" while no rule is met
  bool has_sprt = false;
  double llr = 0;
  std::string verdict;  // "H1" (elo1 accepted), "H0", or "" while undecided
  double ci_width = 1;
};

StopStatus evaluate_stop(const StopRules& rules, const RunStats& stats);

}  // namespace arena
