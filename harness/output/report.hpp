// The HTML report of a run: one self-contained file (inline SVG and CSS, no
// scripts, nothing fetched) drawn from the run's summary.json.
//
// Contract: render_report depends only on the summary data, so
// `arena report DIR` regenerates exactly the report `arena run` wrote. The
// markup lives in report_template.html; this code builds the data it shows.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena {

// `results_dir` is where the run's results are, for the commands that replay
// its notable games.
std::string render_report(const nlohmann::json& summary, const std::string& results_dir = "DIR");

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
