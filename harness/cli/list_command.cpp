#include <fmt/format.h>

#include "harness/cli/commands.hpp"

namespace arena {
namespace {

void append_params(std::string& out, const std::vector<ParamSpec>& params, const char* indent) {
  for (const auto& p : params) {
    out += fmt::format("{}{} = {}  ({}) {}\n", indent, p.name, format_value(p.default_value),
                       describe_type(p), p.help);
  }
}

}  // namespace

std::string list_text(const Registry& registry) {
  std::string out;
  for (const EngineSpec& engine : registry.engines()) {
    out += fmt::format("engine {}: {}\n", engine.name, engine.help);
    out += "  modes:\n";
    for (const auto& mode : engine.modes) {
      out += fmt::format("    {}  ({}-{} players) {}\n", mode.name, mode.min_players,
                         mode.max_players, mode.help);
    }
    out += "  rules:\n";
    append_params(out, engine.rules, "    ");
    out += "  strategies:\n";
    for (const auto& strategy : engine.strategies) {
      out += fmt::format("    {}: {}\n", strategy.name, strategy.help);
      append_params(out, strategy.params, "      ");
    }
  }
  return out;
}

}  // namespace arena
