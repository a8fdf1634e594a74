// Bad input as a new user types it, on every subcommand: one line on stderr in
// Arena's own words naming the real cause (the flag, not a config line that
// says something else; the system's reason a folder cannot be made), exit 2,
// and earlier results untouched. No text of the command-line parser (CLI11)
// reaches the user, in errors or in --help.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_in;
using arena::testing::Outcome;
using arena::testing::read_file;
using arena::testing::scratch;
using arena::testing::write_file;

namespace {

// Two seats, so games come in deals of 2 seat orders; line 4 says 40.
const char* kChineseCheckers = R"(name: cc
engine: chinese-checkers
seed: 1
games: 40
rules: {max_plies: 20}
players: [{name: a, strategy: greedy}, {name: b, strategy: random}]
)";

// Variants that play apart, each on its own board (mode solo).
const char* kSolo = R"(name: solo
engine: battleship
seed: 2
games: 4
players: [{name: exact, strategy: density}, {name: memory, strategy: random}]
)";

// One line on stderr starting "arena: ", nothing on stdout, exit 2.
void check_refused(const Outcome& o) {
  INFO(o.err);
  CHECK(o.code == 2);
  CHECK(o.err.rfind("arena: ", 0) == 0);
  CHECK(std::count(o.err.begin(), o.err.end(), '\n') == 1);
  CHECK(o.out.empty());
}

// Phrases of CLI11's own messages and help, which Arena words itself.
const char* const kParserTexts[] = {
    "Could not convert", "not in range", " is required", "not expected", " excludes ", " requires ",
    "At least",          "required but", "A subcommand", "INT",          "TEXT",       "FLOAT",
    "REQUIRED",          "Excludes:",    "Needs:",       " x 3",         " x 5",       "not in {"};

