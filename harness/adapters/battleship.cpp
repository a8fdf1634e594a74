// Binds engines/battleship to the harness: parameters with their defaults
// (taken from battleship::Rules), strategies, and the solo match.
#include <fmt/format.h>

#include <variant>

#include "engines/battleship/density.hpp"
#include "engines/battleship/hunt_target.hpp"
#include "engines/battleship/layout.hpp"
#include "engines/battleship/monte_carlo.hpp"
#include "engines/battleship/random_shooter.hpp"
#include "engines/battleship/solo.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"

namespace arena {
namespace {

namespace bs = battleship;

NameToInt fleet_param(const std::vector<bs::ShipSpec>& fleet) {
  NameToInt entries;
  for (const auto& ship : fleet)
    entries.emplace_back(ship.name, ship.length);
  return entries;
}

std::vector<ParamSpec> rule_params() {
  const bs::Rules defaults;
  return {
      ParamSpec::integer("size", defaults.size, bs::kMinSize, bs::kMaxSize,
                         "side of the square board"),
      ParamSpec::name_to_int("fleet", fleet_param(defaults.fleet), 1, bs::kMaxSize,
                             "ships by name and length, in placement order"),
      ParamSpec::choice("touching", "allowed", {"allowed", "forbidden"},
                        "forbidden: no two ships share an edge or a corner (the seed's rule)"),
  };
}

// Reads the rules from a validated config and checks what single parameters cannot.
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

std::vector<StrategySpec> strategy_specs() {
  const auto tie_break = [](const char* def) {
    return ParamSpec::choice("tie_break", def, {"random", "first"},
                             "equal densities: uniformly at random, or the first in scan order");
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
        tie_break("random")}},
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

struct RandomParams {};
using ShooterParams =
    std::variant<RandomParams, bs::HuntTargetParams, bs::DensityParams, bs::MonteCarloParams>;

bs::TieBreak tie_break_from(const ParamSet& params) {
  return params.choice("tie_break") == "first" ? bs::TieBreak::kFirst : bs::TieBreak::kRandom;
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
    return bs::DensityParams{p.real("checkerboard_weight"), tie_break_from(p), false};
  }
  if (player.strategy == "seed-density") {
    return bs::seed_density_params(p.real("checkerboard_weight"));
  }
  if (player.strategy == "monte-carlo") {
    return bs::MonteCarloParams{static_cast<int>(p.integer("samples")), tie_break_from(p)};
  }
  throw std::logic_error("battleship: unhandled strategy " + player.strategy);
}

// Solo: each game draws one fleet; every variant fires at that same fleet (common
// random numbers, so differences between variants are not layout luck) and is
// ranked by shots, fewest first.
class SoloMatch final : public Match {
 public:
  SoloMatch(const RunConfig& config, uint64_t seed)
      : table_(rules_from(config)), density_tables_(table_), seed_(seed) {
    if (!bs::layout_exists(table_)) {
      throw config.error_at("rules.fleet", "no legal layout of this fleet exists on this board");
    }
    for (const auto& player : config.players)
      shooters_.push_back(shooter_from(player));
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }

  void play(uint64_t game, GameSink& sink) const override {
    Rng environment(derive_seed(seed_, 0, game, Purpose::kEnvironment));
    const bs::Ocean ocean(table_.rules(), bs::sample_uniform_layout(table_, environment));
    std::array<int, kMaxPlayers> shots{};
    const int variants = static_cast<int>(shooters_.size());
    for (int v = 0; v < variants; ++v) {
      Rng rng(derive_seed(seed_, 0, game, player_purpose(static_cast<uint64_t>(v))));
      shots[v] = fire(shooters_[v], ocean, rng, sink.timer(), v);
    }
    for (int v = 0; v < variants; ++v) {
      int rank = 1;
      for (int u = 0; u < variants; ++u)
        rank += shots[u] < shots[v] ? 1 : 0;
      sink.add(SeatResult{v, rank, {shots[v]}});
    }
  }

 private:
  // One game of one variant: builds its shooter and plays (one visit per game).
  int fire(const ShooterParams& params, const bs::Ocean& ocean, Rng& rng, LatencyRecorder& timer,
           int who) const {
    const auto play = [&](auto&& shooter) {
      return bs::play_solo(table_.rules(), ocean, shooter, rng, timer, who).shots;
    };
    return std::visit(
        [&](const auto& p) {
          using P = std::decay_t<decltype(p)>;
          if constexpr (std::is_same_v<P, RandomParams>) {
            return play(bs::RandomShooter(table_.rules()));
          } else if constexpr (std::is_same_v<P, bs::HuntTargetParams>) {
            return play(bs::HuntTargetShooter(table_.rules(), p));
          } else if constexpr (std::is_same_v<P, bs::DensityParams>) {
            return play(bs::DensityShooter(density_tables_, p));
          } else {
            return play(bs::MonteCarloShooter(density_tables_, p));
          }
        },
        params);
  }

  bs::PlacementTable table_;
  bs::DensityTables density_tables_;  // points into table_
  uint64_t seed_;
  std::vector<ShooterParams> shooters_;
  std::vector<MetricSpec> metrics_ = {{"shots", "shots", "shots to sink the whole fleet"}};
};

}  // namespace

EngineSpec battleship_engine() {
  EngineSpec engine;
  engine.name = "battleship";
  engine.help = "Battleship: find and sink a hidden fleet";
  engine.modes = {
      {"solo", "each variant fires at the same fleet; fewest shots ranks first", 1, kMaxPlayers}};
  engine.rules = rule_params();
  engine.strategies = strategy_specs();
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    return std::make_unique<SoloMatch>(config, seed);
  };
  return engine;
}

}  // namespace arena
