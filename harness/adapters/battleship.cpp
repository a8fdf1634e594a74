// Binds engines/battleship to the harness: parameters with their defaults
// (taken from battleship::Rules), strategies, and the solo match.
#include <fmt/format.h>

#include "engines/battleship/layout.hpp"
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

enum class ShooterKind { kRandom };

ShooterKind shooter_from(const PlayerConfig& player) {
  if (player.strategy == "random") return ShooterKind::kRandom;
  throw std::logic_error("battleship: unhandled strategy " + player.strategy);
}

// Solo: each game draws one fleet; every variant fires at that same fleet (common
// random numbers, so differences between variants are not layout luck) and is
// ranked by shots, fewest first.
class SoloMatch final : public Match {
 public:
  SoloMatch(const RunConfig& config, uint64_t seed) : table_(rules_from(config)), seed_(seed) {
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
  int fire(ShooterKind kind, const bs::Ocean& ocean, Rng& rng, LatencyRecorder& timer,
           int who) const {
    switch (kind) {
      case ShooterKind::kRandom: {
        bs::RandomShooter shooter(table_.rules());
        return bs::play_solo(table_.rules(), ocean, shooter, rng, timer, who).shots;
      }
    }
    return 0;
  }

  bs::PlacementTable table_;
  uint64_t seed_;
  std::vector<ShooterKind> shooters_;
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
  engine.strategies = {{"random", "fires at a uniformly random cell not yet fired at", {}}};
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    return std::make_unique<SoloMatch>(config, seed);
  };
  return engine;
}

}  // namespace arena
