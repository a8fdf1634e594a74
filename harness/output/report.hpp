// The HTML report of a run: one self-contained file (inline SVG and CSS, no
// scripts, nothing fetched) drawn from the run's summary.json.
//
// Contract: render_report depends only on the summary data, so
// `arena report DIR` regenerates exactly the report `arena run` wrote. The
// markup lives in report_template.html; this code builds the data it shows.
#pragma once

#include <filesystem>
#include <string>

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

// Reads DIR/summary.json and writes DIR/report.html (through a temporary file
// renamed into place). Throws std::runtime_error naming the file at fault.
void write_report(const std::filesystem::path& dir);

}  // namespace arena
