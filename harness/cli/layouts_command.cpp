// `arena layouts CONFIG.yaml|ENGINE [--heat] [--json]`: the exact number of
// legal layouts of a config's rules (or of the engine's defaults), by the
// engine's EngineSpec::layouts, with the time it took; --heat adds each
// cell's share of the layouts.
#include <chrono>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/cli/exit_code.hpp"
#include "harness/config/config.hpp"

namespace arena {
namespace {

// "30093975536" -> "30,093,975,536".
std::string with_separators(const std::string& digits) {
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string offered(const Registry& registry) {
  return fmt::format(
      "{}", fmt::join(registry.names_where([](auto& e) { return bool(e.layouts); }), ", "));
}

// The engine's defaults, as a config that sets nothing.
RunConfig defaults_config(const EngineSpec& engine) {
  RunConfig config;
  config.file = engine.name + " (its default rules)";
  config.name = engine.name;
  config.engine = engine.name;
  config.rules = defaults_of(engine.rules);
  return config;
}

// The grid of shares in percent: columns A, B, ... and rows 1, 2, ... as the boards are drawn.
void print_heat(const LayoutReport& report) {
  const int n = report.size;
  fmt::print("\nshare of the layouts with a ship on each cell, in percent:\n   ");
  for (int c = 0; c < n; ++c)
    fmt::print(" {:>5}", static_cast<char>('A' + c));
  fmt::print("\n");
  for (int r = 0; r < n; ++r) {
    fmt::print("{:>3}", r + 1);
    for (int c = 0; c < n; ++c)
      fmt::print(" {:>5.2f}", 100 * report.heat[r * n + c]);
    fmt::print("\n");
  }
}

int layouts(const LayoutsOptions& options, const Registry& registry) {
  const EngineSpec* named = registry.find(options.source);
  const RunConfig config = named ? defaults_config(*named) : load_config(options.source, registry);
  const EngineSpec* engine = named ? named : registry.find(config.engine);
  if (!engine->layouts) {
    throw InputError(
        fmt::format("{}: engine '{}' has no fleet layouts to count; engines that do: {}",
                    config.file, engine->name, offered(registry)));
  }
  const auto start = std::chrono::steady_clock::now();
  const LayoutReport report = engine->layouts(config, options.heat);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  if (options.json) {
    nlohmann::ordered_json out;
    out["engine"] = engine->name;
    out["rules"] = report.rules_json;
    out["layouts"] = report.count;
    out["seconds"] = took.count();
    if (options.heat) {
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (int r = 0; r < report.size && !report.heat.empty(); ++r) {
        rows.push_back(std::vector<double>(report.heat.begin() + r * report.size,
                                           report.heat.begin() + (r + 1) * report.size));
      }
      out["heat"] = rows;
    }
    fmt::print("{}\n", out.dump(2));
    return 0;
  }
  fmt::print("{} layouts: {}\n", engine->name, with_separators(report.count));
  fmt::print("rules: {}\n", report.rules);
  fmt::print("counted exactly in {:.3f} s{}\n", took.count(),
             options.heat ? ", with the share of each cell" : "");
  if (!report.heat.empty()) print_heat(report);
  return 0;
}

}  // namespace

int layouts_command(const LayoutsOptions& options, const Registry& registry) {
  return exit_code_of("layouts", "arena: layouts: ", [&] { return layouts(options, registry); });
}

}  // namespace arena