void check_no_parser_text(const std::string& text) {
  for (const char* phrase : kParserTexts) {
    INFO(phrase);
    CHECK(text.find(phrase) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("an --out that cannot be made says why, exits 2 and keeps earlier results") {
  const fs::path dir = scratch("bad-out");
  write_file(dir / "c.yaml", kSolo);
  REQUIRE(arena_in(dir, "run c.yaml --quiet --out earlier").code == 0);
  const std::string before = read_file(dir / "earlier" / "summary.json");
  write_file(dir / "plain-file", "not a folder");

  const Outcome through_file = arena_in(dir, "run c.yaml --out plain-file/out");
  check_refused(through_file);
  CHECK(through_file.err ==
        "arena: plain-file/out: cannot create the folder plain-file: Not a directory\n");
  CHECK(read_file(dir / "plain-file") == "not a folder");

  const Outcome is_file = arena_in(dir, "run c.yaml --out plain-file");
  check_refused(is_file);
  CHECK(is_file.err == "arena: plain-file: is a file, not a folder; refusing to replace it\n");

  // A folder is replaced by renaming another into its place: "." has no name
  // to rename (this played every game, then failed with exit 1).
  const Outcome here = arena_in(dir, "run c.yaml --out .");
  check_refused(here);
  CHECK(here.err ==
        "arena: '.': the results folder needs a name of its own (such as results/x): a run "
        "replaces it whole\n");
  check_refused(arena_in(dir, "run c.yaml --out earlier/.."));
  check_refused(arena_in(dir, "run c.yaml --out ''"));

  if (fs::is_directory("/proc/self")) {  // a folder nobody may create files in
    const Outcome proc = arena_in(dir, "run c.yaml --out /proc/nope");
    check_refused(proc);
    CHECK_THAT(proc.err, Catch::StartsWith("arena: /proc/nope: cannot create /proc/.nope.lock: ") &&
                             !Catch::Contains("another arena run"));
  }
  if (::geteuid() != 0) {  // root may write into a read-only folder
    fs::permissions(dir, fs::perms::owner_write, fs::perm_options::remove);
    const Outcome read_only = arena_in(dir, "run c.yaml --out earlier");
    fs::permissions(dir, fs::perms::owner_write, fs::perm_options::add);
    check_refused(read_only);
    CHECK_THAT(read_only.err, Catch::Contains("Permission denied"));
  }
  CHECK(read_file(dir / "earlier" / "summary.json") == before);
}

TEST_CASE("an error in a value that a flag set names the flag, not the config's line") {
  const fs::path dir = scratch("flag-errors");
  write_file(dir / "cc.yaml", kChineseCheckers);
  const Outcome games = arena_in(dir, "run cc.yaml --games 7 --out o");
  check_refused(games);
  CHECK(games.err ==
        "arena: --games 7: 7 games do not split into whole deals: each deal is played once per "
        "seat order, 2 orders here; use a multiple of 2\n");
  // Written in the file, the same error names the file's line.
  std::string text = kChineseCheckers;
  text.replace(text.find("games: 40"), 9, "games: 7");
  write_file(dir / "seven.yaml", text);
  const Outcome in_file = arena_in(dir, "run seven.yaml --out o");
  CHECK(in_file.code == 2);
  CHECK_THAT(in_file.err, Catch::StartsWith("seven.yaml:4:8: games: 7 games do not split"));

  write_file(dir / "series.yaml",
             "name: s\nengine: battleship\ngames: 8\nrules: {series_length: 4}\n"
             "players: [{strategy: random}]\n");
  const Outcome series = arena_in(dir, "run series.yaml --games 6 --out o");
  check_refused(series);
  CHECK(series.err == "arena: --games 6: 6 games do not split into series of 4 games\n");
  CHECK_FALSE(fs::exists(dir / "o"));
}

TEST_CASE("negative numbers are refused by every integer flag, never wrapped around") {
  const fs::path dir = scratch("negative");
  write_file(dir / "c.yaml", kSolo);
  const std::pair<const char*, const char*> cases[] = {
      {"stats --wld -1 2 3", "--wld"},
      {"stats --penta 1 2 -3 4 5", "--penta"},
      {"replay nowhere --game -1", "--game"},
      {"run c.yaml --games -4", "--games"},
      {"run c.yaml --threads -1", "--threads"},
      {"run c.yaml --seed -1", "--seed"},
      {"train c.yaml --seed -1", "--seed"},
      {"tune c.yaml --threads -2", "--threads"},
      {"bench --threads -2", "--threads"},
      {"perft chinese-checkers --depth -1", "--depth"},
      {"check-bot battleship --games -1 -- true", "--games"}};
  for (const auto& [args, flag] : cases) {
    INFO(args);
    const Outcome o = arena_in(dir, args);
    check_refused(o);
    CHECK_THAT(o.err, Catch::StartsWith(std::string("arena: ") + flag + ": '-") &&
                          Catch::Contains("' is not a non-negative integer (see 'arena "));
  }
  for (const char* args : {"run c.yaml --checkpoint-every -1", "tune c.yaml --checkpoint-every -1",
                           "check-bot battleship --decision-ms -1 -- true"}) {
    INFO(args);
    const Outcome o = arena_in(dir, args);
    check_refused(o);
    CHECK_THAT(o.err, Catch::Contains(": -1 is out of range [") && !Catch::Contains("000000"));
  }
  // --shard's two numbers: digits only, never wrapped (4294967297 was taken as 1).
  for (const char* shard : {"1/4294967297", "+1/2", "' 1/2'", "1/-2", "1/2x", "1/"}) {
    INFO(shard);
    const Outcome o = arena_in(dir, std::string("run c.yaml --shard ") + shard);
    check_refused(o);
    CHECK_THAT(o.err, Catch::Contains("is not I/N with 1 <= I <= N"));
  }
}

TEST_CASE("an unknown subcommand or option gets a suggestion, in Arena's words") {
  const fs::path dir = scratch("unknown-words");
  write_file(dir / "c.yaml", kSolo);
  const Outcome runn = arena_in(dir, "runn c.yaml");
  check_refused(runn);
  CHECK_THAT(runn.err, Catch::StartsWith("arena: unknown subcommand 'runn' (did you mean 'run'?); "
                                         "subcommands: run, train, tune, list,"));
  const Outcome none = arena_in(dir, "");
  check_refused(none);
  CHECK_THAT(none.err, Catch::StartsWith("arena: no subcommand given; subcommands: run,"));
  const Outcome option = arena_in(dir, "run c.yaml --gmaes 4");
  check_refused(option);
  CHECK(
      option.err ==
      "arena: run: unknown option '--gmaes' (did you mean '--games'?) (see 'arena run --help')\n");
  const Outcome missing = arena_in(dir, "run");
  check_refused(missing);
  CHECK(missing.err == "arena: run needs CONFIG.yaml (see 'arena run --help')\n");
  const Outcome game = arena_in(dir, "replay somewhere");
  check_refused(game);
  CHECK(game.err == "arena: replay needs --game N (see 'arena replay --help')\n");
  const Outcome value = arena_in(dir, "run c.yaml --games");
  check_refused(value);
  CHECK(value.err == "arena: --games needs a value: N (see 'arena run --help')\n");
  const Outcome counts = arena_in(dir, "stats --wld 1 2");
  check_refused(counts);
  CHECK(counts.err == "arena: --wld takes exactly 3 values: W L D (see 'arena stats --help')\n");
}

TEST_CASE("no text of the command-line parser reaches the user, in errors or in help") {
  const fs::path dir = scratch("parser-texts");
  write_file(dir / "c.yaml", kSolo);
  // (Missing subcommands, arguments and values are in the test above.)
  for (const std::string args : {"--frobnicate",
                                 "run c.yaml extra.yaml",
                                 "run c.yaml --games 1 --games 2",
                                 "run c.yaml --checkpoint-every soon",
                                 "stats",
                                 "stats --wld a,b,c",
                                 "stats --wld a b c",
                                 "stats --wld 1 2 3 --penta 1 2 3 4 5",
                                 "stats --wld 1 2 3 --elo0 0",
                                 "stats --wld 1 2 3 --elo0 0 --elo1 5 --model odd",
                                 "stats --wld 1 2 3 --elo0 0 --elo1 5 --alpha 2",
                                 "stats --wld 1 2 3 --elo0 x --elo1 5",
                                 "replay",
                                 "replay d --game x",
                                 "replay d --game 1 --json --html x.html",
                                 "perft",
                                 "perft chinese-checkers --depth 9",
                                 "perft chinese-checkers --depth 2 --players 5",
                                 "solve",
                                 "layouts",
                                 "layouts battleship --heat=maybe",
                                 "merge",
                                 "new",
                                 "check-bot battleship --games 0 -- true",
                                 "check-bot battleship --decision-ms x -- true",
                                 "schema extra",
                                 "list a b",
                                 "run c.yaml --quiet=maybe",
                                 "run ''",
                                 "replay '' --game 1"}) {
    INFO(args);
    const Outcome o = arena_in(dir, args);
    check_refused(o);
    check_no_parser_text(o.err);
    CHECK_THAT(o.err, Catch::EndsWith("--help')\n"));
  }
  for (const std::string sub :
       {"", "run", "train", "tune", "list", "new", "schema", "check-bot", "solve", "layouts",
        "merge", "report", "replay", "perft", "bench", "stats"}) {
    INFO(sub);
    const Outcome help = arena_in(dir, sub + " --help");
    CHECK(help.code == 0);
    CHECK_THAT(help.out, Catch::Contains("Usage: arena "));
    check_no_parser_text(help.out);
  }
}

TEST_CASE("arena list ENGINE shows one engine, and an unknown one is refused with a suggestion") {
  const fs::path dir = scratch("list-one");
  const Outcome one = arena_cli("list rooks", dir);
  CHECK(one.code == 0);
  CHECK_THAT(one.out, Catch::StartsWith("engine rooks: ") && !Catch::Contains("engine battleship"));
  const std::string all = arena_cli("list", dir).out;
  CHECK(one.out == all.substr(all.find("engine rooks: ")));  // the last engine's part of the whole
  const Outcome typo = arena_cli("list battleshp", dir);
  check_refused(typo);
  CHECK(typo.err ==
        "arena: list: unknown engine 'battleshp'; engines: battleship, chinese-checkers, go-fish, "
        "rooks (did you mean 'battleship'?)\n");
}

TEST_CASE("replay --variant is refused where variants play each other, and suggests a name") {
  const fs::path dir = scratch("replay-variant-words");
  write_file(dir / "cc.yaml", kChineseCheckers);
  write_file(dir / "solo.yaml", kSolo);
  REQUIRE(arena_in(dir, "run cc.yaml --games 2 --quiet --out cc").code == 0);
  REQUIRE(arena_in(dir, "run solo.yaml --quiet --out solo").code == 0);
  const Outcome table = arena_in(dir, "replay cc --game 1 --variant a");
  check_refused(table);
  CHECK(table.err ==
        "arena: replay: --variant a: in mode 'play' of chinese-checkers the variants play each "
        "other, so a game is shown whole; leave out --variant\n");
  const Outcome typo = arena_in(dir, "replay solo --game 1 --variant exactt");
  check_refused(typo);
  CHECK(typo.err ==
        "arena: replay: --variant: no variant 'exactt' in this run; variants: exact, memory (did "
        "you mean 'exact'?)\n");
  CHECK(arena_in(dir, "replay solo --game 1 --variant exact").code == 0);
  const Outcome page = arena_in(dir, "replay solo --game 1 --html solo");
  check_refused(page);
  CHECK(page.err == "arena: replay: --html: cannot write solo: Is a directory\n");
}

TEST_CASE("a folder where a file belongs, or a missing one, is named as such") {
  const fs::path dir = scratch("folders");
  fs::create_directories(dir / "sub");
  const Outcome config = arena_in(dir, "run sub");
  CHECK(config.code == 2);
  CHECK(config.err == "sub:1:1: cannot read the config: it is a folder, not a file\n");
  const Outcome boards = arena_in(dir, "solve rooks sub");
  CHECK(boards.code == 2);
  CHECK(boards.err == "sub:1:1: cannot read the boards: it is a folder, not a file\n");
  write_file(dir / "r.yaml",
             "name: r\nengine: rooks\nrules: {board_file: sub}\nplayers: [{strategy: exact}]\n");
  const Outcome board_file = arena_in(dir, "run r.yaml --out o");
  CHECK(board_file.code == 2);
  CHECK_THAT(board_file.err, Catch::StartsWith("r.yaml:3:21: rules.board_file: cannot read ") &&
                                 Catch::EndsWith("sub: it is a folder, not a file\n"));
  const Outcome report = arena_in(dir, "report nowhere");
  check_refused(report);
  CHECK(report.err == "arena: report: nowhere: no such folder\n");
  const Outcome merge = arena_in(dir, "merge nowhere");
  check_refused(merge);
  CHECK(merge.err == "arena: merge: nowhere: no such folder\n");
}
