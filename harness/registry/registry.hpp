// The table of engines the harness knows: their modes, rule parameters and
// strategies, and how to build a playable Match (harness/registry/match.hpp)
// from a config.
//
// Contract: filled in one explicit function, make_registry()
// (harness/adapters/adapters.hpp), never by static self-registration. The
// harness knows an engine only through its EngineSpec; a Match costs one
// indirect call per game. The bottom of the harness: it includes nothing of
// the other folders (a config is only named here).
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/core/params.hpp"
#include "engines/core/strategy_list.hpp"
#include "harness/registry/match.hpp"

namespace arena {

struct RunConfig;

// A strategy as it declares itself (engines/core/strategy_list.hpp).
using StrategySpec = StrategyInfo;

struct ModeSpec {
  std::string name;
  std::string help;
  int min_players = 1;
  int max_players = 1;
  // The variants take the seats of tables (SeatedMatch): games come in
  // whole deals, each played once per seat order.
  bool tables = false;
  // Each variant plays the game's environment on its own board, apart from
  // the others (Match::replay can show one variant's game: replay --variant).
  bool apart = false;
};

// What a re-deal check found (HiddenInformation).
struct RedealReport {
  uint64_t decisions = 0;  // decisions made on the real game and on a re-dealt one
  uint64_t redeals = 0;    // re-deals whose hidden part differed from the real game's
  std::string difference;  // the first decision that changed, and where; empty when none
};

// Plays a few games of one setting of the engine's strategies (at default
// rules, from `seed`) and, at its decisions, has a copy of the player (with a
// copy of its Rng) decide on the same game with what the player cannot see
// dealt anew by the engine (Go Fish: the other hands and the stock;
// Battleship: a fleet that answers every shot so far alike). The two
// decisions must be equal. External strategies are checked on what their
// program is sent.
using RedealCheck = std::function<RedealReport(const StrategySetting& setting, uint64_t seed)>;

// How an engine meets the conformance suite's hidden-information check. Every
// engine states it (Registry::add refuses one that does not), so a new engine
// with hidden information cannot escape the check by omission.
struct HiddenInformation {
  // Every player sees the whole game (Chinese Checkers, rooks).
  static HiddenInformation none() { return {}; }
  // Players do not see everything: `check` shows decisions do not depend on it.
  static HiddenInformation redeal(RedealCheck check) { return {std::move(check)}; }

  RedealCheck check = nullptr;  // null: none hidden
};

// A case of `arena bench` (harness/cli/bench_suite.hpp): a mode and rules
// that every strategy setting of the engine plays, each on its own against
// the engine's first strategy, with a fixed seed.
struct BenchCase {
  std::string name;  // the rows' case name, e.g. "battleship-duel"
  int mode = 0;      // index into EngineSpec::modes
  ParamOverrides rules = {};
  uint64_t seed = 1;
  uint64_t games = 20;  // at tables: deals, each played in every seat order
  bool samples = true;  // the strategies' declared samples too, not only their defaults
};

// What `arena layouts` reports of one engine's rules (EngineSpec::layouts).
struct LayoutReport {
  std::string count;                  // the exact number of legal layouts, in decimal digits
  std::string rules;                  // the rules counted, in words, on one line
  nlohmann::ordered_json rules_json;  // the same rules as a JSON object
  int size = 0;                       // the side of the square board
  // Per cell (row * size + col), the share of the layouts with a ship on it;
  // empty unless asked for, or when no layout exists.
  std::vector<double> heat;
};

// A one-player puzzle solved (EngineSpec::solitaire).
struct SolitaireSolution {
  // The solution as `arena replay --json` shows a game (docs/results.md):
  // `steps` with their `text` and `board`, and what the replay page draws;
  // null when none was found.
  nlohmann::ordered_json replay;
  std::string summary;  // one line: the solution's length and how it was checked, or why none
};

struct EngineSpec {
  std::string name;
  std::string help;
  // The first is the default. A config's mode is an index into these
  // (RunConfig::mode): adapters compare indices, never names.
  std::vector<ModeSpec> modes;
  std::vector<ParamSpec> rules;
  std::vector<StrategySpec> strategies;
  // What the handshake of an external strategy's program carries besides the
  // rules and params (e.g. the board's geometry); null when nothing.
  std::function<nlohmann::json()> bot_hello = nullptr;
  // The longest legal reply line of an external strategy's program under
  // `rules`, in bytes, written as JSON writers write it (compact, or one space
  // after ',' and ':'); null when 1 MiB, the default limit of a line, is enough.
  std::function<size_t(const ParamSet& rules)> max_bot_reply = nullptr;
  // Rules that keep a game short (the conformance suite plays every strategy
  // under them); empty when the defaults already do.
  ParamOverrides short_rules = {};
  // What players cannot see, and the check that their decisions do not
  // depend on it. Required: nullopt is an engine that has not said.
  std::optional<HiddenInformation> hidden_information = std::nullopt;
  // Games per pairing or table in the config `arena new` writes: its default
  // tournament (every built-in strategy) done in about a minute on two cores.
  uint64_t new_config_games = 1200;
  // The engine's cases of `arena bench`. A mode no case covers gets one:
  // named after the engine (and the mode, with several), under short_rules.
  std::vector<BenchCase> bench_cases = {};
  // `arena perft ENGINE`: the number of move sequences of `depth` plies from
  // the start position of a table of `players`; throws std::invalid_argument
  // (a message naming the allowed values) for a table the game cannot seat.
  // Null: the engine has no perft.
  std::function<uint64_t(int players, int depth)> perft = nullptr;
  // `arena solve ENGINE [FILE]`: reads puzzles from `in` (`name` in messages),
  // prints each one's optimum on a line (and its placement with `show`);
  // returns the exit code, 2 for a malformed input. Null: not a puzzle.
  std::function<int(std::istream& in, const std::string& name, bool show)> solve = nullptr;
  // `arena layouts CONFIG|ENGINE`: counts the legal layouts of the config's
  // rules exactly (with `heat`, also each cell's share of them); throws
  // ConfigError via RunConfig::error_at for rules it cannot count. Null: the
  // engine has no layouts to count.
  std::function<LayoutReport(const RunConfig& config, bool heat)> layouts = nullptr;
  // `arena solve ENGINE --solitaire [--beam N]`: the engine's one-player
  // puzzle (Chinese Checkers: cross the star alone in the fewest moves),
  // solved by a search keeping `beam` positions per depth (nullopt: the
  // engine's default). Null: the engine has none.
  std::function<SolitaireSolution(std::optional<int> beam)> solitaire = nullptr;
  // Builds the match; checks what single parameters cannot (e.g. that the fleet
  // fits the board) and throws ConfigError via RunConfig::error_at.
  std::function<std::unique_ptr<Match>(const RunConfig&, uint64_t seed)> make_match;

  const StrategySpec* find_strategy(const std::string& strategy) const;
};

class Registry {
 public:
  // Throws std::logic_error for an engine that does not declare its hidden
  // information (EngineSpec::hidden_information) or shares another's name.
  void add(EngineSpec engine);
  const EngineSpec* find(const std::string& name) const;
  // The names of the engines `offers` holds for (e.g. those with a perft), in order.
  std::vector<std::string> names_where(const std::function<bool(const EngineSpec&)>& offers) const;
  const std::vector<EngineSpec>& engines() const { return engines_; }
  std::vector<std::string> names() const;

 private:
  std::vector<EngineSpec> engines_;
};

}  // namespace arena
