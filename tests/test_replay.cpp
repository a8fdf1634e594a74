// arena replay shows any game of a run move by move, from the seed or from
// its record, and its result is the game's rows in games.csv; moves.jsonl.gz
// keeps the games the output settings ask for.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "engines/core/explain.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/output/append_file.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/registry/move_log.hpp"
#include "harness/runner/replay_game.hpp"
#include "harness/runner/runner.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_in;
using arena::testing::kSanitizerBuild;
using arena::testing::kSource;
using arena::testing::read_file;
using arena::testing::scratch;
using arena::testing::write_file;
using nlohmann::json;

namespace {

json replay_json(const fs::path& run, uint64_t game, const fs::path& dir,
                 const std::string& extra = "") {
  const auto o =
      arena_cli(fmt::format("replay {} --game {} --json{}", run.string(), game, extra), dir);
  INFO(o.err);
  REQUIRE(o.code == 0);
  return json::parse(o.out);
}

// Plays `config` with as few games as its schedule allows (at least `games`).
fs::path play_small(const fs::path& config, const fs::path& dir, uint64_t games) {
  const fs::path out = dir / config.stem();
  for (const uint64_t n : {games, 2 * games, 24 * games, 100 * games, 120 * games}) {
    const auto o = arena_cli(
        fmt::format("run {} --games {} --quiet --out {}", config.string(), n, out.string()), dir);
    if (o.code == 0) return out;
    INFO(o.err);
    REQUIRE(o.code == 2);  // a game count the schedule cannot split: try more
  }
  FAIL("no small game count suits " << config);
  return out;
}

// A shipped config to play in the test: itself, or for Chinese Checkers a
// copy whose games are cut at 40 plies (six seats of search play for
// minutes), 12 in a sanitizer build (where 40 take a minute).
fs::path quick_copy(const fs::path& config, const fs::path& dir) {
  std::string text = read_file(config);
  const size_t rules = text.find("\nrules:\n");
  if (text.find("engine: chinese-checkers") == std::string::npos || rules == std::string::npos)
    return config;
  text.insert(rules + 8, kSanitizerBuild ? "  max_plies: 12\n" : "  max_plies: 40\n");
  const fs::path copy = dir / config.filename();
  write_file(copy, text);
  return copy;
}

uint64_t games_played(const fs::path& run) {
  return json::parse(read_file(run / "summary.json"))["games"].get<uint64_t>();
}

}  // namespace

// Every shipped config (every engine and mode, Python bots included): the
// first, a middle and the last game replayed give their rows in games.csv.
TEST_CASE("replayed games of every shipped config give their rows in games.csv") {
  const fs::path dir = scratch("replay-shipped");
  for (const auto& entry : fs::directory_iterator(kSource / "configs")) {
    if (entry.path().extension() != ".yaml") continue;
    SECTION(entry.path().filename().string()) {
      const fs::path run = play_small(quick_copy(entry.path(), dir), dir, 6);
      const uint64_t games = games_played(run);
      for (const uint64_t game : {uint64_t{0}, games / 2, games - 1}) {
        INFO(entry.path().filename() << " game " << game);
        const json r = replay_json(run, game, dir);
        CHECK(r["games_csv"] == "matches");
        CHECK_FALSE(r["steps"].empty());
        CHECK_FALSE(r["start"].empty());
        // Games with an external program come from their record, the others from the seed.
        const json summary = json::parse(read_file(run / "summary.json"));
        bool external = false;
        for (const auto& seat : r["result"])
          for (const auto& v : summary["variants"])
            external |= v["name"] == seat["variant"] && v["strategy"] == "external";
        CHECK(r["source"] == (external ? "record" : "seed"));
      }
    }
  }
}

// A move log as JSON without the explanations ([variant, move, explanation]
// loses its third element).
static json without_explanations(const arena::MoveLog& log) {
  json moves = log.to_json();
  for (json& m : moves)
    if (m.size() == 3) m.erase(2);
  return moves;
}

