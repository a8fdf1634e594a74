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

bs::TieBreak tie_break_from(const ParamSet& params) {
  return params.choice("tie_break") == "first" ? bs::TieBreak::kFirst : bs::TieBreak::kRandom;
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

std::vector<StrategySpec> strategy_specs() {
  const auto tie_break = [](const char* def) {
    return ParamSpec::choice("tie_break", def, {"random", "first"},
                             "equal scores: uniformly at random, or the first in scan order");
  };
  return {
      {"random", "fires at a uniformly random cell not yet fired at", {}},
      {"hunt-target",
       "hunts at random; after a hit fires at the hit's neighbours (a stack) until none is left",
       {ParamSpec::flag("parity", false, "hunt only on one colour of the checkerboard"),
        ParamSpec::choice("parity_step", "two", {"two", "smallest-afloat"},
                          "lattice spacing: 2, or the length of the smallest ship afloat")}},
      {"density",
       "fires at the cell covered by the most possible placements of the ships afloat",
       {ParamSpec::real("checkerboard_weight", 1.0, 0.0, 100.0,
                        "hunt-mode factor on cells with (row+col) even; the seed uses 1.5"),
        tie_break("random"),
        ParamSpec::choice("prior", "uniform", {"uniform", "learned"},
                          "learned: weight placements by how often their cells held ships in "
                          "the fleets seen earlier in the series"),
        ParamSpec::real("prior_strength", 50, 0, 1e6,
                        "learned prior: pseudo-fleets of mean occupancy it starts from")}},
      {"seed-density",
       "the seed's AI as published: targets placements covering all pending hits, forgets "
       "every pending hit on any sink, ignores the no-touch rule, ties to the first cell",
       {ParamSpec::real(
           "checkerboard_weight", 1.5, 0.0, 100.0,
           "selectTargetOptimized's factor on (row+col) even cells; 1 = selectTarget")}},
      {"monte-carlo",
       "samples whole layouts consistent with every observation; fires at the most occupied cell",
       {ParamSpec::integer("samples", 200, 1, 1'000'000, "layouts kept per decision"),
        tie_break("random")}},
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

ShooterParams shooter_from(const PlayerConfig& player) {
  const ParamSet& p = player.params;
  if (player.strategy == "random") return RandomParams{};
  if (player.strategy == "hunt-target") {
    return bs::HuntTargetParams{p.flag("parity"), p.choice("parity_step") == "two"
                                                      ? bs::ParityStep::kTwo
                                                      : bs::ParityStep::kSmallestAfloat};
  }
  if (player.strategy == "density") {
    return bs::DensityParams{
        p.real("checkerboard_weight"), tie_break_from(p), false,
        p.choice("prior") == "learned" ? bs::Prior::kLearned : bs::Prior::kUniform,
        p.real("prior_strength")};
  }
  if (player.strategy == "seed-density") {
    return bs::seed_density_params(p.real("checkerboard_weight"));
  }
  if (player.strategy == "monte-carlo") {
    return bs::MonteCarloParams{static_cast<int>(p.integer("samples")), tie_break_from(p)};
  }
  throw std::logic_error("battleship: unhandled strategy " + player.strategy);
}

AnyShooter make_shooter(const ShooterParams& params, const Tables& tables,
                        const bs::LearnedPrior* prior) {
  return std::visit(
      [&](const auto& p) -> AnyShooter {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, RandomParams>) {
          return bs::RandomShooter(tables.rules());
        } else if constexpr (std::is_same_v<P, bs::HuntTargetParams>) {
          return bs::HuntTargetShooter(tables.rules(), p);
        } else if constexpr (std::is_same_v<P, bs::DensityParams>) {
          return bs::DensityShooter(tables.density, p, prior);
        } else {
          return bs::MonteCarloShooter(tables.density, p);
        }
      },
      params);
}

}  // namespace arena::battleship_adapter
