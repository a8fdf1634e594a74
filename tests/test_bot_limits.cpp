// Programs from others run contained (docs/protocol.md, Limits and
// Processes): a bot over one of its limits forfeits with the limit named and
// the run completes; no process a bot starts outlives it, whatever session it
// moves to, nor arena after kill -9; a bot's own exit is noticed while its
// child holds the pipes; a rooks reply is as long as the largest legal
// placement; pinned bots run on their worker's core.
#include <catch2/catch.hpp>

#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/bot_sandbox.hpp"
#include "harness/runner/bots.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_cli_env;
using arena::testing::kSource;
using arena::testing::read_file;
using arena::testing::require_python;
using arena::testing::scratch;
using arena::testing::write_file;
using nlohmann::json;

namespace {

const std::string kLimitsBot = (kSource / "tests/bots/limits_bot.py").string();

// The interpreter itself, not a wrapper that finds it (pyenv's shims start
// several processes of their own, which a process limit would count).
const std::string& python() {
  static const std::string path = [] {
    const fs::path dir = scratch("limits-python");
    std::system(("python3 -c 'import sys; print(sys.executable, end=\"\")' >" +
                 (dir / "python.txt").string())
                    .c_str());
    return read_file(dir / "python.txt");
  }();
  return path;
}

// A config with the limits bot in `mode` (params `extra`) and random.
std::string bot_config(const std::string& mode, const std::string& extra, int games = 1,
                       const std::string& more = "") {
  return fmt::format(
      "name: limits\nengine: battleship\nseed: 3\ngames: {}\n{}players:\n"
      "  - {{name: bot, strategy: external, params: {{command: \"{} {} {}\"{}}}}}\n"
      "  - {{name: random, strategy: random}}\n",
      games, more, python(), kLimitsBot, mode, extra);
}

struct Ran {
  arena::testing::Outcome outcome;
  fs::path dir;
  json summary() const { return json::parse(read_file(dir / "out/summary.json")); }
  std::string log() const { return read_file(dir / "out/bots/bot.log"); }
};

Ran run_config(const std::string& name, const std::string& config, const std::string& env = "") {
  const fs::path dir = scratch("limits-" + name);
  write_file(dir / "run.yaml", config);
  return {arena_cli_env(
              env,
              "run " + (dir / "run.yaml").string() + " --threads 1 --out " + (dir / "out").string(),
              dir),
          dir};
}

// The processes whose command line holds `marker`.
std::vector<pid_t> marked(const std::string& marker) {
  std::vector<pid_t> pids;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = read_file(entry.path() / "cmdline");
    if (cmdline.find(marker) != std::string::npos) pids.push_back(std::stoi(name));
  }
  return pids;
}