// Explanations (engines/core/explain.hpp) change no decision: for every
// shipped config without external programs, Python functions or clocks, the
// first games (and a later one) played as a replay plays them, with every
// strategy explaining, and as a run plays them, with none explaining, have the
// same moves and results. (A run opens no scope, so its games.csv is the
// unexplained play: the test above compares replays with it, row by row.)
TEST_CASE("explanations change no move and no result of any shipped config") {
  const fs::path dir = scratch("replay-explained");
  const arena::Registry registry = arena::make_registry();
  size_t configs = 0;
  size_t explained = 0;
  for (const auto& entry : fs::directory_iterator(kSource / "configs")) {
    if (entry.path().extension() != ".yaml") continue;
    const arena::RunConfig config =
        arena::load_config(quick_copy(entry.path(), dir).string(), registry);
    if (!std::all_of(config.players.begin(), config.players.end(),
                     [](const arena::PlayerConfig& p) {
                       return !arena::is_linked(p.strategy) && arena::follows_from_seed(p);
                     }))
      continue;
    ++configs;
    const auto match = registry.find(config.engine)->make_match(config, config.seed.value_or(1));
    std::vector<std::string> names;
    for (const arena::PlayerConfig& p : config.players)
      names.push_back(p.name);
    const uint64_t series = match->series_length();
    for (const uint64_t game :
         {uint64_t{0}, std::min<uint64_t>(series + 1, match->game_count() - 1)}) {
      INFO(entry.path().filename() << " game " << game);
      REQUIRE_FALSE(arena::ExplainScope::explaining());
      const arena::ReplayedGame with = arena::replay_from_seed(config, *match, game);
      std::vector<arena::LatencyHistogram> latency(config.players.size() * arena::kMaxPhases);
      arena::GameSink sink(latency);
      sink.log_moves();
      const std::unique_ptr<arena::SeriesMemory> memory = match->new_series();
      for (uint64_t g = game - game % series; g <= game; ++g)
        arena::play_one_game(*match, g, sink, memory.get());
      CHECK(without_explanations(with.moves) == without_explanations(sink.moves()));
      const size_t metrics = match->metrics().size();
      CHECK(arena::game_rows(game, with.seats, names, metrics) ==
            arena::game_rows(game, sink.seats(), names, metrics));
      for (const arena::MoveLog::Entry& e : with.moves.entries())
        explained += with.moves.explanation(e).is_null() ? 0 : 1;
      for (const arena::MoveLog::Entry& e : sink.moves().entries())
        CHECK(sink.moves().explanation(e).is_null());  // nobody explains outside a scope
    }
  }
  CHECK(configs >= 10);
  CHECK(explained > 0);  // some strategy explained something
}

TEST_CASE("a game replayed from its record is the game replayed from the seed") {
  const fs::path dir = scratch("replay-record");
  const std::string config = R"(name: r
engine: go-fish
seed: 4
games: 12
rules: {seats: 3}
players:
  - {name: counting, strategy: counting}
  - {name: memory, strategy: memory}
  - {name: belief, strategy: belief}
)";
  write_file(dir / "seed.yaml", config + "output: {moves: none}\n");
  write_file(dir / "record.yaml", config + "output: {moves: all}\n");
  REQUIRE(arena_in(dir, "run seed.yaml --quiet --out seed").code == 0);
  REQUIRE(arena_in(dir, "run record.yaml --quiet --out record").code == 0);
  CHECK_FALSE(fs::exists(dir / "seed" / arena::kMovesFile));
  for (uint64_t game = 0; game < 12; game += 5) {
    const json from_seed = replay_json(dir / "seed", game, dir);
    const json from_record = replay_json(dir / "record", game, dir);
    CHECK(from_seed["source"] == "seed");
    CHECK(from_record["source"] == "record");
    // The same steps; from the seed the strategies also explain them (a record keeps
    // only what external programs explained).
    json seed_steps = from_seed["steps"];
    for (auto& step : seed_steps)
      step.erase("explain");
    CHECK(seed_steps == from_record["steps"]);
    CHECK(from_seed["result"] == from_record["result"]);
    CHECK(from_record["games_csv"] == "matches");
  }
}

