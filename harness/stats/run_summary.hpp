// The run's results as one typed model: every figure a reader sees is
// computed here, once, by `summarize`.
//
// Contract: summarize() is the only place a formula of the results lives
// (win rate and its Wilson interval, win share, mean rank, metric and
// latency statistics, Elo of a pair from its pairs or its games, the
// crosstable, both ratings, the stop state, the published figures'
// verdicts). Its writers only format what it holds: summary.json is its JSON
// form (harness/stats/summary.hpp), the terminal's first screen and detail
// tables (harness/output/first_screen.hpp, table.hpp) read it, and the report
// reads its JSON form, so that `arena report DIR` redraws from summary.json.
// docs/development.md "Where each figure is computed" lists them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/core/latency_histogram.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/expectations.hpp"
#include "harness/stats/ratings.hpp"
#include "harness/stats/stopping.hpp"

namespace arena {

// How the run went beyond its games: for summary.json and the screen.
struct RunInfo {
  uint64_t seed = 0;
  uint64_t planned_games = 0;
  int threads = 1;
  double wall_seconds = 0;
  uint64_t timer_overhead_ns = 0;
  // The SPRT's LLR at the stop checks so far (LlrHistory::points), when the run has one.
  std::vector<LlrPoint> llr_history;
};

// A share with its Wilson 95% interval.
struct Share {
  double value = 0;
  double low = 0;
  double high = 1;
};

// Wins, losses and draws, and the score they give (a draw half a win) with
// its interval; no score without contests.
struct RecordFigures {
  Record record;
  std::optional<Share> score;
};
RecordFigures record_figures(const Record& r);

// One metric's distribution over a variant's finished games.
struct MetricFigures {
  IntHistogram histogram;
  double mean = 0;
  int64_t median = 0;
  int64_t p90 = 0;
  int64_t min = 0;
  int64_t max = 0;
};

// Decision latency: count is every decision, timed those timed (all, or a
// sample of cheap ones), which the mean, quantiles, max and histogram describe.
struct LatencyFigures {
  LatencyHistogram histogram;
  uint64_t count = 0;
  uint64_t timed = 0;
  double mean = 0;
  uint64_t p50 = 0;
  uint64_t p90 = 0;
  uint64_t p99 = 0;
  uint64_t max = 0;
};

// A variant's figures over all its games or over one group's.
struct VariantFigures {
  uint64_t games = 0;
  RecordFigures record;
  double mean_rank = 0;
  double win_share = 0;                          // a k-way tie for first counts 1/k
  std::vector<uint64_t> rank_counts;             // games at rank 1, 2, ...
  bool multi_seat = false;                       // it finished third or worse in some game
  std::vector<MetricFigures> metrics;            // one per MetricSpec
  std::array<uint64_t, kFaultKinds> forfeits{};  // by Fault
  uint64_t forfeit_total = 0;
  uint64_t cut_off = 0;  // games stopped at the engine's bound
};

struct VariantSummary {
  const PlayerConfig* player = nullptr;  // name, strategy, params
  VariantFigures all;
  std::vector<VariantFigures> groups;  // one per group, when the match has two or more
  NotableGames notable;
  LatencyFigures latency;
  std::vector<LatencyFigures> latency_by_phase;  // one per phase, when the engine has phases
};

// Elo of variant a against variant b: from their pairs when games were
// paired (pentanomial), else from their games (W/L/D).
struct PairEstimate {
  EloEstimate elo;
  bool paired = false;
};

// Variant a against variant b over the games both played, the figures for a.
struct MatchSummary {
  int a = 0;
  int b = 0;
  RecordFigures record;  // its score is the crosstable's cell
  double score_elo = 0;  // the Elo of that score (+-infinity at 0 or 1), for the crosstable
  PairEstimate estimate;
  Pentanomial pentanomial{};
  double draw_ratio = 0;
};

// Ratings of the variants, best first (unrated variants last).
struct RatingTable {
  std::vector<RankedRating> ranked;
  // What is rated 0: the config's anchor, but the mean when that is the first
  // variant and it is unrated (ratings.hpp, anchor_used).
  Anchor anchor = Anchor::kFirst;
  bool empty() const { return ranked.empty(); }
  // The rating of variant v, or null when it is unrated.
  const Rating* of(int v) const;
};

struct RunSummary {
  const RunConfig* config = nullptr;  // borrowed: outlives the summary
  RunInfo info;
  std::vector<MetricSpec> metrics;
  std::vector<std::string> groups;  // empty unless the match has two or more
  std::string group_kind;           // what the groups are ("seat", "board size")
  std::vector<std::string> phases;
  uint64_t games = 0;
  double games_per_second = 0;  // 0 when no time was measured
  uint64_t signature = 0;
  std::string nondeterminism;  // why results may not follow from the seed ("" when they do)
  bool complete = false;       // every planned game played, or a stop rule met
  bool contests = false;       // some variant played a contest (win rates mean something)
  std::vector<VariantSummary> variants;
  std::vector<std::vector<MatchSummary>> pairs;  // [a][b] for a != b, met or not
  RatingTable bradley_terry;                     // three or more variants
  RatingTable plackett_luce;                     // some game of three or more seats
  StopStatus stop;
  // With an SPRT: its LLR at the stop checks (info.llr_history), ending with
  // stop.llr at `games`; for the report's chart of the LLR against its bounds.
  std::vector<LlrPoint> llr_history;
  std::vector<ExpectationResult> expectations;  // point into config->expect

  const std::string& name_of(int v) const { return variants[v].player->name; }
  const MatchSummary& match(int a, int b) const { return pairs[a][b]; }  // a != b
};

RunSummary summarize(const RunConfig& config, const RunInfo& info, const Match& match,
                     const RunStats& stats);

// Why the run's results may not follow from its seed (empty when they do):
// the match's reasons, and a decision budget (the clock decides forfeits).
std::string nondeterminism(const RunConfig& config, const Match& match, const RunStats& stats);

// Whether the run played every game it planned, or a stop rule ended it.
bool run_complete(const RunConfig& config, const RunInfo& info, const RunStats& stats);

}  // namespace arena
