// The conformance suite (in the spirit of OpenSpiel's basic_tests): every
// engine, mode and strategy of the registry (the shipped engines and the
// test engine nim), at its defaults and at each sample it declares, with no
// per-engine or per-strategy code. A strategy or engine is covered the moment
// it is registered; only strategies declared `faulty` (nim's, which fail on
// purpose for the forfeit tests) are left out.
//
// For each (engine, mode, setting) a short run (the engine's short_rules) of
// the setting against the engine's first strategy checks:
// - the declared metrics and phases fit what a game stores;
// - every game ends and reports every seat;
// - every decision is legal: the engines turn an illegal one into a forfeit,
//   and a run at default limits has none;
// - the same seed gives the same games.csv rows and signature, and 1, 2 and
//   8 threads give identical results;
// - a game replayed alone from its index equals the same game inside a run;
// - forfeits are scored alike: under a budget no decision meets, every
//   faulty seat loses with its metrics empty, and in a seated game the seat
//   that did not fault wins.
// At the engine's default rules, the setting ends its games within the
// engine's bound (none is cut off) unless its strategy declares that it
// stalls. And every engine declares its hidden information: where players do
// not see everything, its re-deal check runs for every setting.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/config/params.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/replay_game.hpp"
#include "harness/runner/runner.hpp"
#include "tests/support/nim/nim_engine.hpp"

using namespace arena;

namespace {

const Registry& nim_registry() {
  static const Registry r = testing::registry_with_nim();
  return r;
}

const StrategySpec& spec_of(const EngineSpec& engine, const StrategySetting& setting) {
  return *engine.find_strategy(setting.strategy);
}

// Every setting of the engine's strategies the suite plays: all but the
// deliberately faulty ones, external strategies included. `python` is the
// external strategy over an in-process link, which only Python can give:
// python/tests/test_run.py plays it in every engine (the same games as the
// same function played as a program).
std::vector<StrategySetting> settings_of(const EngineSpec& engine) {
  std::vector<StrategySetting> out;
  for (const StrategySetting& setting : arena::settings_of(engine.strategies, false, true))
    if (!spec_of(engine, setting).faulty && setting.strategy != kPythonName) out.push_back(setting);
  return out;
}

// One case: a setting of one strategy in one mode of one engine.
struct Case {
  const EngineSpec* engine;
  std::string mode;
  StrategySetting setting;
  std::string label() const {
    return engine->name + " " + mode + " " + setting_label(engine->strategies, setting);
  }
};

std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (const EngineSpec& engine : nim_registry().engines())
    for (const ModeSpec& mode : engine.modes)
      for (const StrategySetting& setting : settings_of(engine))
        cases.push_back({&engine, mode.name, setting});
  return cases;
}

enum class Rules { kShort, kDefault };

// The case as a config: the setting ("tested") against the engine's first
// strategy at its defaults ("other"), under the engine's short rules (or its
// defaults); a few games, a whole number of series and deals. A strategy
// played by a program (it has a `command`) plays the reference bot
// (clients/cpp).
RunConfig config_of(const Case& c, Rules rules = Rules::kShort) {
  ParamOverrides overrides = c.setting.overrides;
  if (spec_of(*c.engine, c.setting).external)
    overrides.emplace_back("command", std::string(ARENA_REFERENCE_BOT));
  const ParamOverrides rule_values =
      rules == Rules::kShort ? c.engine->short_rules : ParamOverrides{};
  std::string yaml = "name: conformance\nengine: " + c.engine->name + "\nmode: " + c.mode +
                     "\nseed: 20261201\ngames: 4\nrules: " + overrides_yaml(rule_values) +
                     "\nplayers:\n  - {name: tested, strategy: " + c.setting.strategy +
                     ", params: " + overrides_yaml(overrides) + "}\n" +
                     "  - {name: other, strategy: " + c.engine->strategies.front().name + "}\n";
  return parse_config(yaml, "conformance.yaml", nim_registry());
}

struct Run {
  RunStats stats;
  std::vector<std::string> rows;  // games.csv lines, without the header
};

// Plays games [first, end) of the config's prepared run (all when end is 0)
// on `threads`, with a decision budget of `budget_ns` instead of the config's
// when it is not 0.
Run play(const RunConfig& config, int threads, uint64_t first = 0, uint64_t end = 0,
         uint64_t budget_ns = 0) {
  PreparedRun prepared = prepare_run(nim_registry(), config, *config.seed, threads);
  RunPlan& plan = prepared.plan;
  plan.first_game = first;
  if (end) plan.games = end;
  if (budget_ns) plan.decision_budget_ns = budget_ns;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  RunStats stats = run_games(*prepared.match, plan, out, nullptr);
  std::fclose(out);
  Run run{std::move(stats), {}};
  std::istringstream lines(std::string(buffer, size));
  std::free(buffer);
  for (std::string line; std::getline(lines, line);)
    run.rows.push_back(line);
  return run;
}