TEST_CASE("replay shows the board after every move, in text, JSON and a page") {
  const fs::path dir = scratch("replay-formats");
  write_file(dir / "duel.yaml", R"(name: duel
engine: battleship
seed: 2
games: 4
mode: duel
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
)");
  REQUIRE(arena_in(dir, "run duel.yaml --quiet --out out").code == 0);
  const json r = replay_json(dir / "out", 1, dir);
  // Every shot is a step; the last one sinks the winner's last ship.
  const auto& rows = r["result"];
  const int64_t shots =
      rows[0]["metrics"]["shots"].get<int64_t>() + rows[1]["metrics"]["shots"].get<int64_t>();
  CHECK(r["steps"].size() == static_cast<size_t>(shots));
  CHECK_THAT(r["steps"].back()["text"].get<std::string>(), Catch::Contains("sunk"));
  CHECK(r["steps"].back()["board"].size() == 12);  // title, column letters, ten rows
  const auto text = arena_in(dir, "replay out --game 1");
  REQUIRE(text.code == 0);
  CHECK_THAT(text.out, Catch::Contains("1. ") && Catch::Contains("A B C D E F G H I J") &&
                           Catch::Contains("equals this game's rows in games.csv"));
  REQUIRE(arena_in(dir, "replay out --game 1 --html game.html").code == 0);
  const std::string page = read_file(dir / "game.html");
  CHECK_THAT(page, Catch::Contains("id=\"replay-data\"") && Catch::Contains("ArrowRight"));
  // Nothing fetched (an SVG namespace URI is a name, not an address).
  for (const char* fetch : {"src=\"http", "href=\"http", "url(http", "url('http", "url(\"http",
                            "@import", "fetch(", "XMLHttpRequest", "<link"})
    CHECK(page.find(fetch) == std::string::npos);
}

TEST_CASE("replay --variant shows one variant's board where variants play apart") {
  const fs::path dir = scratch("replay-variant");
  REQUIRE(arena_in(dir, "run " + (kSource / "configs/quickstart.yaml").string() +
                            " --games 20 --quiet --out out")
              .code == 0);
  const json all = replay_json(dir / "out", 3, dir);
  const json one = replay_json(dir / "out", 3, dir, " --variant density");
  CHECK(one["steps"].size() < all["steps"].size());
  for (const auto& step : one["steps"])
    CHECK(step["variant"] == "density");
  CHECK(one["games_csv"] == "matches");
  const auto unknown = arena_in(dir, "replay out --game 3 --variant nobody");
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("no variant 'nobody'") && Catch::Contains("density"));
}

TEST_CASE("replay refuses what it cannot show, with one line saying why") {
  const fs::path dir = scratch("replay-refused");
  REQUIRE(arena_in(dir, "run " + (kSource / "configs/quickstart.yaml").string() +
                            " --games 20 --quiet --out out")
              .code == 0);
  const auto past = arena_in(dir, "replay out --game 20");
  CHECK(past.code == 2);
  CHECK_THAT(past.err, Catch::Contains("the run has games 0 to 19"));
  const auto nothing = arena_in(dir, "replay nowhere --game 0");
  CHECK(nothing.code == 2);
  CHECK_THAT(nothing.err, Catch::Contains("not a results folder"));
  // A record that does not fit its game is refused, not shown wrongly.
  write_file(dir / "r.yaml", R"(name: r
engine: go-fish
seed: 4
games: 6
rules: {seats: 3}
players: [{strategy: memory}, {strategy: random}, {strategy: belief}]
output: {moves: all}
)");
  REQUIRE(arena_in(dir, "run r.yaml --quiet --out rec").code == 0);
  std::string moves = arena::read_text_file(dir / "rec" / arena::kMovesFile);
  const size_t at = moves.find("\"moves\":[[0,") + 10;
  moves.replace(at, 1, "1");  // the first move is now by another variant
  arena::AppendFile out(dir / "rec" / arena::kMovesFile, arena::AppendFile::Kind::kGzip,
                        std::nullopt);
  out.append(moves);
  out.finish();
  const auto bad = arena_in(dir, "replay rec --game 0");
  CHECK(bad.code == 2);
  CHECK_THAT(bad.err, Catch::Contains("the record does not fit this game"));
}

