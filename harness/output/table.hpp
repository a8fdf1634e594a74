// The short human table printed on stdout at the end of a run.
#pragma once

#include <optional>
#include <string>

#include "harness/stats/run_summary.hpp"

namespace arena {

// One row per variant: games, win rate with its 95% interval (when variants
// contest each other), the engine's main metric (mean, median, p90) and
// decision latency p50 / p99; when a strategy forfeited, a forfeits column
// and forfeits_text below the table.
std::string results_table(const RunSummary& summary);

// One line per variant that forfeited games: how many, by reason ("" if none).
std::string forfeits_text(const RunSummary& summary);

// One line per pair of variants that met: the first's wins, losses and
// draws, its score with a 95% interval, Elo with its error and LOS (from the
// pentanomial counts when games were paired, which are printed too).
std::string matches_text(const RunSummary& summary);
// Every variant's score against every other one, for three or more variants
// ("" otherwise): rows score against columns, in percent.
std::string crosstable_text(const RunSummary& summary);

// The mean of every metric beyond the first, per variant (empty with one metric).
std::string metric_means_text(const RunSummary& summary);
// When the match has groups: one line per group and variant with its win
// rate and main metric. Empty otherwise.
std::string groups_text(const RunSummary& summary);

// "44.0% [38.5, 49.7]": a record's score (a draw half a win) and its Wilson 95% interval; "-"
// without contests.
std::string win_rate_cell(const std::optional<Share>& score);

// "850 ns", "12.3 us", "4.56 ms", "1.23 s".
std::string format_nanoseconds(double ns);

}  // namespace arena
