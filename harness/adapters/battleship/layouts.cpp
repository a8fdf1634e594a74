// Battleship's EngineSpec::layouts: the exact number of legal fleet layouts of
// a config's rules (engines/battleship/layout_count.hpp), for `arena layouts`.
#include <fmt/format.h>

#include "engines/battleship/layout_count.hpp"
#include "harness/adapters/battleship/shooters.hpp"

namespace arena::battleship_adapter {

LayoutReport layout_report(const RunConfig& config, bool heat) {
  const bs::Rules rules = rules_from(config);
  bs::LayoutCensus census;
  try {
    census = bs::layout_census(rules, heat);
  } catch (const bs::CountOverflow& e) {
    throw config.error_at("rules.fleet", fmt::format("cannot count: {}", e.what()));
  } catch (const bs::CountTooCostly& e) {
    throw config.error_at("rules.size", fmt::format("cannot count: {}", e.what()));
  }
  const bool apart = rules.touching == bs::Touching::kForbidden;
  std::vector<std::string> ships;
  nlohmann::ordered_json fleet = nlohmann::ordered_json::object();
  for (const bs::ShipSpec& ship : rules.fleet) {
    ships.push_back(fmt::format("{} {}", ship.name, ship.length));
    fleet[ship.name] = ship.length;
  }
  LayoutReport report;
  report.count = bs::decimal(census.layouts);
  report.rules =
      fmt::format("{0}x{0} board; fleet {1} ({2} ships, {3} cells); touching {4}", rules.size,
                  ships.empty() ? "empty" : fmt::format("{}", fmt::join(ships, ", ")),
                  rules.fleet.size(), rules.fleet_cells(), apart ? "forbidden" : "allowed");
  report.rules_json = {
      {"size", rules.size}, {"fleet", fleet}, {"touching", apart ? "forbidden" : "allowed"}};
  report.size = rules.size;
  report.heat = std::move(census.heat);
  return report;
}

}  // namespace arena::battleship_adapter