TEST_CASE("a game of an external program without a record says how to record it") {
  const fs::path dir = scratch("replay-external");
  const std::string config = fmt::format(R"(name: bot
engine: battleship
seed: 3
games: 4
players:
  - {{name: ref, strategy: external, params: {{command: "{}"}}}}
  - {{name: random, strategy: random}}
)",
                                         ARENA_REFERENCE_BOT);
  write_file(dir / "bot.yaml", config + "output: {moves: none}\n");
  REQUIRE(arena_in(dir, "run bot.yaml --quiet --out out").code == 0);
  const auto o = arena_in(dir, "replay out --game 2");
  CHECK(o.code == 2);
  CHECK_THAT(o.err, Catch::Contains("ref is an external program") &&
                        Catch::Contains("output: {moves: all}"));
  // By default such games are recorded, and replay reads them.
  write_file(dir / "bot.yaml", config);
  REQUIRE(arena_in(dir, "run bot.yaml --quiet --out recorded").code == 0);
  const json r = replay_json(dir / "recorded", 2, dir);
  CHECK(r["source"] == "record");
  CHECK(r["games_csv"] == "matches");
}

TEST_CASE("moves.jsonl.gz holds the games output.moves asks for, in game order") {
  const fs::path dir = scratch("moves-policy");
  const std::string base = R"(name: m
engine: battleship
seed: 7
games: 1000
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
)";
  const auto lines = [&](const std::string& output) {
    write_file(dir / "m.yaml", base + output);
    REQUIRE(arena_in(dir, "run m.yaml --quiet --threads 2 --out out").code == 0);
    std::vector<uint64_t> games;
    if (!fs::exists(dir / "out" / arena::kMovesFile)) return games;
    arena::for_each_line(dir / "out" / arena::kMovesFile, [&](std::string_view line) {
      games.push_back(json::parse(line)["game"].get<uint64_t>());
      return true;
    });
    fs::remove_all(dir / "out");
    return games;
  };
  CHECK(lines("output: {moves: none}\n").empty());
  CHECK(lines("").empty());  // forfeits (the default): none forfeited here
  const auto sample = lines("output: {moves: {sample: 10}}\n");
  REQUIRE(sample.size() == 10);
  CHECK(std::is_sorted(sample.begin(), sample.end()));
  CHECK(sample.front() < 100);
  CHECK(sample.back() >= 900);
  const auto all = lines("output: {moves: all, games_csv: false}\n");
  REQUIRE(all.size() == 1000);
  for (uint64_t g = 0; g < all.size(); ++g)
    CHECK(all[g] == g);
}

TEST_CASE("a move log reads back as it was written") {
  arena::MoveLog log;
  log.add(0, 17);
  log.add(1, std::vector<int32_t>{3, 9, 12});
  log.add_fault(arena::StrategyFault(1, arena::Fault::kCrashed, "exit code 3"));
  const arena::MoveLog back = arena::MoveLog::from_json(log.to_json());
  CHECK(back.to_json() == log.to_json());
  CHECK(back.to_json().dump() ==
        R"([[0,17],[1,[3,9,12]],[1,{"fault":"crashed","message":"exit code 3"}]])");
  CHECK_THROWS_AS(arena::MoveLog::from_json(json::parse(R"([[0]])")), std::invalid_argument);
  CHECK_THROWS_AS(arena::MoveLog::from_json(json::parse(R"([[0,{"fault":"odd"}]])")),
                  std::invalid_argument);
}

