// `arena list [ENGINE]`: engines, modes, rules, strategies and parameters.
#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/config/config_error.hpp"

namespace arena {
namespace {

void append_params(std::string& out, const std::vector<ParamSpec>& params, const char* indent) {
  for (const auto& p : params) {
    out += fmt::format("{}{} = {}  ({}) {}\n", indent, p.name, format_value(p.default_value),
                       describe_type(p), p.help);
  }
}

}  // namespace

std::string list_text(const EngineSpec& engine) {
  std::string out = fmt::format("engine {}: {}\n", engine.name, engine.help);
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
  return out;
}

int list_command(const Registry& registry, const std::optional<std::string>& engine) {
  if (!engine) {
    for (const EngineSpec& spec : registry.engines())
      fmt::print("{}", list_text(spec));
    return 0;
  }
  const EngineSpec* spec = registry.find(*engine);
  if (!spec) {
    fmt::print(stderr, "arena: list: unknown engine '{}'; engines: {}{}\n", *engine,
               fmt::join(registry.names(), ", "), did_you_mean(*engine, registry.names()));
    return 2;
  }
  fmt::print("{}", list_text(*spec));
  return 0;
}

}  // namespace arena
