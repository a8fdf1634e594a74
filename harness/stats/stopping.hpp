// Early stopping: whether the stop rules of a run are met by its results so
// far. Rules look at the first match (player 0 against player 1): the SPRT on
// its pentanomial counts when games are paired, else on its W/L/D; ci_width on
// the width of its score's Wilson 95% interval.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

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

// The SPRT's log-likelihood ratio after `games` games.
struct LlrPoint {
  uint64_t games = 0;
  double llr = 0;
  bool operator==(const LlrPoint&) const = default;
};

// The LLR at each stop check of a run, in game order, thinned to at most
// kMaxPoints points for the report's chart: check i is kept while i is a
// multiple of a stride that doubles each time the points overflow, and the
// latest check is always kept. What is kept depends only on the checks, so
// it is the same at any thread count and across a resume (the checkpoint
// holds the history: to_json, from_json).
class LlrHistory {
 public:
  static constexpr size_t kMaxPoints = 400;

  // The next check: `games` played, LLR `llr` (games ascending).
  void add(uint64_t games, double llr);
  // The checks kept, in order, the latest last.
  std::vector<LlrPoint> points() const;

  nlohmann::json to_json() const;
  static LlrHistory from_json(const nlohmann::json& j);

 private:
  std::vector<LlrPoint> kept_;  // checks 0, stride, 2 stride, ...
  LlrPoint latest_;
  uint64_t checks_ = 0;
  uint64_t stride_ = 1;
};

}  // namespace arena
