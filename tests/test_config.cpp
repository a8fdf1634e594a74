// Every kind of bad config gets one line "FILE:LINE:COL: message" naming the key.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"

using namespace arena;

namespace {

const Registry& registry() {
  static const Registry r = make_registry();
  return r;
}

const char* kGood = R"(name: t
engine: battleship
seed: 5
games: 100
players:
  - name: shooter
    strategy: random
)";

// The error message parse_config gives for `text`, or "" when it loads.
std::string error_for(const std::string& text) {
  try {
    parse_config(text, "t.yaml", registry());
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a valid config loads with every default filled in") {
  const RunConfig c = parse_config(kGood, "t.yaml", registry());
  CHECK(c.name == "t");
  CHECK(c.engine == "battleship");
  CHECK(*c.seed == 5);
  CHECK(c.games == 100);
  CHECK(c.threads == 0);
  CHECK(c.mode.index == 0);
  CHECK(c.mode.name == "solo");
  CHECK(c.rules.integer("size") == 10);
  CHECK(c.rules.choice("touching") == "allowed");
  CHECK(c.rules.name_to_int("fleet").size() == 5);
  REQUIRE(c.players.size() == 1);
  CHECK(c.players[0].name == "shooter");
}

TEST_CASE("a player's name defaults to its strategy") {
  const RunConfig c = parse_config("name: t\nengine: battleship\nplayers: [{strategy: random}]\n",
                                   "t.yaml", registry());
  CHECK(c.players[0].name == "random");
  CHECK_FALSE(c.seed.has_value());
}

TEST_CASE("an unreadable file names the file") {
  try {
    load_config("/nonexistent/arena.yaml", registry());
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()).rfind("/nonexistent/arena.yaml:1:1: cannot read the config", 0) ==
          0);
  }
}

TEST_CASE("an empty file or one with only comments is an error") {
  CHECK(error_for("") == "t.yaml:1:1: the config is empty");
  CHECK(error_for("# nothing here\n") == "t.yaml:1:1: the config is empty");
}

TEST_CASE("a YAML syntax error points at the line and column") {
  const std::string e = error_for("name: t\nengine: battleship\nplayers: [ {strategy: random}\n");
  CHECK(e.rfind("t.yaml:4:1: YAML syntax error", 0) == 0);
  const std::string e2 = error_for("name: t\n  engine: : x\n");
  CHECK(e2.rfind("t.yaml:2:", 0) == 0);
}

TEST_CASE("an unknown key suggests the closest known one") {
  CHECK(error_for(std::string(kGood) + "gmaes: 10\n") ==
        "t.yaml:8:1: gmaes: unknown key 'gmaes' in the config (did you mean 'games'?)");
  const std::string e = error_for(std::string(kGood) + "rules: {sise: 8}\n");
  CHECK(e ==
        "t.yaml:8:9: rules.sise: unknown key 'sise' in the rules of engine 'battleship' "
        "(did you mean 'size'?)");
  CHECK(error_for("name: t\nengine: battleship\nplayers:\n  - strategy: random\n    nmae: x\n") ==
        "t.yaml:5:5: players[0].nmae: unknown key 'nmae' in a player (did you mean 'name'?)");
}

TEST_CASE("a value of the wrong type names the key and what was expected") {
  CHECK(error_for("name: t\nengine: battleship\ngames: lots\nplayers: [{strategy: random}]\n") ==
        "t.yaml:3:8: games: expected an integer, got 'lots'");
  CHECK(error_for(
            "name: t\nengine: battleship\nrules: {size: [1]}\nplayers: [{strategy: random}]\n") ==
        "t.yaml:3:15: rules.size: expected an integer, got a list");
  CHECK(error_for("name: t\nengine: battleship\nplayers: {strategy: random}\n") ==
        "t.yaml:3:10: players: expected a list of players, got a map");
}

TEST_CASE("a value out of range names the range") {
  CHECK(error_for("name: t\nengine: battleship\ngames: 0\nplayers: [{strategy: random}]\n") ==
        "t.yaml:3:8: games: value 0 is out of range [1, 1099511627776]");
  CHECK(error_for(
            "name: t\nengine: battleship\nrules:\n  size: 40\nplayers: [{strategy: random}]\n") ==
        "t.yaml:4:9: rules.size: value 40 is out of range [5, 26]");
  CHECK(error_for("name: t\nengine: battleship\nrules: {touching: sometimes}\nplayers: [{strategy: "
                  "random}]\n") ==
        "t.yaml:3:19: rules.touching: 'sometimes' is not one of allowed | forbidden");
}

TEST_CASE("a missing required key is reported at the map that lacks it") {
  CHECK(error_for("name: t\nplayers: [{strategy: random}]\n") ==
        "t.yaml:1:1: engine: missing required key 'engine' in the config");
  CHECK(error_for("name: t\nengine: battleship\nplayers:\n  - name: x\n") ==
        "t.yaml:4:5: players[0].strategy: missing required key 'strategy' in a player");
}

