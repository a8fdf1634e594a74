// The Battleship engine seen from the harness: its parameters, the tables a
// match shares between threads, and shooters built from a player's config.
#pragma once

#include <memory>
#include <variant>
#include <vector>

#include "engines/battleship/defenders.hpp"
#include "engines/battleship/strategies.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"

namespace arena::battleship_adapter {

namespace bs = battleship;

std::vector<ParamSpec> rule_params();

// Everything a match precomputes once and shares read-only. Not movable: the
// density and defender tables point into the placement table.
struct Tables {
  Tables(const bs::Rules& rules, bs::Defender defender)
      : placements(rules), density(placements), defender(placements, defender) {}
  Tables(const Tables&) = delete;
  Tables& operator=(const Tables&) = delete;

  const bs::Rules& rules() const { return placements.rules(); }

  bs::PlacementTable placements;
  bs::DensityTables density;
  bs::DefenderTables defender;
};

// Reads and cross-checks the rules (ConfigError at the key at fault).
bs::Rules rules_from(const RunConfig& config);
bs::Defender defender_from(const RunConfig& config);
// Checks that a legal layout exists and `games` suits the series length.
void check_playable(const RunConfig& config, const Tables& tables, uint64_t games_multiple);

// A fresh shooter for one game; `prior` (may be null) feeds a learned density
// prior; `seat` is the program of an external shooter.
inline bs::AnyShooter make_shooter(const bs::Strategies::Bound& shooter, const Tables& tables,
                                   const bs::LearnedPrior* prior, const ExternalSeat& seat) {
  return bs::Strategies::make(shooter, bs::ShooterContext{tables.density, prior}, seat);
}

std::unique_ptr<Match> make_solo_match(const RunConfig& config, uint64_t seed);
std::unique_ptr<Match> make_duel_match(const RunConfig& config, uint64_t seed);

// EngineSpec::layouts (layouts.cpp): the exact count of the config's rules'
// legal layouts; ConfigError at rules.fleet past 2^128 - 1.
LayoutReport layout_report(const RunConfig& config, bool heat);

// The re-deal check of EngineSpec::hidden_information (redeal.cpp): fleets
// dealt anew, consistent with every answer so far, change no shot.
RedealReport redeal_check(const StrategySetting& setting, uint64_t seed);

}  // namespace arena::battleship_adapter
