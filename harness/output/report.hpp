// The HTML report of a run: one self-contained file (inline SVG and CSS, no
// scripts, nothing fetched) drawn from the run's summary.json.
//
// Contract: render_report depends only on the summary data, so
// `arena report DIR` regenerates exactly the report `arena run` wrote. The
// markup lives in report_template.html; this code builds the data it shows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena {

// What the report of a run not complete (yet) says above everything else:
// "partial: N of M games, updated HH:MM:SS". With `refresh_seconds` the run
// goes on (the live report, written while it plays): the page reloads itself
// that often and names where the complete report will be; without, the run
// stopped (interrupted) and `resume` says how to continue it.
struct PartialRun {
  uint64_t games = 0;
  uint64_t planned = 0;
  std::string updated;  // local time the page was written, HH:MM:SS
  int refresh_seconds = 0;
  std::string final_report;  // where the complete run's report will be
  std::string resume;        // the command that continues an interrupted run
};

// `results_dir` is where the run's results are, for the commands that replay
// its notable games. A complete run's report has no `partial` (no banner, no
// reload); everything else it shows comes from `summary` alone.
std::string render_report(const nlohmann::json& summary, const std::string& results_dir = "DIR",
                          const PartialRun* partial = nullptr);

// The report's stylesheet (its <style> element) and its charts drawn as the
// report draws them (`charts`: SvgChart::view() objects), for other pages of
// the same look (arena tune's report.html).
std::string report_style();
std::string render_charts(const nlohmann::json& charts);
// The rows of the report's matches table for the `matches` of a summary
// (a, b, record, score, elo, nelo, los, pentanomial), as text.
nlohmann::json report_match_rows(const nlohmann::json& summary);

// The latency chart's curve for one variant's `decision_latency_ns`: each
// histogram bucket as [lowest ns, share of the decisions timed]. The
// histogram holds the timed decisions only (all of them, or a sample when
// decisions are cheap), so the shares sum to 1.
std::vector<std::pair<double, double>> latency_shares(const nlohmann::json& latency);

// Reads DIR/summary.json and writes DIR/report.html (through a temporary file
// renamed into place). Throws std::runtime_error naming the file at fault.
void write_report(const std::filesystem::path& dir);

}  // namespace arena