bool none_marked_within(const std::string& marker, std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (!marked(marker).empty()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// The forfeits of the first variant, of every kind.
uint64_t forfeits(const json& summary) {
  uint64_t total = 0;
  for (const auto& [fault, count] : summary["variants"][0]["forfeits"].items())
    total += count.get<uint64_t>();
  return total;
}

std::string unique_marker(const std::string& what) {
  return fmt::format("arena-test-{}-{}", what, ::getpid());
}

}  // namespace

TEST_CASE("a bot over one of its limits forfeits with the limit named, and the run completes") {
  require_python();
  struct Case {
    std::string mode, params, named;
  };
  for (const Case& c : {
           Case{"cpu", ", cpu_seconds: 1",
                "killed by SIGXCPU: over its CPU limit of 1 s in one game"},
           Case{"file", ", file_mb: 1", "killed by SIGXFSZ: over its file size limit of 1 MiB"},
           // An allocation that fails is seen by the program alone: the limit is named as
           // the likely cause of its exit.
           Case{"memory", ", memory_mb: 200",
                "exit code 1; it may have hit its memory limit of 200 MiB, past which an "
                "allocation fails"},
       }) {
    SECTION(c.mode) {
      const Ran ran = run_config(c.mode, bot_config(c.mode, c.params));
      INFO(ran.outcome.err << ran.log());
      REQUIRE(ran.outcome.code == 0);
      CHECK(ran.summary()["variants"][0]["forfeits"]["crashed"] == 1);
      CHECK_THAT(ran.outcome.err, Catch::Contains(c.named));
    }
  }
}

// Issue 46: cpu_seconds limited the CPU of a program over all its games, so
// a healthy bot of about 55 ms a game forfeited 132 of 200 games under
// cpu_seconds: 1. The limit is per game: 0.4 s a game for 8 games is 3.2 s,
// and only the game that computes forever is forfeited.
TEST_CASE("cpu_seconds limits each game, not the program's life") {
  require_python();
  const Ran ran = run_config("cpu-per-game", bot_config("cpu-per-game", ", cpu_seconds: 1", 8));
  INFO(ran.outcome.err << ran.log());
  REQUIRE(ran.outcome.code == 0);
  const json summary = ran.summary();
  CHECK(summary["variants"][0]["forfeits"]["crashed"] == 1);
  CHECK(forfeits(summary) == 1);
  CHECK_THAT(ran.outcome.err, Catch::Contains("arena: game 3: bot forfeits (crashed)") &&
                                  Catch::Contains("over its CPU limit of 1 s in one game"));
  // Its fault was game 3's own (a new program failed there too): no replacement is told.
  CHECK_THAT(ran.outcome.err, !Catch::Contains("replaced"));
}

// RLIMIT_NPROC does not bind root (CI's user): as root the limit is a pids
// cgroup, or, where none can be made (a chroot without /sys), the run is
// refused, never run without it.
TEST_CASE("a bot over its process limit forfeits with the limit named, as root too") {
  require_python();
  const std::string marker = unique_marker("processes");
  const Ran ran = run_config("processes", bot_config("processes " + marker, ", processes: 4"));
  INFO(ran.outcome.err << ran.log());
  if (ran.outcome.code == 2) {
    CHECK(::geteuid() == 0);
    CHECK_THAT(ran.outcome.err, Catch::Contains("players[0].params.processes: a process limit "
                                                "for a program run as root needs a pids cgroup"));
    WARN("the process limit cannot be enforced here: " << ran.outcome.err);
    return;
  }
  REQUIRE(ran.outcome.code == 0);
  CHECK(ran.summary()["variants"][0]["forfeits"]["crashed"] == 1);
  CHECK_THAT(ran.outcome.err, Catch::Contains("process limit of 4"));
  CHECK_THAT(ran.log(), !Catch::Contains("started 64 children"));
  CHECK(none_marked_within(marker, std::chrono::milliseconds(3000)));
}

// docs/protocol.md, Processes: the bot's whole process tree ends with it, a
// child that left its session (setsid) too; so after the run, and after
// kill -9 of arena, no process of it is left.
TEST_CASE("no process a bot starts outlives it, whatever session it moves to") {
  require_python();
  SECTION("after the run") {
    const std::string marker = unique_marker("setsid");
    const Ran ran = run_config(
        "setsid", bot_config("setsid-child " + marker, "", 2, "limits: {decision_ms: 300}\n"));
    INFO(ran.outcome.err << ran.log());
    REQUIRE(ran.outcome.code == 0);
    CHECK(ran.summary()["variants"][0]["forfeits"]["over-budget"] == 2);
    CHECK(none_marked_within(marker, std::chrono::milliseconds(3000)));
  }
  SECTION("after kill -9 of arena") {
    // Only a PID namespace outlives arena's death for it (the kernel ends it with its init).
    if (const std::string& why = arena::why_no_pid_namespace(); !why.empty()) {
      WARN("no PID namespace for bots here (" << why << "): not checked after kill -9");
      return;
    }
    const std::string marker = unique_marker("kill9");
    const fs::path dir = scratch("limits-kill9");
    write_file(dir / "run.yaml", bot_config("setsid-child " + marker, ", log: bot.log", 2,
                                            "limits: {decision_ms: 60000}\n"));
    // Killed once the child that left its session runs.
    arena::testing::kill_when("run run.yaml --quiet --threads 1 --out out",
                              "grep -qs 'session of its own' bot.log", dir);
    REQUIRE_THAT(read_file(dir / "bot.log"), Catch::Contains("session of its own"));
    CHECK(none_marked_within(marker, std::chrono::milliseconds(3000)));
  }
}

// docs/protocol.md, Faults: a bot that exits is `crashed` with its exit
// status, also when a child of it still holds its stdout (the budget here is
// 3 s: the fault is noticed when the bot exits, not when the budget ends).
TEST_CASE("a bot that exits while its child holds its pipes is crashed, with its exit status") {
  require_python();
  const std::string marker = unique_marker("exits");
  const Ran ran = run_config(
      "exits", bot_config("exits-leaving-child " + marker, "", 1, "limits: {decision_ms: 3000}\n"));
  INFO(ran.outcome.err << ran.log());
  REQUIRE(ran.outcome.code == 0);
  CHECK(ran.summary()["variants"][0]["forfeits"]["crashed"] == 1);
  CHECK_THAT(ran.outcome.err, Catch::Contains("exit code 5"));
  // Issue 46: it was "it closed its output" when the child's end of the pipe went with it.
  CHECK_THAT(ran.outcome.err, Catch::Contains("it exited (exit code 5)"));
  CHECK(none_marked_within(marker, std::chrono::milliseconds(3000)));
}

// docs/protocol.md, Messages: a reply line may be as long as the engine's
// largest legal move. On a 450x450 checkerboard of forts every open cell
// takes a rook: 101,250 rooks, a 1.2 MB reply.
TEST_CASE("a legal rooks placement longer than 1 MiB is accepted") {
  require_python();
  const fs::path dir = scratch("limits-large-reply");
  std::string board = "450\n";
  for (int r = 0; r < 450; ++r) {
    for (int c = 0; c < 450; ++c)
      board += (r + c) % 2 ? 'X' : '.';
    board += '\n';
  }
  write_file(dir / "board.txt", board);
  write_file(dir / "run.yaml",
             fmt::format("name: large\nengine: rooks\nseed: 3\ngames: 1\n"
                         "rules: {{board_file: board.txt}}\nplayers:\n"
                         "  - {{name: bot, strategy: external, params: {{command: \"python3 {} "
                         "plays\"}}}}\n",
                         kLimitsBot));
  const auto run = arena_cli(
      "run " + (dir / "run.yaml").string() + " --quiet --out " + (dir / "out").string(), dir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const json summary = json::parse(read_file(dir / "out/summary.json"));
  CHECK(forfeits(summary) == 0);
  CHECK(summary["variants"][0]["wins"] == 1);  // every open cell: the optimum

  // The cap is the engine's declaration: the largest board's largest placement.
  const arena::Registry registry = arena::make_registry();
  const auto rules_with = [&](const std::string& rules) {
    return arena::parse_config("name: r\nengine: rooks\ngames: 1\nrules: " + rules +
                                   "\nplayers:\n  - {name: e, strategy: exact}\n",
                               "r.yaml", registry)
        .rules;
  };
  const auto& largest = registry.find("rooks")->max_bot_reply;
  REQUIRE(largest);
  CHECK(largest(rules_with("{n: 8}")) < arena::BotProcess::kMaxLine);
  CHECK(largest(rules_with("{n: [8, 1300]}")) >= 1300u * 650u * 14u);  // "[1299, 1299], "
  CHECK(largest(rules_with("{n: 5000}")) >= 5000u * 2500u * 14u);
}

TEST_CASE("pin runs each worker's program on that worker's core") {
  require_python();
  cpu_set_t set;
  CPU_ZERO(&set);
  REQUIRE(::sched_getaffinity(0, sizeof set, &set) == 0);
  int first = 0;
  while (!CPU_ISSET(first, &set))
    ++first;
  const Ran pinned = run_config("pinned", bot_config("reports", ", pin: true"));
  INFO(pinned.outcome.err << pinned.log());
  REQUIRE(pinned.outcome.code == 0);
  CHECK_THAT(pinned.log(), Catch::Contains(fmt::format("cpus={} ", first)));
  if (CPU_COUNT(&set) > 1) {
    const Ran free = run_config("unpinned", bot_config("reports", ""));
    CHECK_THAT(free.log(), !Catch::Contains(fmt::format("cpus={} ", first)));
  }
}

// network: false and scratch: true need bubblewrap; where it is missing or
// cannot make its sandbox (a chroot), the run is refused (exit 2), naming
// the parameter, before anything is written.
TEST_CASE("network: false and scratch: true run the bot in bubblewrap's sandbox, or not at all") {
  require_python();
  SECTION("no bubblewrap") {
    const std::string python = "/usr/bin/python3";  // found without PATH
    REQUIRE(fs::exists(python));
    const std::string absolute = fmt::format(
        "name: limits\nengine: battleship\ngames: 1\nplayers:\n"
        "  - {{name: bot, strategy: external, params: {{command: \"{} {} reports\", network: "
        "false}}}}\n",
        python, kLimitsBot);
    const Ran refused = run_config("no-bwrap-abs", absolute, "PATH=/nonexistent");
    CHECK(refused.outcome.code == 2);
    CHECK_THAT(refused.outcome.err,
               Catch::Contains("players[0].params.network: needs bubblewrap (bwrap), which is "
                               "not installed"));
    CHECK_FALSE(fs::exists(refused.dir / "out"));
  }
  SECTION("with bubblewrap") {
    const Ran ran = run_config("sandbox", bot_config("reports", ", network: false, scratch: true"));
    INFO(ran.outcome.err << ran.log());
    if (ran.outcome.code == 2) {
      CHECK_THAT(ran.outcome.err, Catch::Contains("players[0].params.network: needs bubblewrap"));
      WARN("bubblewrap cannot run here: " << ran.outcome.err);
      return;
    }
    REQUIRE(ran.outcome.code == 0);
    CHECK(forfeits(ran.summary()) == 0);
    CHECK_THAT(ran.log(), Catch::Contains("interfaces=lo cwd-writable=False tmp-writable=True "
                                          "tmpdir=/tmp"));
  }
}

TEST_CASE("a bot's limits are parameters of its player, listed and checked at load") {
  const fs::path dir = scratch("limits-params");
  const auto list = arena_cli("list", dir);
  REQUIRE(list.code == 0);
  for (const char* key :
       {"memory_mb", "cpu_seconds", "processes", "file_mb", "network", "scratch", "pin"})
    CHECK_THAT(list.out, Catch::Contains(key));
  const auto fresh = arena_cli("new rooks external", dir);
  CHECK_THAT(fresh.out, Catch::Contains("memory_mb: 0") && Catch::Contains("pin: false"));
  const auto refused = [&](const std::string& params) {
    write_file(dir / "bad.yaml",
               fmt::format("name: bad\nengine: rooks\ngames: 1\nplayers:\n"
                           "  - {{name: bot, strategy: external, params: {{command: {}, {}}}}}\n",
                           ARENA_REFERENCE_BOT, params));
    return arena_cli(
        "run " + (dir / "bad.yaml").string() + " --quiet --out " + (dir / "out").string(), dir);
  };
  const auto negative = refused("memory_mb: -1");
  CHECK(negative.code == 2);
  CHECK_THAT(negative.err, Catch::StartsWith((dir / "bad.yaml").string() + ":5:") &&
                               Catch::Contains("players[0].params.memory_mb"));
  const auto not_a_flag = refused("pin: maybe");
  CHECK(not_a_flag.code == 2);
  CHECK_THAT(not_a_flag.err, Catch::Contains("players[0].params.pin"));
  CHECK_FALSE(fs::exists(dir / "out"));
}