TEST_CASE("the report links each variant's best and worst game, and replaying one shows it") {
  const fs::path dir = scratch("replay-notable");
  REQUIRE(arena_in(dir, "run " + (kSource / "configs/quickstart.yaml").string() +
                            " --games 300 --quiet --out out")
              .code == 0);
  const json summary = json::parse(read_file(dir / "out/summary.json"));
  // The commands' text, without the spans that keep each word on one line.
  std::string report = read_file(dir / "out/report.html");
  for (const std::string tag : {"<span class=\"word\">", "</span>"})
    for (size_t at; (at = report.find(tag)) != std::string::npos;)
      report.erase(at, tag.size());
  for (const auto& v : summary["variants"]) {
    const std::string name = v["name"];
    for (const char* which : {"best", "worst"}) {
      INFO(name << " " << which);
      const auto& ref = v["notable_games"][which];
      const uint64_t game = ref["game"];
      // The folder as the run was told it (--out out, from `dir`).
      CHECK_THAT(report, Catch::Contains(
                             fmt::format("arena replay out --game {} --variant {}", game, name)));
      const json r = replay_json(dir / "out", game, dir, " --variant " + name);
      for (const auto& seat : r["result"])
        if (seat["variant"] == name) CHECK(seat["metrics"]["shots"] == ref["shots"]);
    }
    // The best is no worse than any game of the variant, the worst no better.
    CHECK(v["notable_games"]["best"]["shots"] == v["metrics"]["shots"]["min"]);
    CHECK(v["notable_games"]["worst"]["shots"] == v["metrics"]["shots"]["max"]);
  }
}

TEST_CASE("the crosstable is every variant's score against every other, in stdout and summary") {
  const fs::path dir = scratch("crosstable");
  const auto run = arena_in(dir, "run " + (kSource / "configs/quickstart.yaml").string() +
                                     " --games 400 --quiet --detail --out out");
  REQUIRE(run.code == 0);
  const json summary = json::parse(read_file(dir / "out/summary.json"));
  const json& c = summary["crosstable"];
  REQUIRE(c["variants"].size() == 5);
  for (const auto& m : summary["matches"]) {
    const auto index = [&](const std::string& name) {
      for (size_t i = 0; i < c["variants"].size(); ++i)
        if (c["variants"][i] == name) return i;
      FAIL(name);
      return size_t{0};
    };
    const size_t a = index(m["a"]);
    const size_t b = index(m["b"]);
    const double score =
        (m["wins"].get<double>() + 0.5 * m["draws"].get<double>()) / m["games"].get<double>();
    CHECK(c["score"][a][b].get<double>() == Approx(score));
    CHECK(c["score"][b][a].get<double>() == Approx(1 - score));
    CHECK(c["games"][a][b] == m["games"]);
  }
  CHECK(c["score"][0][0].is_null());
  CHECK_THAT(run.out, Catch::Contains("crosstable (score of each row against each column, %"));
  CHECK_THAT(read_file(dir / "out/report.html"), Catch::Contains("<h2>Crosstable</h2>"));
}

