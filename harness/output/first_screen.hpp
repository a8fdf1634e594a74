// What `arena run` and `arena merge` print when the games are played: the
// first screen, for someone who has never heard of Elo.
//
// Contract: lines of at most `width` columns (the terminal's, or 80; the
// results paths aside), for variant names of up to 20 characters: a table
// of the variants (games, win rate with its 95% interval, the main metric,
// time per decision, rating; the columns that do not fit are left out,
// median first, and a line says which), one plain sentence per comparison
// ("density beats seed-ai: 59.0% in 20000 games, +63 ± 5 Elo, certain"),
// the early stop in words, the published figures' verdicts, a
// one-line legend pointing to docs/statistics.md, and last the results
// folder and the report's path. An interrupted run's screen begins with a
// line "PARTIAL: interrupted after N of M games" and says PARTIAL in every
// table's title. The full tables (pairs, crosstable, groups, both ratings)
// are `detail_text`, printed before it with --detail.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "harness/stats/run_summary.hpp"

namespace arena {

struct ScreenFacts {
  std::filesystem::path results;       // the results folder (staging when partial)
  std::optional<uint64_t> partial_of;  // the games planned, when the run stopped short
  int processes = 1;                   // MPI processes
  size_t width = 80;                   // the terminal's columns
};

std::string first_screen(const RunSummary& summary, const ScreenFacts& facts);

// The full tables, as before the first screen existed.
std::string detail_text(const RunSummary& summary, const ScreenFacts& facts);

}  // namespace arena
