// The page of one replayed game (`arena replay --html FILE`): one
// self-contained file that steps through the game (buttons, a slider, arrow
// keys, Home and End), with no network and nothing fetched.
//
// Contract: render_replay_page depends only on the replay JSON that
// `arena replay --json` prints (docs/results.md); the markup and script live
// in replay_template.html.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arena {

std::string render_replay_page(const nlohmann::ordered_json& replay);

}  // namespace arena
