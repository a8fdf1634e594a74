// Binds engines/battleship to the harness: its EngineSpec.
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/battleship/shooters.hpp"

namespace arena {
namespace {

// Battleship's modes, in the order of its EngineSpec::modes.
enum ModeIndex : int { kSolo = 0, kDuel = 1 };

}  // namespace

EngineSpec battleship_engine() {
  using namespace battleship_adapter;
  EngineSpec engine;
  engine.name = "battleship";
  engine.help = "Battleship: find and sink a hidden fleet";
  engine.modes = {
      {"solo", "each variant fires at the same fleets; fewest shots ranks first", 1, kMaxPlayers,
       /*tables=*/false, /*apart=*/true},
      {"duel",
       "variants alternate shots at each other's fleet, first to sink all wins; every pairing "
       "plays paired games (fleets and first shooter swapped)",
       2, kMaxPlayers},
  };
  engine.rules = rule_params();
  engine.strategies = bs::Strategies::infos();
  engine.hidden_information = HiddenInformation::redeal(redeal_check);  // the fleet
  // Both touching rules, the defenders, series with a learned prior, duels.
  engine.bench_cases = {
      {"battleship-solo", kSolo, {}, 1, 300},
      {"battleship-no-touch-defenders",
       kSolo,
       {{"touching", std::string("forbidden")}, {"placement", std::string("seed-sequential")}},
       2,
       100,
       false},
      {"battleship-learned",
       kSolo,
       {{"placement", std::string("edges")}, {"series_length", int64_t{20}}},
       3,
       200},
      {"battleship-duel", kDuel, {}, 4, 20},
  };
  engine.layouts = layout_report;
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    if (config.mode.index == kDuel) return make_duel_match(config, seed);
    return make_solo_match(config, seed);
  };
  return engine;
}

}  // namespace arena