TEST_CASE("an unknown engine lists the engines and suggests one") {
  CHECK(error_for("name: t\nengine: battleshp\nplayers: [{strategy: random}]\n") ==
        "t.yaml:2:9: engine: unknown engine 'battleshp'; engines: battleship, chinese-checkers, "
        "go-fish, rooks (did you mean "
        "'battleship'?)");
}

TEST_CASE("an unknown strategy lists the engine's strategies") {
  CHECK(
      error_for("name: t\nengine: battleship\nplayers:\n  - strategy: randon\n") ==
      "t.yaml:4:15: players[0].strategy: unknown strategy 'randon' for engine 'battleship'; "
      "strategies: random, hunt-target, density, seed-density, monte-carlo, external, python (did "
      "you mean "
      "'random'?)");
}

TEST_CASE("an unknown strategy parameter is an error") {
  CHECK(error_for("name: t\nengine: battleship\nplayers:\n  - strategy: random\n    params: "
                  "{parity: true}\n") ==
        "t.yaml:5:14: players[0].params.parity: unknown key 'parity' in the parameters of "
        "strategy 'random' (which takes no parameters)");
}

TEST_CASE("duplicate keys and duplicate player names are errors") {
  CHECK(error_for(std::string(kGood) + "games: 5\n") == "t.yaml:8:1: games: duplicate key");
  CHECK(
      error_for("name: t\nengine: battleship\nplayers: [{strategy: random}, {strategy: random}]\n")
          .rfind("t.yaml:3:31: players[1].name: duplicate player name 'random'", 0) == 0);
}

TEST_CASE("a name that cannot name a results folder is refused") {
  CHECK(error_for("name: ../x\nengine: battleship\nplayers: [{strategy: random}]\n")
            .rfind("t.yaml:1:7: name: '../x' is not a valid name", 0) == 0);
}

// A player's name becomes a file name (its bot's log, bots/<name>.log): one
// that is a path, or hidden, or has a space, would write elsewhere or fail.
TEST_CASE("a player name that cannot name a file is refused at its line and column") {
  CHECK(error_for("name: t\nengine: battleship\nplayers: [{name: ../../escaped, strategy: "
                  "random}]\n") ==
        "t.yaml:3:18: players[0].name: '../../escaped' is not a valid player name (letters, "
        "digits, '-', '_', '.', not starting with '.'; it names files: bots/<name>.log)");
  for (const std::string name : {"a/b", "\"a\\\\b\"", "..", ".hidden", "\"my bot\"", "\"\""}) {
    INFO(name);
    CHECK_THAT(error_for("name: t\nengine: battleship\nplayers:\n  - {strategy: random}\n"
                         "  - {name: " +
                         name + ", strategy: random}\n"),
               Catch::StartsWith("t.yaml:5:12: players[1].name: "));
  }
  const RunConfig c = parse_config(
      "name: t\nengine: battleship\nplayers: [{name: Py-density_2.v1, strategy: random}]\n",
      "t.yaml", registry());
  CHECK(c.players[0].name == "Py-density_2.v1");
}

TEST_CASE("cross-parameter errors point at the key at fault") {
  const RunConfig c = parse_config(
      "name: t\nengine: battleship\nrules:\n  size: 5\n  fleet: {carrier: 6}\nplayers: [{strategy: "
      "random}]\n",
      "t.yaml", registry());
  try {
    registry().find("battleship")->make_match(c, 1);
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()) ==
          "t.yaml:5:20: rules.fleet.carrier: a ship of length 6 does not fit a 5x5 board");
  }
}

TEST_CASE("a fleet with no legal layout is refused at load time") {
  const RunConfig c = parse_config(
      "name: t\nengine: battleship\nrules:\n  size: 5\n  touching: forbidden\n"
      "  fleet: {a: 5, b: 5, c: 5, d: 5}\nplayers: [{strategy: random}]\n",
      "t.yaml", registry());
  CHECK_THROWS_WITH(registry().find("battleship")->make_match(c, 1),
                    "t.yaml:6:10: rules.fleet: no legal layout of this fleet exists on this board");
}

TEST_CASE("limits.decision_ms is a positive number of milliseconds") {
  const RunConfig config =
      parse_config(std::string(kGood) + "limits: {decision_ms: 2.5}\n", "t.yaml", registry());
  REQUIRE(config.limits.decision_ms);
  CHECK(config.limits.decision_budget_ns() == 2'500'000);
  CHECK(parse_config(kGood, "t.yaml", registry()).limits.decision_budget_ns() == 0);
  CHECK(error_for(std::string(kGood) + "limits: {decision_ms: 0}\n")
            .rfind("t.yaml:8:23: "
                   "limits.decision_ms: ",
                   0) == 0);
  CHECK(error_for(std::string(kGood) + "limits: {decison_ms: 5}\n") ==
        "t.yaml:8:10: limits.decison_ms: unknown key 'decison_ms' in the limits (did you mean "
        "'decision_ms'?)");
  CHECK(error_for(std::string(kGood) + "limits: 5\n") ==
        "t.yaml:8:9: limits: expected a map, got '5'");
}

