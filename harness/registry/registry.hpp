// The table of engines the harness knows: their modes, rule parameters,
// strategies and metrics, and how to build a playable Match from a config.
//
// Contract: filled in one explicit function, make_registry(), never by static
// self-registration. The harness knows an engine only through its EngineSpec;
// a Match costs one indirect call per game.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engines/core/strategy_list.hpp"
#include "harness/config/params.hpp"
#include "harness/runner/game_record.hpp"

namespace arena {

struct RunConfig;

// A strategy as it declares itself (engines/core/strategy_list.hpp).
using StrategySpec = StrategyInfo;

struct ModeSpec {
  std::string name;
  std::string help;
  int min_players = 1;
  int max_players = 1;
};

struct MetricSpec {
  std::string name;  // e.g. "shots"
  std::string unit;  // e.g. "shots", for tables and charts
  std::string help;
};

// What a match carries from one game to the next within a series (e.g. the
// fleets a learning strategy has seen). Owned by the runner.
class SeriesMemory {
 public:
  virtual ~SeriesMemory() = default;
};

// A playable match: immutable after construction, so play() may run on many
// threads at once. Everything random in game `game_index` is derived from
// (seed, match, game_index, purpose). Games come in series of
// series_length() consecutive indices (1 by default); the runner plays a
// series in order on one worker, passing the memory new_series() made for it,
// so what is learnt within a series never depends on the thread count.
class Match {
 public:
  virtual ~Match() = default;
  // At most kMaxMetrics (harness/runner/game_record.hpp): a SeatResult holds that many.
  virtual const std::vector<MetricSpec>& metrics() const = 0;
  // Games the run plays (e.g. games per pairing x pairings).
  virtual uint64_t game_count() const = 0;
  // Names of the groups games fall into (e.g. "n=8"), reported separately;
  // empty when a match has none.
  virtual std::vector<std::string> groups() const { return {}; }
  virtual uint64_t series_length() const { return 1; }
  virtual std::unique_ptr<SeriesMemory> new_series() const { return nullptr; }
  // Names of the phases decisions are timed in (e.g. "hunt", "target"), at
  // most kMaxPhases; empty when the engine has none.
  virtual std::vector<std::string> phases() const { return {}; }
  // Why the same seed may not give the same games (e.g. strategies limited by
  // the clock); empty when the match is deterministic.
  virtual std::string nondeterminism() const { return ""; }
  virtual void play(uint64_t game_index, GameSink& sink, SeriesMemory* memory) const = 0;
};

// Throws std::logic_error, naming the limit, when `match` declares more
// metrics or phases than the harness stores per game (kMaxMetrics, kMaxPhases):
// an engine bug, caught before a game writes past a SeatResult.
void check_declared_sizes(const Match& match);

struct EngineSpec {
  std::string name;
  std::string help;
  std::vector<ModeSpec> modes;  // the first is the default
  std::vector<ParamSpec> rules;
  std::vector<StrategySpec> strategies;
  // Rules that keep a game short (the conformance suite plays every strategy
  // under them); empty when the defaults already do.
  ParamOverrides short_rules = {};
  // Builds the match; checks what single parameters cannot (e.g. that the fleet
  // fits the board) and throws ConfigError via RunConfig::error_at.
  std::function<std::unique_ptr<Match>(const RunConfig&, uint64_t seed)> make_match;

  const ModeSpec* find_mode(const std::string& mode) const;
  const StrategySpec* find_strategy(const std::string& strategy) const;
};

class Registry {
 public:
  void add(EngineSpec engine) { engines_.push_back(std::move(engine)); }
  const EngineSpec* find(const std::string& name) const;
  const std::vector<EngineSpec>& engines() const { return engines_; }
  std::vector<std::string> names() const;

 private:
  std::vector<EngineSpec> engines_;
};

// Every engine Arena ships, in the order `arena list` shows them.
Registry make_registry();

}  // namespace arena