std::vector<std::string> fields(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream in(row);
  for (std::string field; std::getline(in, field, ',');)
    out.push_back(field);
  if (!row.empty() && row.back() == ',') out.push_back("");
  return out;
}

uint64_t game_of(const std::string& row) {
  return std::stoull(fields(row).front());
}

// What a run decided, without its timing: rows, signature, records.
void require_same(const Run& a, const Run& b) {
  REQUIRE(a.rows == b.rows);
  REQUIRE(a.stats.signature() == b.stats.signature());
  REQUIRE(a.stats.games() == b.stats.games());
  for (int v = 0; v < a.stats.variants(); ++v) {
    REQUIRE(a.stats.variant(v).record.wins == b.stats.variant(v).record.wins);
    REQUIRE(a.stats.variant(v).record.losses == b.stats.variant(v).record.losses);
    REQUIRE(a.stats.variant(v).record.draws == b.stats.variant(v).record.draws);
    REQUIRE(a.stats.variant(v).forfeits == b.stats.variant(v).forfeits);
  }
  REQUIRE(a.stats.pentanomial(0, 1) == b.stats.pentanomial(0, 1));
}

uint64_t games_of(const RunConfig& config) {
  return nim_registry().find(config.engine)->make_match(config, *config.seed)->game_count();
}

}  // namespace

TEST_CASE("conformance: every registered strategy ends its games and decides legally") {
  const auto cases = every_case();
  CHECK(cases.size() >= 20);
  for (const Case& c : cases) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    REQUIRE_NOTHROW(check_declared_sizes(*c.engine->make_match(config, *config.seed)));
    const Run run = play(config, 2);
    REQUIRE(run.stats.games() == games_of(config));
    std::map<uint64_t, int> seats_per_game;
    for (const std::string& row : run.rows)
      ++seats_per_game[game_of(row)];
    REQUIRE(seats_per_game.size() == games_of(config));  // every game reported
    for (const auto& [game, seats] : seats_per_game) {
      INFO("game " << game);
      CHECK(seats >= 1);
      CHECK(seats == seats_per_game.begin()->second);  // the same seats every game
    }
    // An illegal move, a throw or a hang past a limit would be a forfeit.
    for (int v = 0; v < run.stats.variants(); ++v)
      CHECK(run.stats.variant(v).forfeit_total() == 0);
  }
}

// At the engine's default rules a game stops at its bound (Battleship's 4 x
// cells shots, Chinese Checkers' max_plies, Go Fish's max_rounds) only when
// nobody could end it: a shooter that fires at the same cells again and again
// is legal (the shots are wasted) but never sinks the fleet.
TEST_CASE("conformance: every setting ends its games within their bound, or says it stalls") {
  int checked = 0;
  for (const Case& c : every_case()) {
    if (stalls(spec_of(*c.engine, c.setting), c.setting)) continue;  // documented
    INFO(c.label());
    const Run run = play(config_of(c, Rules::kDefault), 2);
    CHECK(run.stats.variant(0).forfeit_total() == 0);
    CHECK(run.stats.variant(0).cut_off == 0);
    ++checked;
  }
  CHECK(checked >= 20);
}

TEST_CASE("conformance: the same seed gives the same games on 1, 2 and 8 threads") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    if (!c.engine->make_match(config, *config.seed)->nondeterminism().empty()) continue;  // clock
    const Run once = play(config, 1);
    require_same(once, play(config, 1));  // another match built from the same config and seed
    require_same(once, play(config, 2));
    require_same(once, play(config, 8));
  }
}

TEST_CASE("conformance: a game replayed alone from its index equals the game in a run") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    const auto match = c.engine->make_match(config, *config.seed);
    if (!match->nondeterminism().empty()) continue;
    const Run whole = play(config, 2);
    const uint64_t last = match->game_count() - match->series_length();  // the last series, alone
    const Run alone = play(config, 1, last, match->game_count());
    std::vector<std::string> inside;
    for (const std::string& row : whole.rows)
      if (game_of(row) >= last) inside.push_back(row);
    REQUIRE(!alone.rows.empty());
    CHECK(alone.rows == inside);
  }
}