// A program that crashes mid-game or moves illegally: its forfeited games are
// recorded by default, and replay shows the moves up to the fault and the
// forfeit, with the rows of games.csv.
TEST_CASE("a forfeited game replays to its forfeit from the record") {
  const fs::path dir = scratch("replay-forfeit");
  for (const std::string mode : {"dies-mid-game", "illegal"}) {
    SECTION(mode) {
      write_file(dir / "f.yaml", fmt::format(R"(name: f
engine: battleship
seed: 5
games: 6
players:
  - {{name: bot, strategy: external, params: {{command: "python3 {} {}"}}}}
  - {{name: random, strategy: random}}
)",
                                             (kSource / "tests/bots/fault_bot.py").string(), mode));
      REQUIRE(arena_in(dir, "run f.yaml --quiet --out " + mode).code == 0);
      const json r = replay_json(dir / mode, 1, dir, " --variant bot");
      CHECK(r["source"] == "record");
      CHECK(r["games_csv"] == "matches");
      bool forfeit = false;
      for (const auto& seat : r["result"])
        forfeit |= seat["variant"] == "bot" && !seat["forfeit"].is_null();
      CHECK(forfeit);
      const std::string last = r["steps"].back()["text"];
      if (mode == "illegal") {
        CHECK_THAT(last, Catch::Contains("shot at row 99, col 0: off the 10x10 board"));
      } else {
        CHECK_THAT(last, Catch::Contains("bot forfeits (crashed)"));
      }
    }
  }
}

// An external program may explain its moves (docs/protocol.md: the move
// reply's "explain" object): a run that records the program's moves keeps
// the explanations, and the replay shows them on the program's steps (the
// built-in strategy's moves, from the same record, have none: a run asks
// built-in strategies for none). An "explain" that is not an object is a
// protocol error.
TEST_CASE("an external program's explanations are kept in its record and shown by replay") {
  arena::testing::require_python();
  const fs::path dir = scratch("replay-bot-explains");
  const std::string bot = (kSource / "tests/bots/explaining_bot.py").string();
  for (const std::string mode : {"solo", "duel"}) {
    SECTION(mode) {
      write_file(dir / (mode + ".yaml"), fmt::format(R"(name: e
engine: battleship
seed: 3
games: 4
mode: {}
players:
  - {{name: bot, strategy: external, params: {{command: "python3 {}"}}}}
  - {{name: density, strategy: density}}
output: {{moves: all}}
)",
                                                     mode, bot));
      REQUIRE(arena_in(dir, "run " + mode + ".yaml --quiet --out " + mode).code == 0);
      const json r = replay_json(dir / mode, 1, dir);
      CHECK(r["source"] == "record");
      CHECK(r["games_csv"] == "matches");
      int bot_steps = 0;
      for (const auto& step : r["steps"]) {
        if (step["variant"] != "bot" || !step["move"].contains("result")) {
          CHECK_FALSE(step.contains("explain"));
          continue;
        }
        ++bot_steps;
        REQUIRE(step.contains("explain"));
        const json& why = step["explain"];
        CHECK_THAT(why["text"].get<std::string>(),
                   Catch::Contains(step["move"]["cell"].get<std::string>()));
        REQUIRE(why["heat"].size() == 10);
        CHECK(why["heat"][0].size() == 10);
        CHECK(why["best"] == step["move"]["row"].get<int>() * 10 + step["move"]["col"].get<int>());
      }
      CHECK(bot_steps >= (mode == "solo" ? 17 : 1));  // solo: at least the fleet's cells
      // The text replay says why too.
      const auto text = arena_in(dir, "replay " + mode + " --game 1");
      CHECK_THAT(text.out, Catch::Contains("   why: the first cell not fired at: A1"));
    }
  }
  SECTION("not an object") {
    write_file(dir / "bad.yaml", fmt::format(R"(name: e
engine: battleship
seed: 3
games: 2
players:
  - {{name: bot, strategy: external, params: {{command: "python3 {} not-an-object"}}}}
  - {{name: density, strategy: density}}
)",
                                             bot));
    const auto o = arena_in(dir, "run bad.yaml --out bad");
    INFO(o.err);
    REQUIRE(o.code == 0);  // the run completes, the program forfeiting its games
    const json summary = json::parse(read_file(dir / "bad/summary.json"));
    CHECK(summary["variants"][0]["forfeits"]["protocol-error"] == 2);
    CHECK_THAT(o.err, Catch::Contains("bot forfeits (protocol-error)") &&
                          Catch::Contains("\"explain\" is not a JSON object"));
  }
}

