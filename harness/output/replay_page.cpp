#include "harness/output/replay_page.hpp"

#include <fmt/format.h>

#include "harness/output/template.hpp"

namespace arena {

extern const char* const kReplayTemplate;

namespace {

// JSON that may sit inside <script>: "</" (which would end the element) and
// "<!--" become escapes JSON readers take for the same text.
std::string script_safe(std::string json) {
  for (size_t at = 0; (at = json.find('<', at)) != std::string::npos; at += 6)
    json.replace(at, 1, "\\u003c");
  return json;
}

}  // namespace

std::string render_replay_page(const nlohmann::ordered_json& replay) {
  // A replay of a run's game has none of its own title; a puzzle's solution
  // (arena solve --solitaire) names itself.
  const std::string title = replay.contains("title")
                                ? replay.value("title", std::string())
                                : fmt::format("Game {} of {}", replay.value("game", uint64_t{0}),
                                              replay.value("run", std::string()));
  const nlohmann::json data = {
      {"title", title},
      {"subtitle", fmt::format("{}, mode {}: {}", replay.value("engine", std::string()),
                               replay.value("mode", std::string()),
                               replay.value("source_text", std::string()))},
      {"data", script_safe(replay.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))}};
  return render_template(kReplayTemplate, data);
}

}  // namespace arena
