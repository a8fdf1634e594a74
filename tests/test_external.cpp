// Strategies from outside (docs/protocol.md): programs that speak the line
// protocol play tournaments like built-in strategies, deterministically at
// any thread count and across a resume; each kind of faulty program forfeits
// with its reason while the run completes; no program outlives arena.
// [threads]: the tests that run arena with bots on several threads, which
// .ci/checks also runs under ThreadSanitizer.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/config/params.hpp"
#include "harness/config/resolved.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/runner.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::kFaultBot;
using arena::testing::kSanitizerBuild;
using arena::testing::kSource;
using arena::testing::read_file;
using arena::testing::require_python;
using arena::testing::require_same_results;
using arena::testing::scratch;
using arena::testing::write_file;
using nlohmann::json;

namespace {

json summary_of(const fs::path& dir) {
  return json::parse(read_file(dir / "summary.json"));
}

uint64_t forfeits(const json& summary, int variant, const std::string& fault) {
  return summary["variants"][variant]["forfeits"][fault].get<uint64_t>();
}

// Whether `text` contains one of the '|'-separated alternatives in `alternatives`.
bool contains_any(const std::string& text, const std::string& alternatives) {
  size_t from = 0;
  while (true) {
    const size_t bar = alternatives.find('|', from);
    if (text.find(alternatives.substr(from, bar - from)) != std::string::npos) return true;
    if (bar == std::string::npos) return false;
    from = bar + 1;
  }
}

// Whether process `pid` is gone (a zombie counts: it runs nothing).
bool gone(pid_t pid) {
  if (::kill(pid, 0) != 0) return true;
  const std::string status = read_file("/proc/" + std::to_string(pid) + "/status");
  return status.find("State:\tZ") != std::string::npos || status.empty();
}

std::vector<pid_t> pids_in(const fs::path& file) {
  std::vector<pid_t> pids;
  std::istringstream in(read_file(file));
  for (pid_t pid; in >> pid;)
    pids.push_back(pid);
  return pids;
}

bool all_gone_within(const std::vector<pid_t>& pids, std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  for (;;) {
    bool all = true;
    for (const pid_t pid : pids)
      all = all && gone(pid);
    if (all) return true;
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

TEST_CASE("a bot's command is split into words as a shell would split it") {
  using arena::split_command;
  using V = std::vector<std::string>;
  CHECK(split_command("python3 bots/my_bot.py --depth 3") ==
        V{"python3", "bots/my_bot.py", "--depth", "3"});
  CHECK(split_command("  a\t b  ") == V{"a", "b"});
  CHECK(split_command("'my bot' \"say \\\"hi\\\"\" a\\ b") == V{"my bot", "say \"hi\"", "a b"});
  CHECK(split_command("x'y'\"z\"") == V{"xyz"});
  CHECK(split_command("'' \"\"") == V{"", ""});
  CHECK(split_command("'$HOME' \"\\$HOME\" \"\\n\"") == V{"$HOME", "$HOME", "\\n"});
  CHECK(split_command("").empty());
  CHECK_THROWS_AS(split_command("python3 'bot.py"), std::invalid_argument);
  CHECK_THROWS_AS(split_command("python3 \"bot.py"), std::invalid_argument);
}

TEST_CASE("a reply is a JSON object of the type due, else a protocol error cut short") {
  using arena::parse_reply;
  CHECK(parse_reply(R"({"type":"move","row":1,"col":2})", "move")["col"] == 2);
  CHECK(parse_reply(R"({"type":"hello","name":"x","version":"1"})", "hello")["name"] == "x");
  const auto refused = [](const std::string& line, const char* type) {
    try {
      parse_reply(line, type);
    } catch (const arena::BotError& e) {
      CHECK(e.fault() == arena::Fault::kProtocolError);
      return std::string(e.what());
    }
    FAIL("accepted: " << line);
    return std::string();
  };
  CHECK_THAT(refused("row 1 col 2", "move"),
             Catch::Contains("not valid JSON (parse error at line 1, column 1: syntax error"));
  CHECK_THAT(refused("[1, 2]", "move"),
             Catch::Contains("JSON but not an object (its type: array)"));
  // Issue 46: a lone surrogate was called "not a JSON object"; the parser's reason is named.
  CHECK_THAT(refused(R"({"type":"move","row":"\ud800"})", "move"),
             Catch::Contains("not valid JSON") && Catch::Contains("surrogate"));
  CHECK_THAT(refused(R"({"row":1})", "move"), Catch::Contains("type (none)"));
  CHECK_THAT(refused(R"({"type":7})", "move"), Catch::Contains("type 7"));
  CHECK_THAT(refused(R"({"type":"decide"})", "move"), Catch::Contains("\"move\" was due"));
  CHECK_THAT(refused(R"({"type":"hello"})", "hello"), Catch::Contains("without a \"name\""));
  CHECK_THAT(refused(R"({"type":[1]})", "move"), Catch::Contains("type array"));
  // Deep nesting is refused before nlohmann-json copies it recursively.
  const std::string deep = R"({"type":"hello","name":)" + std::string(500'000, '[') + "\"x\"" +
                           std::string(500'000, ']') + "}";
  CHECK_THAT(refused(deep, "hello"), Catch::Contains("nested deeper than 32"));
  CHECK(parse_reply(R"({"type":"move","s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["})", "move")
            .contains("s"));  // brackets inside a string are text
  const std::string flood = refused(std::string(100'000, 'x'), "move");
  CHECK(flood.size() < 500);
  CHECK_THAT(flood, Catch::Contains("(100000 bytes)"));
}

TEST_CASE("an external player's command is checked when the config is loaded") {
  const fs::path dir = scratch("external-config");
  const auto run_with = [&](const std::string& params) {
    write_file(dir / "bad.yaml",
               "name: bad\nengine: battleship\ngames: 2\nplayers:\n"
               "  - {name: bot, strategy: external, params: " +
                   params + "}\n");
    return arena_cli(
        "run " + (dir / "bad.yaml").string() + " --quiet --out " + (dir / "out").string(), dir);
  };
  const auto empty = run_with("{}");
  CHECK(empty.code == 2);
  CHECK_THAT(empty.err,
             Catch::Contains("players[0].params.command") && Catch::Contains("needs a command"));
  const auto missing = run_with("{command: ./no-such-bot}");
  CHECK(missing.code == 2);
  CHECK_THAT(missing.err, Catch::Contains("cannot find the program './no-such-bot'"));
  const auto unbalanced = run_with("{command: \"python3 'bot.py\"}");
  CHECK(unbalanced.code == 2);
  CHECK_THAT(unbalanced.err, Catch::Contains("unterminated ' quote"));
  CHECK_FALSE(fs::exists(dir / "out"));
}

// The Python example bots (clients/python/examples) in the tournaments that
// ship with them (configs/python-*.yaml): the same results at 1 and 2
// threads, after kill -9 and --resume, and from two shards merged. Each example bot is reseeded by
// every game message, so the games do not depend on which process plays them.
TEST_CASE("Python bots play the same tournaments at 1 and 2 threads, across a resume and in shards",
          "[threads]") {
  require_python();
  struct Tournament {
    std::string engine;
    uint64_t games;
    uint64_t sanitizer_games;  // as long in seconds in a sanitizer build
  };
  for (const Tournament& t :
       {Tournament{"battleship", 100, 24}, Tournament{"go-fish", 600, 150},
        Tournament{"chinese-checkers", 100, 24}, Tournament{"rooks", 400, 100}}) {
    SECTION(t.engine) {
      const fs::path dir = scratch("python-" + t.engine);
      const std::string run =
          fmt::format("run {} --quiet --games {} --out ",
                      (kSource / "configs" / ("python-" + t.engine + ".yaml")).string(),
                      kSanitizerBuild ? t.sanitizer_games : t.games);
      const auto one = arena_cli(run + (dir / "one").string() + " --threads 1", dir);
      INFO(one.err);
      REQUIRE(one.code == 0);
      REQUIRE(arena_cli(run + (dir / "two").string() + " --threads 2", dir).code == 0);
      require_same_results(dir / "one", dir / "two");
      const json summary = summary_of(dir / "one");
      for (const json& v : summary["variants"])
        for (const auto& [fault, count] : v["forfeits"].items())
          CHECK(count == 0);
      CHECK(fs::file_size(dir / "one/bots" /
                          (summary["variants"][0]["name"].get<std::string>() + ".log")) ==
            0);  // nothing on stderr

      // kill -9 once the first checkpoint is written, then resume on 2 threads.
      const std::string kill_run = fmt::format(
          "cd {} && ({} {} --threads 2 --checkpoint-every 0.05 >/dev/null 2>err.txt & pid=$!; "
          "for i in $(seq 400); do [ -f .part.partial/checkpoint.json ] && break; sleep 0.01; "
          "done; kill -9 $pid; wait $pid) 2>/dev/null",
          dir.string(), ARENA_EXE, run + "part");
      std::system(kill_run.c_str());
      REQUIRE(fs::exists(dir / ".part.partial/checkpoint.json"));
      REQUIRE_FALSE(fs::exists(dir / "part"));
      const auto resumed = arena_cli(run + (dir / "part").string() + " --resume --threads 2", dir);
      INFO(resumed.err);
      REQUIRE(resumed.code == 0);
      require_same_results(dir / "one", dir / "part");

      // Two shards, each with its own processes, merge into the whole run.
      for (const char* shard : {"1", "2"}) {
        REQUIRE(arena_cli(run + (dir / ("s" + std::string(shard))).string() + " --shard " + shard +
                              "/2 --threads 1",
                          dir)
                    .code == 0);
      }
      REQUIRE(arena_cli("merge " + (dir / "s1").string() + " " + (dir / "s2").string() + " --out " +
                            (dir / "merged").string(),
                        dir)
                  .code == 0);
      require_same_results(dir / "one", dir / "merged");
    }
  }
}

TEST_CASE("arena run names each program it starts, once, on stderr", "[threads]") {
  require_python();
  const fs::path dir = scratch("external-announce");
  const auto run = arena_cli("run " + (kSource / "configs/python-go-fish.yaml").string() +
                                 " --games 60 --threads 2 --out " + (dir / "out").string(),
                             dir);
  REQUIRE(run.code == 0);
  const std::string line =
      "arena: py-memory runs the program: python3 ../clients/python/examples/go_fish_memory.py";
  const size_t at = run.err.find(line);
  REQUIRE(at != std::string::npos);
  CHECK(run.err.find(line, at + 1) == std::string::npos);
}

namespace {

// One fault bot in a short run against the engine's first strategy.
json run_fault_bot(const std::string& mode, const std::string& extra_params = "",
                   const std::string& engine = "battleship", int games = 12) {
  const fs::path dir = scratch("fault-" + engine + "-" + mode);
  write_file(dir / "run.yaml",
             fmt::format(
                 "name: fault\nengine: {}\nseed: 3\ngames: {}\nlimits: {{decision_ms: 400}}\n"
                 "players:\n"
                 "  - {{name: bot, strategy: external, params: {{command: \"python3 {} {}\"{}}}}}\n"
                 "  - {{name: other, strategy: {}}}\n",
                 engine, games, kFaultBot, mode, extra_params,
                 arena::make_registry().find(engine)->strategies.front().name));
  const auto run = arena_cli(
      "run " + (dir / "run.yaml").string() + " --threads 2 --out " + (dir / "out").string(), dir);
  INFO(mode << ": " << run.err);
  REQUIRE(run.code == 0);  // the run completes
  json summary = summary_of(dir / "out");
  summary["stderr"] = run.err;
  CHECK(summary["complete"] == true);
  CHECK(summary["games"] == games);
  return summary;
}

}  // namespace

TEST_CASE("each kind of faulty program forfeits with its reason and the run completes",
          "[threads]") {
  require_python();
  struct Expected {
    std::string mode;
    std::string fault;
    std::string message;
    std::string params = "";
  };
  for (const Expected& e : {
           // Killed after its budget and the grace; one restart keeps the test short.
           Expected{"never-answers", "over-budget",
                    "no move reply within 400 ms, nor within the 1000 ms of grace after: it is "
                    "not answering",
                    ", max_restarts: 1"},
           Expected{"floods", "protocol-error", "longer than"},
           // The echo of the unanswered game message is either read as the move reply
           // or, when it arrives before the decide message is sent, caught as unasked.
           Expected{"echoes", "protocol-error", "where \"move\" was due|nobody asked for"},
           Expected{"illegal", "illegal-move", "bot"},
           Expected{"dies-mid-game", "crashed", "exit code 1"},
           // Its exit seen 500 ms after its pipe broke: the words in the moves log were
           // "it closed its output" on a loaded CI machine, "it exited" on a quiet one.
           Expected{"exits-slowly", "crashed", "it exited (exit code 3)"},
           Expected{"answers-twice", "protocol-error", "nobody asked for"},
       }) {
    SECTION(e.mode) {
      const json summary = run_fault_bot(e.mode, e.params);
      INFO(summary["stderr"].get<std::string>());
      CHECK(forfeits(summary, 0, e.fault) > 0);
      uint64_t total = 0;
      for (const auto& [fault, count] : summary["variants"][0]["forfeits"].items())
        total += count.get<uint64_t>();
      // Every fault is of the expected kind (a bot dying mid-game plays some games first).
      CHECK(total == forfeits(summary, 0, e.fault));
      if (e.mode != "dies-mid-game" && e.mode != "exits-slowly") CHECK(total == 12);
      CHECK(forfeits(summary, 1, e.fault) == 0);
      const std::string err = summary["stderr"].get<std::string>();
      CHECK_THAT(err, Catch::Contains("bot forfeits (" + e.fault + ")"));
      CHECK(contains_any(err, e.message));
      // However often it fails, no game is forfeited without being played (issue 46).
      CHECK_THAT(err, !Catch::Contains("gave up"));
    }
  }
  SECTION("a program that fails in every game is restarted for every game") {
    const json summary = run_fault_bot("dies-mid-game", "", "battleship", 40);
    CHECK(forfeits(summary, 0, "crashed") == 40);
    CHECK_THAT(summary["stderr"].get<std::string>(), !Catch::Contains("gave up"));
  }
}

// docs/protocol.md, Faults: an illegal move forfeits the game, and the
// program is restarted for its next game, every time (issue 46: no give-up).
TEST_CASE("an illegal move restarts the program for its next game, every time") {
  require_python();
  const fs::path dir = scratch("illegal-restarts");
  write_file(
      dir / "run.yaml",
      fmt::format("name: illegal\nengine: battleship\nseed: 3\ngames: 6\nplayers:\n"
                  "  - {{name: bot, strategy: external, params: {{command: \"python3 {} "
                  "illegal {}\", max_restarts: 1}}}}\n  - {{name: random, strategy: random}}\n",
                  kFaultBot, (dir / "pids").string()));
  const auto run = arena_cli(
      "run " + (dir / "run.yaml").string() + " --threads 1 --out " + (dir / "out").string(), dir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const json summary = summary_of(dir / "out");
  CHECK(forfeits(summary, 0, "illegal-move") == 6);
  // One start per game: each illegal move ends its program.
  CHECK(pids_in(dir / "pids").size() == 6);
  CHECK_THAT(run.err, Catch::Contains("bot forfeits (illegal-move): battleship: shot at row 99, "
                                      "col 0: off the 10x10 board"));
  CHECK_THAT(run.err, !Catch::Contains("gave up"));
}

// The message says what the bot sent, in its terms (issue 31: an off-board
// shot was "cell -1"): fault_bot's illegal moves per engine.
TEST_CASE("a program's illegal moves forfeit its games in every engine", "[threads]") {
  require_python();
  const std::map<std::string, std::string> said = {
      {"chinese-checkers", "chinese checkers: move 0-0 is not legal"},
      {"go-fish", "go fish: an ask of seat 9: no such seat (seats are 0 to 1)"},
      // (a fort where the first rook goes, or the second rook on the first's cell)
      {"rooks", "rooks: a rook on the fort at row 0, col 0|rooks: two rooks at row 0, col 0"}};
  for (const auto& [engine, message] : said) {
    SECTION(engine) {
      const json summary = run_fault_bot("illegal", "", engine, 8);
      uint64_t games = summary["variants"][0]["games"].get<uint64_t>();
      CHECK(forfeits(summary, 0, "illegal-move") == games);
      CHECK(forfeits(summary, 1, "illegal-move") == 0);
      CHECK(contains_any(summary["stderr"].get<std::string>(), message));
    }
  }
}

TEST_CASE("no program outlives arena, after Ctrl-C or kill -9", "[threads]") {
  require_python();
  for (const char* signal : {"INT", "9"}) {
    SECTION(std::string("kill -") + signal) {
      const fs::path dir = scratch(std::string("outlive-") + signal);
      write_file(
          dir / "run.yaml",
          fmt::format("name: outlive\nengine: go-fish\nseed: 3\ngames: 40\n"
                      "limits: {{decision_ms: 3000}}\n"
                      "players:\n"
                      "  - {{name: a, strategy: external, params: {{command: \"python3 {} "
                      "sleeper {}\"}}}}\n"
                      "  - {{name: b, strategy: external, params: {{command: \"python3 {} "
                      "sleeper {}\"}}}}\n",
                      kFaultBot, (dir / "pids").string(), kFaultBot, (dir / "pids").string()));
      // Once both programs run (their pids written), a second later: the sleepers
      // hang in their third decision; arena waits for them.
      const std::string command = fmt::format(
          "cd {} && ({} run run.yaml --quiet --threads 2 --out out >/dev/null 2>err.txt & "
          "pid=$!; for i in $(seq 200); do [ \"$(wc -l <pids 2>/dev/null)\" -ge 2 ] && break; "
          "sleep 0.05; done; sleep 1; kill -{} $pid; wait $pid; echo $? >rc.txt) 2>/dev/null",
          dir.string(), ARENA_EXE, signal);
      std::system(command.c_str());
      const int rc = std::stoi(read_file(dir / "rc.txt"));
      CHECK(rc == (std::string(signal) == "INT" ? 130 : 128 + 9));
      const std::vector<pid_t> pids = pids_in(dir / "pids");
      REQUIRE(pids.size() >= 2);
      CHECK(all_gone_within(pids, std::chrono::milliseconds(3000)));
    }
  }
}

// PR_SET_PDEATHSIG covers the program itself; what it starts (a wrapper
// script's interpreter, a helper) goes with its process group.
TEST_CASE("a program's own children end with it") {
  require_python();
  const fs::path dir = scratch("children");
  write_file(dir / "run.yaml",
             fmt::format("name: children\nengine: battleship\nseed: 3\ngames: 4\n"
                         "limits: {{decision_ms: 300}}\nplayers:\n"
                         "  - {{name: bot, strategy: external, params: {{command: \"python3 {} "
                         "leaves-a-child {}\"}}}}\n  - {{name: random, strategy: random}}\n",
                         kFaultBot, (dir / "pids").string()));
  const auto run = arena_cli(
      "run " + (dir / "run.yaml").string() + " --quiet --threads 1 --out " + (dir / "out").string(),
      dir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::vector<pid_t> pids = pids_in(dir / "pids");
  REQUIRE(pids.size() >= 4);  // each start: the bot and its child
  CHECK(all_gone_within(pids, std::chrono::milliseconds(3000)));
}

TEST_CASE("arena check-bot passes a compliant bot and reports what a faulty one got wrong") {
  const fs::path dir = scratch("check-bot");
  for (const std::string engine : {"battleship", "chinese-checkers", "go-fish", "rooks"}) {
    const auto ok = arena_cli("check-bot " + engine + " -- " + ARENA_REFERENCE_BOT, dir);
    INFO(engine << ": " << ok.out << ok.err);
    CHECK(ok.code == 0);
    CHECK_THAT(ok.out, Catch::Contains("compliant:") && Catch::Contains("\"type\":\"hello\""));
  }
  require_python();
  {
    const auto echoes = arena_cli("check-bot go-fish -- python3 " + kFaultBot + " echoes", dir);
    CHECK(echoes.code == 1);
    CHECK_THAT(echoes.out, Catch::Contains("FAULT (protocol-error)") &&
                               Catch::Contains("NOT compliant") &&
                               Catch::Contains("bot   < {\"type\":"));
    const auto illegal = arena_cli("check-bot rooks -- python3 " + kFaultBot + " illegal", dir);
    CHECK(illegal.code == 1);
    CHECK_THAT(illegal.out, Catch::Contains("FAULT (illegal-move)"));
    const auto example =
        arena_cli("check-bot chinese-checkers -- python3 " +
                      (kSource / "clients/python/examples/chinese_checkers_greedy.py").string(),
                  dir);
    CHECK(example.code == 0);
  }
  CHECK(arena_cli("check-bot battleship", dir).code == 2);
  CHECK(arena_cli("check-bot chess -- /bin/true", dir).code == 2);
  const auto missing = arena_cli("check-bot battleship -- ./no-such-bot", dir);
  CHECK(missing.code == 2);
  CHECK_THAT(missing.err, Catch::Contains("cannot find the program"));
}

namespace {

using namespace arena;

// A Go Fish program that asks the first target for its first rank and checks
// that every view's public history holds exactly the asks made so far.
class HistoryCheckingLink final : public BotLink {
 public:
  void ready() override {}
  void start_game(uint64_t, int, int, uint64_t) override { asks_ = json::array(); }
  json decide(const json& view) override {
    json asks_seen = json::array();
    for (const json& event : view.at("history"))
      if (event.at("kind") == "ask" && event.at("player") == view.at("me"))
        asks_seen.push_back(
            json::array({event.at("target").get<int>(), event.at("rank").get<int>()}));
    if (asks_seen != asks_) mismatches++;
    longest = std::max(longest, view.at("history").size());
    const json& hand = view.at("hand");
    size_t rank = 0;
    while (rank < hand.size() && hand[rank] == 0)
      ++rank;
    REQUIRE(rank < hand.size());  // a player is never asked to move with an empty hand
    const int target = view.at("targets").at(0).get<int>();
    asks_.push_back(json::array({target, rank}));
    json move = json::object();
    move["type"] = "move";
    move["target"] = target;
    move["rank"] = rank;
    return move;
  }
  [[noreturn]] void reject(const std::string& why) override {
    throw StrategyFault(0, Fault::kProtocolError, why);
  }
  int mismatches = 0;
  size_t longest = 0;

 private:
  json asks_ = json::array();
};

class OneLink final : public BotSource {
 public:
  BotLink* link(int variant, int) override { return variant == 0 ? &link_ : nullptr; }
  HistoryCheckingLink link_;
};

}  // namespace

// The page's own example bot, as printed there, is compliant.
TEST_CASE("the Python bot printed in docs/protocol.md is compliant") {
  require_python();
  const std::string page = read_file(kSource / "docs/protocol.md");
  const size_t start = page.find("```python\n");
  REQUIRE(start != std::string::npos);
  const size_t body = start + std::string("```python\n").size();
  const size_t end = page.find("```", body);
  REQUIRE(end != std::string::npos);
  const fs::path dir = scratch("doc-bot");
  write_file(dir / "tiny.py", page.substr(body, end - body));
  const auto check =
      arena_cli("check-bot battleship --games 2 -- python3 " + (dir / "tiny.py").string(), dir);
  INFO(check.out << check.err);
  CHECK(check.code == 0);
}

// clients/perl/arena_bot.pl was written from docs/protocol.md alone; if the
// protocol drifts from the page, this bot is the first to notice.
TEST_CASE("the Perl bot written from docs/protocol.md alone is compliant in every engine") {
  if (std::system("perl -MJSON::PP -MMath::BigInt -e1 >/dev/null 2>&1") != 0) {
    WARN("perl with JSON::PP is not installed: skipped");
    return;
  }
  const fs::path dir = scratch("perl-bot");
  for (const std::string engine : {"battleship", "go-fish", "chinese-checkers", "rooks"}) {
    INFO(engine);
    const auto check = arena_cli("check-bot " + engine + " --games 2 -- perl " +
                                     (kSource / "clients/perl/arena_bot.pl").string(),
                                 dir);
    CHECK(check.code == 0);
    CHECK_THAT(check.out, Catch::Contains("compliant: ") && Catch::Contains("no fault"));
  }
}

TEST_CASE("a Go Fish program is sent the whole public history of its game") {
  const Registry registry = make_registry();
  const RunConfig config = parse_config(
      "name: h\nengine: go-fish\nseed: 4\ngames: 20\nplayers:\n"
      "  - {name: bot, strategy: external}\n  - {name: random, strategy: random}\n",
      "h.yaml", registry);
  const auto match = registry.find("go-fish")->make_match(config, *config.seed);
  OneLink bots;
  std::vector<LatencyHistogram> latency(2 * kMaxPhases);
  GameSink sink(latency, 0, &bots);
  for (uint64_t game = 0; game < match->game_count(); ++game) {
    sink.clear();
    match->play(game, sink, nullptr);
    REQUIRE(sink.seats().size() == 2);
    for (const SeatResult& seat : sink.seats())
      CHECK_FALSE(seat.fault.has_value());
  }
  CHECK(bots.link_.mismatches == 0);
  CHECK(bots.link_.longest > 20);  // the history does grow
}

// A bot's own parameters (say a search depth, for arena tune to move later)
// sit beside Arena's in its params and reach it in the handshake, typed as
// YAML reads them; a near miss of a declared key is a typo, not a parameter.
TEST_CASE("an external player's other parameters go to its program in the handshake") {
  const Registry registry = make_registry();
  const auto config_with = [&](const std::string& params) {
    return parse_config(
        "name: p\nengine: rooks\ngames: 2\nplayers:\n"
        "  - {name: bot, strategy: external, params: {command: " +
            std::string(ARENA_REFERENCE_BOT) + ", " + params + "}}\n",
        "p.yaml", registry);
  };
  const RunConfig config = config_with("depth: 3, weight: 0.5, fast: true, name: \"7\"");
  const std::vector<BotSpec> specs = bot_specs(config, *registry.find("rooks"), {});
  REQUIRE(specs.size() == 1);
  const nlohmann::json& params = specs[0].hello.at("params");
  CHECK(params.at("depth") == 3);
  CHECK(params.at("weight") == 0.5);
  CHECK(params.at("fast") == true);
  CHECK(params.at("name") == "7");  // quoted: text
  CHECK(params.at("startup_ms") == 5000);
  CHECK_THROWS_WITH(config_with("startup_sm: 3"), Catch::Contains("players[0].params.startup_sm") &&
                                                      Catch::Contains("did you mean 'startup_ms'"));
  CHECK_THROWS_WITH(config_with("depth: [1, 2]"), Catch::Contains("players[0].params.depth"));
  CHECK_THROWS_WITH(
      bot_specs(config_with("log: /no/such/folder/bot.log"), *registry.find("rooks"), {}),
      Catch::Contains("players[0].params.log") && Catch::Contains("cannot write the log file"));

  // The resolved config (resume, MPI workers) gives the program the same values, types included.
  const RunConfig typed = config_with("a: \"7\", b: 3.0, c: \"true\", d: 2, e: \"\", f: 1e-3");
  const RunConfig again = parse_config(resolved_yaml(typed, 1), "resolved.yaml", registry);
  CHECK(params_json(again.players[0].params) == params_json(typed.players[0].params));
  CHECK(params_json(typed.players[0].params)["b"].is_number_float());
  CHECK(params_json(typed.players[0].params)["a"].is_string());
}

// A player's name becomes its log's file name: one that is a path is refused
// when the config is loaded (exit 2, before anything is written).
TEST_CASE("a player name that is a path is a config error and nothing is written") {
  const fs::path dir = scratch("player-name-path");
  write_file(
      dir / "run.yaml",
      fmt::format("name: escape\nengine: rooks\ngames: 2\nplayers:\n"
                  "  - {{name: ../../escaped, strategy: external, params: {{command: {}}}}}\n",
                  ARENA_REFERENCE_BOT));
  const auto run = arena_cli(
      "run " + (dir / "run.yaml").string() + " --quiet --out " + (dir / "out/x").string(), dir);
  CHECK(run.code == 2);
  CHECK_THAT(run.err, Catch::StartsWith((dir / "run.yaml").string() + ":5:12: players[0].name: "
                                                                      "'../../escaped' is not a "
                                                                      "valid player name"));
  CHECK_FALSE(fs::exists(dir / "out"));
  CHECK_FALSE(fs::exists(dir / "escaped.log"));
}

TEST_CASE("a bot log that cannot be opened is an error and never goes to arena stderr instead") {
  const fs::path dir = scratch("unopenable-log");
  arena::Spawner spawner;
  try {
    arena::BotProcess bot(spawner, {"/bin/cat"}, dir, dir / "no-such-folder" / "bot.log");
    FAIL("started with a log it cannot open");
  } catch (const arena::BotError& e) {
    CHECK(e.fault() == arena::Fault::kCrashed);
    CHECK_THAT(e.what(),
               Catch::Contains("cannot open its log") && Catch::Contains("no-such-folder/bot.log"));
  }
  // The default log, in a results folder that is not a folder: the run fails saying so.
  const Registry registry = make_registry();
  const RunConfig config = parse_config(
      std::string("name: l\nengine: rooks\ngames: 2\nplayers:\n  - {name: bot, strategy: "
                  "external, params: {command: ") +
          ARENA_REFERENCE_BOT + "}}\n",
      (dir / "l.yaml").string(), registry);
  write_file(dir / "not-a-folder", "");
  CHECK_THROWS_WITH(
      bot_specs(config, *registry.find("rooks"), dir / "not-a-folder"),
      Catch::Contains("cannot write the bot log") && Catch::Contains("not-a-folder/bots/bot.log"));
  // A suffix names a process's own file (MPI ranks: bots/<variant>.rank<K>.log).
  const auto specs = bot_specs(config, *registry.find("rooks"), dir / "results", ".rank1");
  REQUIRE(specs.size() == 1);
  CHECK(specs[0].log == dir / "results/bots/bot.rank1.log");
  CHECK(fs::exists(specs[0].log));
}

// Arena polls a bot's pipe before it sleeps only when every worker and the
// bot it waits for can have a core each: at --threads equal to the cores the
// spin would take the CPU the bots need.
TEST_CASE("arena spins for replies only with a spare core and while spinning pays") {
  CHECK(spin_for(1, 2) == BotProcess::kSpin);
  CHECK(spin_for(2, 4) == BotProcess::kSpin);
  CHECK(spin_for(2, 2).count() == 0);
  CHECK(spin_for(3, 4).count() == 0);
  // A spin that does not pay makes the next 1, 2, 4, ... waits sleep; one that pays halves that.
  SpinBackoff backoff;
  const auto sleeps_after_spin = [&](bool paid) {
    REQUIRE(backoff.try_spin());
    backoff.spun(paid);
    int sleeps = 0;
    while (!backoff.try_spin())
      ++sleeps;
    backoff.spun(true);  // the probe that ended the count paid: halves the length
    return sleeps;
  };
  CHECK(sleeps_after_spin(false) == 1);  // length 1, then halved to 0
  CHECK(sleeps_after_spin(true) == 0);
  for (int i = 0; i < 20; ++i)
    backoff.spun(false);
  int sleeps = 0;
  while (!backoff.try_spin())
    ++sleeps;
  CHECK(sleeps == SpinBackoff::kMaxSkip);
  // Without the spin a reply is still read, from ppoll.
  Spawner spawner;
  BotProcess cat(spawner, {"/bin/cat"}, {}, {});
  cat.set_spin(std::chrono::microseconds(0));
  for (int i = 0; i < 3; ++i) {
    const auto deadline = BotClock::now() + std::chrono::seconds(5);
    cat.send("line " + std::to_string(i), deadline);
    CHECK(cat.read_line(deadline) == "line " + std::to_string(i));
  }
}

// docs/protocol.md, bye: the run's end is part of the protocol. A reply to
// the last "over" (no later decide would notice it) and a program that
// outlives "bye" and end of input are faults check-bot reports.
TEST_CASE("arena check-bot reports a bot that writes after its last message or does not exit") {
  require_python();
  const fs::path dir = scratch("check-bot-ending");
  const auto answers =
      arena_cli("check-bot battleship --games 1 -- python3 " + kFaultBot + " answers-over", dir);
  INFO(answers.out << answers.err);
  CHECK(answers.code == 1);
  CHECK_THAT(answers.out, Catch::Contains("end of run: FAULT (protocol-error)") &&
                              Catch::Contains("bot   < {\"type\": \"thanks\"}") &&
                              Catch::Contains("NOT compliant: 0 of 1 games forfeited; 1 fault at "
                                              "the end of the run"));
  const auto ignores = arena_cli("check-bot battleship --games 1 -- python3 " + kFaultBot +
                                     " ignores-bye " + (dir / "pids").string(),
                                 dir);
  INFO(ignores.out << ignores.err);
  CHECK(ignores.code == 1);
  CHECK_THAT(ignores.out, Catch::Contains("still running 1 s after \"bye\"") &&
                              Catch::Contains("NOT compliant"));
  CHECK(all_gone_within(pids_in(dir / "pids"), std::chrono::milliseconds(2000)));
  // A bot that ends as it should, with the same single game, is compliant.
  const auto good = arena_cli("check-bot battleship --games 1 -- " ARENA_REFERENCE_BOT, dir);
  CHECK(good.code == 0);
}

// docs/protocol.md, hello: a bot that speaks none of the versions arena
// offers says so on stderr and exits with status 1 without replying; the
// Python client speaks 2 when offered, else 1, and names 2 in its reply.
TEST_CASE("the Python client picks the protocol version arena offers, or exits with status 1") {
  require_python();
  const fs::path dir = scratch("python-protocol");
  const std::string client = (kSource / "clients/python").string();
  write_file(dir / "bot.py", "import sys\nsys.path.insert(0, '" + client +
                                 "')\nimport arena_bot\narena_bot.run(lambda view, rng: {}, "
                                 "name='x')\n");
  const auto run_with = [&](const std::string& versions) {
    write_file(dir / "in.txt",
               fmt::format("{{\"type\": \"hello\", {}, \"engine\": \"rooks\"}}\n"
                           "{{\"type\": \"game\", \"game\": 4, \"seat\": 0, \"seats\": 1, "
                           "\"seed\": 1}}\n"
                           "{{\"type\": \"decide\", \"id\": 7, \"view\": {{}}}}\n"
                           "{{\"type\": \"over\", \"game\": 4, \"seats\": []}}\n"
                           "{{\"type\": \"bye\"}}\n",
                           versions));
    const std::string command =
        fmt::format("cd {} && python3 bot.py <in.txt >out.txt 2>err.txt", dir.string());
    return WEXITSTATUS(std::system(command.c_str()));
  };
  CHECK(run_with("\"protocol\": 3") == 1);
  CHECK(read_file(dir / "out.txt").empty());
  CHECK_THAT(read_file(dir / "err.txt"), Catch::Contains("protocol [3]"));
  CHECK(run_with("\"protocol\": 1, \"accepts\": [1, 2]") == 0);
  CHECK(read_file(dir / "out.txt") ==
        "{\"type\":\"hello\",\"name\":\"x\",\"version\":\"1\",\"protocol\":2}\n"
        "{\"type\":\"move\",\"id\":7}\n{\"type\":\"over\",\"game\":4}\n");
  // An arena that offers only version 1: no version named, no reply to "over".
  CHECK(run_with("\"protocol\": 1") == 0);
  CHECK(read_file(dir / "out.txt") ==
        "{\"type\":\"hello\",\"name\":\"x\",\"version\":\"1\"}\n{\"type\":\"move\",\"id\":7}\n");
}