// A bot's explanation is its own text: the text replay quotes it as every
// text of a bot is quoted (harness/runner/bot_text.hpp), so an escape
// sequence, a reordering control, a NUL or a newline that would start a fake
// replay line reaches the terminal as an escape; a text that is no string is
// shown as JSON; a huge one is cut, saying how long it was. (The page's side:
// tests/replay_in_browser_battleship.py.)
TEST_CASE("a bot's explanation reaches the text replay escaped and cut") {
  arena::testing::require_python();
  const fs::path dir = scratch("replay-bot-hostile");
  const std::string bot = (kSource / "tests/bots/explaining_bot.py").string();
  write_file(dir / "h.yaml", fmt::format(R"(name: h
engine: battleship
seed: 3
games: 1
players:
  - {{name: bot, strategy: external, params: {{command: "python3 {} hostile"}}}}
output: {{moves: all}}
)",
                                         bot));
  REQUIRE(arena_in(dir, "run h.yaml --quiet --out h").code == 0);
  const auto text = arena_in(dir, "replay h --game 0");
  REQUIRE(text.code == 0);
  const std::string& out = text.out;
  // Nothing the terminal would act on.
  CHECK(out.find('\x1b') == std::string::npos);
  CHECK(out.find('\0') == std::string::npos);
  CHECK(out.find("\xe2\x80\xae") == std::string::npos);  // U+202E, right-to-left override
  // What was sent, as escapes, on the line of its step.
  CHECK_THAT(
      out, Catch::Contains(
               R"(   why: \x1b]0;owned\x07\x1b[2J\u{202e}A1 gnihton\x00\x0a99. fake shot at J10)"));
  CHECK_THAT(out,
             Catch::Contains(R"(   why: {"cell":")") && Catch::Contains(R"(","nested":[1,2]})"));
  CHECK_THAT(out, Catch::Contains("... (200003 bytes)"));
  size_t longest = 0;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    CHECK_FALSE(line.rfind("99. fake", 0) == 0);  // no line of the bot's making
    longest = std::max(longest, line.size());
  }
  CHECK(longest < 2100);  // the 200,000 characters cut at 2,000 bytes
}

// A search against the clock decides differently on another day: its games
// come from the record (kept by default), and without one replay says so.
TEST_CASE("a time-limited strategy's games replay from the record, never from the seed") {
  const fs::path dir = scratch("replay-clock");
  const std::string config = R"(name: clock
engine: chinese-checkers
seed: 6
games: 2
rules: {max_plies: 30}
players:
  - {name: mcts, strategy: mcts, params: {time_ms: 1}}
  - {name: greedy, strategy: greedy}
)";
  write_file(dir / "kept.yaml", config);
  write_file(dir / "none.yaml", config + "output: {moves: none}\n");
  REQUIRE(arena_in(dir, "run kept.yaml --quiet --out kept").code == 0);
  REQUIRE(arena_in(dir, "run none.yaml --quiet --out none").code == 0);
  const json r = replay_json(dir / "kept", 1, dir);
  CHECK(r["source"] == "record");
  CHECK(r["games_csv"] == "matches");
  const auto refused = arena_in(dir, "replay none --game 1");
  CHECK(refused.code == 2);
  CHECK_THAT(refused.err, Catch::Contains("mcts searches against the clock"));
}

