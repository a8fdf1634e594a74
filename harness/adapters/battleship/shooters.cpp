#include "harness/adapters/battleship/shooters.hpp"

#include <fmt/format.h>

namespace arena::battleship_adapter {
namespace {

NameToInt fleet_param(const std::vector<bs::ShipSpec>& fleet) {
  NameToInt entries;
  for (const auto& ship : fleet)
    entries.emplace_back(ship.name, ship.length);
  return entries;
}

}  // namespace

std::vector<ParamSpec> rule_params() {
  const bs::Rules defaults;
  return {
      ParamSpec::integer("size", defaults.size, bs::kMinSize, bs::kMaxSize,
                         "side of the square board"),
      ParamSpec::name_to_int("fleet", fleet_param(defaults.fleet), 1, bs::kMaxSize,
                             "ships by name and length, in placement order"),
      ParamSpec::choice("touching", "allowed", {"allowed", "forbidden"},
                        "forbidden: no two ships share an edge or a corner (the seed's rule)"),
      ParamSpec::choice("placement", "uniform", {"uniform", "edges", "spread", "seed-sequential"},
                        "how defenders place fleets: uniform over legal layouts, preferring the "
                        "border, keeping ships apart, or the seed's ship-by-ship retry"),
      ParamSpec::integer("series_length", 1, 1, 1'000'000,
                         "consecutive games against the same defender, played in order; a "
                         "learned prior starts afresh with each series"),
  };
}

bs::Rules rules_from(const RunConfig& config) {
  bs::Rules rules;
  rules.size = static_cast<int>(config.rules.integer("size"));
  rules.touching = config.rules.choice("touching") == "forbidden" ? bs::Touching::kForbidden
                                                                  : bs::Touching::kAllowed;
  rules.fleet.clear();
  for (const auto& [name, length] : config.rules.name_to_int("fleet")) {
    if (length > rules.size) {
      throw config.error_at("rules.fleet." + name,
                            fmt::format("a ship of length {} does not fit a {}x{} board", length,
                                        rules.size, rules.size));
    }
    rules.fleet.push_back({name, static_cast<int>(length)});
  }
  if (rules.fleet.size() > static_cast<size_t>(bs::kMaxShips)) {
    throw config.error_at("rules.fleet", fmt::format("at most {} ships", bs::kMaxShips));
  }
  if (rules.fleet_cells() > rules.cells()) {
    throw config.error_at("rules.fleet", fmt::format("the fleet covers {} cells, the board has {}",
                                                     rules.fleet_cells(), rules.cells()));
  }
  return rules;
}

bs::Defender defender_from(const RunConfig& config) {
  const std::string& name = config.rules.choice("placement");
  if (name == "edges") return bs::Defender::kEdges;
  if (name == "spread") return bs::Defender::kSpread;
  if (name == "seed-sequential") return bs::Defender::kSeedSequential;
  return bs::Defender::kUniform;
}

void check_playable(const RunConfig& config, const Tables& tables, uint64_t games_multiple) {
  if (!bs::layout_exists(tables.placements)) {
    throw config.error_at("rules.fleet", "no legal layout of this fleet exists on this board");
  }
  if (config.games % games_multiple != 0) {
    throw config.error_at("games", fmt::format("{} games do not split into series of {} games",
                                               config.games, games_multiple));
  }
}

}  // namespace arena::battleship_adapter