// Config validation stops unknown strategies; one that still reaches an
// adapter (the registry lists a name its adapter cannot build) is a bug that
// must be named, not played as the random player.
TEST_CASE("an unknown strategy reaching an adapter is an internal error naming it") {
  for (const EngineSpec& spec : registry().engines()) {
    const std::string& engine = spec.name;
    INFO(engine);
    const std::string strategy = spec.strategies.front().name;
    RunConfig c = parse_config("name: t\nengine: " + engine + "\ngames: 12\nplayers: [{strategy: " +
                                   strategy + "}, {strategy: " + strategy + ", name: other}]\n",
                               "t.yaml", registry());
    REQUIRE_NOTHROW(registry().find(engine)->make_match(c, 1));
    c.players[1].strategy = "no-such-strategy";
    CHECK_THROWS_AS(registry().find(engine)->make_match(c, 1), std::logic_error);
    CHECK_THROWS_WITH(registry().find(engine)->make_match(c, 1),
                      Catch::Contains("internal error") && Catch::Contains("'no-such-strategy'"));
  }
}

// `arena run --games 7` replaces the file's `games: 40`: an error found in it
// later must name the flag, not the line that says 40.
TEST_CASE("an error in a value that a flag set names the flag") {
  RunConfig c = parse_config(
      "name: t\nengine: chinese-checkers\ngames: 40\nplayers: [{strategy: greedy}, {name: b, "
      "strategy: random}]\n",
      "t.yaml", registry());
  c.games = 7;
  c.set_by_flag("games", "--games 7");
  try {
    registry().find("chinese-checkers")->make_match(c, 1);
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()) ==
          "arena: --games 7: 7 games do not split into whole deals: each deal is played once per "
          "seat order, 2 orders here; use a multiple of 2");
    CHECK(e.flag() == "--games 7");
    CHECK(e.file().empty());
  }
  // Keys the flag did not set still point into the file.
  CHECK(std::string(c.error_at("players[1].strategy", "x").what()) ==
        "t.yaml:4:51: players[1].strategy: x");
}

// Seat orders, and so how many games make whole deals, follow from the seats:
// a wrong seat count must be reported, not the games it makes look wrong.
TEST_CASE("a table's rules are checked before the games that must fill its deals") {
  const RunConfig five = parse_config(
      "name: t\nengine: chinese-checkers\ngames: 12\nrules: {seats: 5}\n"
      "players: [{strategy: greedy}, {name: b, strategy: random}]\n",
      "t.yaml", registry());
  CHECK_THROWS_WITH(registry().find("chinese-checkers")->make_match(five, 1),
                    "t.yaml:4:16: rules.seats: seats must be 2, 3, 4 or 6");
  const RunConfig small_deck = parse_config(
      "name: t\nengine: go-fish\ngames: 7\nrules: {seats: 3, ranks: 2}\n"
      "players: [{strategy: random}, {name: b, strategy: random}]\n",
      "t.yaml", registry());
  CHECK_THROWS_WITH(registry().find("go-fish")->make_match(small_deck, 1),
                    Catch::StartsWith("t.yaml:4:8: rules: hand_size: 3 players"));
}

TEST_CASE("an empty map or list where entries belong says it is empty") {
  CHECK(error_for("name: t\nengine: battleship\nrules: {fleet: {}}\nplayers: [{strategy: "
                  "random}]\n") ==
        "t.yaml:3:16: rules.fleet: expected one or more 'name: integer' entries, got an empty map");
  CHECK(error_for("name: t\nengine: rooks\nrules: {n: []}\nplayers: [{strategy: exact}]\n") ==
        "t.yaml:3:12: rules.n: expected one or more integers, got an empty list");
  CHECK(error_for("name: t\nengine: battleship\nplayers: []\n") ==
        "t.yaml:3:10: players: expected a list of players, got an empty list");
}

TEST_CASE("a config path that is a folder says so") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  CHECK_THROWS_WITH(load_config(dir, registry()),
                    dir + ":1:1: cannot read the config: it is a folder, not a file");
}

TEST_CASE("go fish with one seat per player and too few players names the players") {
  CHECK_THROWS_WITH(
      registry().find("go-fish")->make_match(
          parse_config("name: t\nengine: go-fish\nplayers: [{strategy: random}]\n", "t.yaml",
                       registry()),
          1),
      "t.yaml:3:10: players: 1 player, and rules.seats 0 seats every player at one table, which "
      "takes 2 to 10; add a player");
}
