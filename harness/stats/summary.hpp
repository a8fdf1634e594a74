// summary.json: the run's results as data.
//
// Contract (DESIGN.md "results"): name, engine, mode, seed, threads, games,
// wall_seconds, games_per_second, timer_overhead_ns, version, variants (per
// variant: name, strategy, params, games, wins, losses, draws, win_rate,
// win_rate_ci95, mean_rank, decision_latency_ns, metrics, and per group
// when the match has groups) and matches
// (pairwise records), ratings (Bradley-Terry, three or more variants),
// ratings_plackett_luce (games of three or more seats), and expectations (each published figure
// with the measured value and whether it was reproduced). Timing fields: threads, wall_seconds,
// games_per_second, timer_overhead_ns and every decision_latency_ns; all other fields are identical
// whatever the thread count.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/bradley_terry.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/expectations.hpp"

namespace arena {

struct RunInfo {
  uint64_t seed = 0;
  uint64_t planned_games = 0;
  int threads = 1;
  double wall_seconds = 0;
  uint64_t timer_overhead_ns = 0;
};

// Why the run's results may not follow from its seed (empty when they do):
// the match's reasons, and a decision budget (the clock decides forfeits).
std::string nondeterminism(const RunConfig& config, const Match& match, const RunStats& stats);

// Variant a's score against variant b over the games both played (wins plus
// half the draws, over those games); score 0 without games, and on a == b.
struct CrossCell {
  uint64_t games = 0;
  double score = 0;
};
CrossCell cross_cell(const RunStats& stats, int a, int b);

// Elo of variant a against variant b: from their pairs when games were
// paired (pentanomial), else from their games (W/L/D).
struct PairEstimate {
  EloEstimate elo;
  bool paired = false;
};
PairEstimate pair_estimate(const RunStats& stats, int a, int b);

// Whether the run played every game it planned, or a stop rule ended it.
bool run_complete(const RunConfig& config, const RunInfo& info, const RunStats& stats);

nlohmann::ordered_json summary_json(const RunConfig& config, const RunInfo& info,
                                    const Match& match, const RunStats& stats,
                                    const std::vector<ExpectationResult>& expectations);

// Bradley-Terry ratings of the run's variants from their pairwise records,
// best first (unrated variants last).
std::vector<RankedRating> tournament_ratings(const RunConfig& config, const RunStats& stats);

// Plackett-Luce ratings of the run's variants from whole finishing orders,
// best first; empty unless some game had three or more seats.
std::vector<RankedRating> finishing_order_ratings(const RunConfig& config, const RunStats& stats);

// The fields that depend on timing or thread count, for comparisons.
const std::vector<std::string>& timing_fields();

}  // namespace arena
