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

// Reads DIR/summary.json and writes DIR/report.html (through a temporary file
// renamed into place). Throws std::runtime_error naming the file at fault.
void write_report(const std::filesystem::path& dir);

}  // namespace arena