// Every game can be shown: its record (moves.jsonl) plays it again to the
// same rows without any strategy deciding, the seed rebuilds the same record
// when the setting follows from the seed, and the engine draws a board for
// every logged move.
TEST_CASE("conformance: every game is shown move by move and its record plays it again") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    RunConfig config = config_of(c);
    config.output.moves = MovesRecord::kAll;
    PreparedRun prepared = prepare_run(nim_registry(), config, *config.seed, 2);
    MemoryWriter out;
    run_games(*prepared.match, prepared.plan, &out, nullptr);
    std::istringstream lines(arena::text_of(out.texts, arena::GameStream::kMoves));
    uint64_t games = 0;
    for (std::string line; std::getline(lines, line); ++games) {
      const nlohmann::json record = nlohmann::json::parse(line);
      const uint64_t game = record["game"];
      INFO("game " << game);
      REQUIRE(game == games);  // every game, in order
      const MoveLog log = MoveLog::from_json(record["moves"]);
      const ReplayedGame again = replay_from_record(config, *prepared.match, game, log);
      std::string rows;
      for (const std::string& row : play(config, 1, game, game + 1).rows)
        rows += row + "\n";
      CHECK(game_rows(game, again.seats, prepared.plan.variant_names,
                      prepared.match->metrics().size()) == rows);
      if (std::all_of(config.players.begin(), config.players.end(), follows_from_seed)) {
        // The same moves; from the seed, strategies explain them too (a third element).
        nlohmann::json moves = replay_from_seed(config, *prepared.match, game).moves.to_json();
        for (nlohmann::json& m : moves)
          if (m.size() == 3) m.erase(2);
        CHECK(moves == record["moves"]);
      }
      const std::optional<GameReplay> shown = prepared.match->replay(game, log, -1);
      REQUIRE(shown.has_value());
      CHECK_FALSE(shown->start.empty());
      const auto moved = std::count_if(shown->steps.begin(), shown->steps.end(),
                                       [](const ReplayStep& s) { return s.variant >= 0; });
      CHECK(static_cast<size_t>(moved) == log.entries().size());
      for (const ReplayStep& step : shown->steps)
        CHECK_FALSE(step.board.empty());
    }
    CHECK(games == games_of(config));
  }
}

TEST_CASE("conformance: forfeits are scored alike by every engine") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    // No decision takes under a nanosecond: the first decision of a game (of
    // each independent seat) forfeits it.
    const Run run = play(config, 2, 0, 0, 1);
    REQUIRE(run.stats.games() == games_of(config));
    std::map<uint64_t, std::vector<std::vector<std::string>>> games;
    for (const std::string& row : run.rows)
      games[game_of(row)].push_back(fields(row));
    uint64_t faulty_seats = 0;
    for (const auto& [game, seats] : games) {
      INFO("game " << game);
      int faulted = 0;
      for (const auto& seat : seats) {
        if (seat.back().empty()) continue;
        ++faulted;
        CHECK(seat.back() == "over-budget");
        CHECK(seat[4] == "loss");  // game,variant,seat,rank,outcome,...
        for (size_t m = 5; m + 1 < seat.size(); ++m)
          CHECK(seat[m].empty());  // a forfeited game's metrics do not count
      }
      CHECK(faulted >= 1);
      faulty_seats += static_cast<uint64_t>(faulted);
      // At a table the game stops at the fault: every other seat wins.
      if (seats.size() == 2 && faulted == 1) {
        for (const auto& seat : seats)
          if (seat.back().empty()) CHECK((seat[4] == "win" || seat[3] == "1"));
      }
    }
    CHECK(run.stats.variant(0).forfeit_total() + run.stats.variant(1).forfeit_total() ==
          faulty_seats);
  }
}

// Every engine says what its players cannot see (Registry::add refuses one
// that does not); an engine with hidden information supplies a re-deal and
// every setting of its strategies must decide alike on the re-dealt game.
TEST_CASE("conformance: re-dealing what a player cannot see never changes its decision") {
  int engines_with_hidden_information = 0;
  for (const EngineSpec& engine : nim_registry().engines()) {
    REQUIRE(engine.hidden_information.has_value());
    if (!engine.hidden_information->check) continue;  // players see the whole game
    ++engines_with_hidden_information;
    for (const StrategySetting& setting : settings_of(engine)) {
      INFO(engine.name << " " << setting_label(engine.strategies, setting));
      const RedealReport report = engine.hidden_information->check(setting, 21);
      CHECK(report.difference == "");
      CHECK(report.decisions >= 20);
      CHECK(report.redeals > 0);  // the re-deals did change what was hidden
    }
  }
  CHECK(engines_with_hidden_information >= 2);  // Battleship's fleets, Go Fish's hands
}

TEST_CASE("conformance: an engine that does not declare its hidden information is refused") {
  EngineSpec engine = testing::nim_engine();
  engine.name = "undeclared";
  engine.hidden_information.reset();
  Registry registry;
  CHECK_THROWS_WITH(registry.add(engine), Catch::Contains("hidden_information"));
}
