// report.html of `arena tune`: one self-contained page (inline SVG and CSS,
// no scripts, nothing fetched) drawn from tune.json alone: the run, the
// parameters (start, tuned, range), one chart per parameter over the
// iterations (and the scores per generation of a genetic search), and the
// verification's matches with Elo and its 95% error.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arena {

// Parameters in the order of tune.json (the config's order).
std::string render_tune_report(const nlohmann::ordered_json& tune_results);

}  // namespace arena
