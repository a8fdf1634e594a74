// Pieces `arena run` shares with `arena merge` (harness/cli/run_command.cpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/output/report.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/run_summary.hpp"

namespace arena {

// Games the run plays: the match's, capped by stop.max_games; checks that the
// stop rules fit the match's series. Throws ConfigError.
uint64_t planned_games(const RunConfig& config, const Match& match);

// A master seed for a config that gives none (recorded in the results).
uint64_t fresh_seed();

// The config as a resumed run or a shard must find it again: resolved, with
// the seed, whatever --threads is.
std::string config_identity(RunConfig config, uint64_t seed);

class StagedResults;

// What a finished (or stopped) run publishes, written the same way by `arena
// run` and `arena merge`: summary.json and report.html into `staged` (the
// report naming `report_dir`, where its replay commands find the results),
// both from the one summary; `partial` for an interrupted run's report.
void write_summary_and_report(const RunSummary& summary, const StagedResults& staged,
                              const std::filesystem::path& report_dir,
                              const PartialRun* partial = nullptr);

// How a run's results are printed: where they are, whether the run stopped
// short (the games it planned), and whether the full tables come first.
struct PrintedRun {
  std::filesystem::path where;
  std::optional<uint64_t> partial_of;
  bool detail = false;
};

// The first screen on stdout (harness/output/first_screen.hpp).
void print_results(const RunSummary& summary, const PrintedRun& run);

// Whether every published figure the config states was reproduced.
bool all_reproduced(const RunSummary& summary);

}  // namespace arena
