// summary.json: the JSON form of the run's results (RunSummary).
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
// whatever the thread count. Every value is a figure of the RunSummary, written as it is.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/stats/run_summary.hpp"

namespace arena {

nlohmann::ordered_json summary_json(const RunSummary& summary);

// A finite number as JSON, null otherwise (an infinite Elo has no JSON number).
nlohmann::ordered_json finite_or_null(double x);

// An Elo estimate as summary.json's matches and `arena stats --json` write it:
// score, elo, elo_error, nelo, nelo_error, los (an unbounded value null).
void add_elo_estimate(nlohmann::ordered_json& out, const EloEstimate& e);

// The fields that depend on timing or thread count, for comparisons.
const std::vector<std::string>& timing_fields();

}  // namespace arena