namespace {

// The recorded moves of game `game` in `run`/moves.jsonl.gz, as [variant, move] pairs.
json recorded_moves(const fs::path& run, uint64_t game) {
  json found;
  arena::for_each_line(run / arena::kMovesFile, [&](std::string_view line) {
    const json j = json::parse(line);
    if (j["game"] != game) return true;
    found = j;
    return false;
  });
  REQUIRE(found.is_object());
  return found;
}

// A recorded move decoded by the rule docs/results.md gives for `engine`
// (`side`: the board's side, rules.size or n), in the fields of the move its
// replay shows.
json decoded(const std::string& engine, const json& move, int side) {
  if (engine == "battleship") {
    const int cell = move.get<int>();
    return {{"row", cell / side}, {"col", cell % side}};  // row x size + column
  }
  if (engine == "go-fish") {
    const int ask = move.get<int>();
    return {{"target", ask / 64}, {"rank", ask % 64}};  // target x 64 + rank
  }
  if (engine == "chinese-checkers") {
    const int hop = move.get<int>();
    return {{"from", hop / 128}, {"to", hop % 128}};  // from x 128 + to
  }
  json rooks = json::array();  // rooks: cells row x n + column
  for (const json& cell : move)
    rooks.push_back({cell.get<int>() / side, cell.get<int>() % side});
  return {{"rooks", rooks}};
}

}  // namespace

// docs/results.md says how each engine's moves are written in moves.jsonl.gz;
// a reader written from it must read what arena writes.
TEST_CASE("every engine's recorded moves decode by docs/results.md to the moves its replay shows") {
  const fs::path dir = scratch("move-encodings");
  struct Case {
    std::string engine;
    std::string config;
    int side;
  };
  const std::vector<Case> cases = {
      {"battleship",
       "mode: duel\nrules: {size: 8}\ngames: 4\nplayers: [{name: d, strategy: "
       "density}, {name: r, strategy: random}]\n",
       8},
      {"go-fish",
       "rules: {seats: 3}\ngames: 6\nplayers: [{name: m, strategy: memory}, {name: r, "
       "strategy: random}, {name: c, strategy: counting}]\n",
       0},
      {"chinese-checkers",
       "rules: {max_plies: 30}\ngames: 2\nplayers: [{name: g, strategy: "
       "greedy}, {name: r, strategy: random}]\n",
       0},
      {"rooks",
       "rules: {n: [6]}\ngames: 4\nplayers: [{name: g, strategy: random-greedy}, "
       "{name: e, strategy: exact}]\n",
       6}};
  for (const Case& c : cases) {
    DYNAMIC_SECTION(c.engine) {
      write_file(dir / "run.yaml", "name: codes\nengine: " + c.engine + "\nseed: 3\n" + c.config +
                                       "output: {moves: all}\n");
      const fs::path run = dir / c.engine;
      REQUIRE(
          arena_cli("run " + (dir / "run.yaml").string() + " --quiet --out " + run.string(), dir)
              .code == 0);
      for (const uint64_t game : {0, 1}) {
        const json record = recorded_moves(run, game);
        const json shown = replay_json(run, game, dir);
        std::vector<json> steps;  // the moves of the strategies, in order
        for (const json& step : shown["steps"])
          if (!step["variant"].is_null()) steps.push_back(step);
        REQUIRE(steps.size() == record["moves"].size());
        for (size_t k = 0; k < steps.size(); ++k) {
          const json& entry = record["moves"][k];
          INFO("game " << game << ", move " << k << ": " << entry.dump());
          CHECK(shown["variants"][entry[0].get<size_t>()] == steps[k]["variant"]);
          const json want = decoded(c.engine, entry[1], c.side);
          for (const auto& [field, value] : want.items())
            CHECK(steps[k]["move"][field] == value);
        }
        // games.csv's seat column is the position in the record's seats.
        const std::string rows = shown["rows"].get<std::string>();
        size_t seat = 0;
        for (const json& variant : record["seats"]) {
          const std::string row =
              fmt::format("{},{},{},", game,
                          shown["variants"][variant.get<size_t>()].get<std::string>(), seat++);
          CHECK_THAT(rows, Catch::Contains("\n" + row) || Catch::StartsWith(row));
        }
      }
    }
  }
}
