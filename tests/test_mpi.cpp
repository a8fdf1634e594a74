// `mpirun -np 2 arena run` gives exactly the single-process results, stops an
// SPRT at the same game, and reports bad input once, with no hang. Built only
// with MPI support (ARENA_MPI).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <fmt/format.h>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::read_file;
using arena::testing::require_same_results;
using arena::testing::scratch;
using arena::testing::write_file;

namespace {

// Runs `mpirun -np RANKS arena ARGS` (as root too, ranks may share cores).
arena::testing::Outcome mpirun(int ranks, const std::string& args, const fs::path& dir) {
  const std::string command = fmt::format(
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
      "OMPI_MCA_btl_vader_single_copy_mechanism=none {} --oversubscribe -np {} {} {} >{} 2>{}",
      ARENA_MPIEXEC, ranks, ARENA_EXE, args, (dir / "mpi-out.txt").string(),
      (dir / "mpi-err.txt").string());
  const int status = std::system(command.c_str());
  return {WEXITSTATUS(status), read_file(dir / "mpi-out.txt"), read_file(dir / "mpi-err.txt")};
}

void require_same_under_mpi(const std::string& name, const std::string& config, int ranks) {
  const fs::path dir = scratch(name);
  write_file(dir / "run.yaml", config);
  const std::string run = "run " + (dir / "run.yaml").string() + " --quiet --out ";
  REQUIRE(arena_cli(run + (dir / "one").string(), dir).code == 0);
  const auto distributed = mpirun(ranks, run + (dir / "many").string(), dir);
  INFO(distributed.err);
  REQUIRE(distributed.code == 0);
  require_same_results(dir / "one", dir / "many");
}

}  // namespace

TEST_CASE("mpirun gives exactly the results of one process", "[mpi]") {
  // Paired duels in a gauntlet: series of two games must not be split between ranks.
  require_same_under_mpi("mpi-duel", R"(name: duel
engine: battleship
seed: 8
games: 2000
mode: duel
format: gauntlet
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
  - {name: random, strategy: random}
)",
                         2);
  // Three seats, every seat order, three ranks.
  require_same_under_mpi("mpi-gofish", R"(name: gofish
engine: go-fish
seed: 9
games: 1200
rules: {seats: 3}
players:
  - {name: counting, strategy: counting}
  - {name: memory, strategy: memory}
  - {name: random, strategy: random}
  - {name: belief, strategy: belief}
)",
                         3);
}

TEST_CASE("mpirun writes games.csv.gz and moves.jsonl.gz byte for byte as one process", "[mpi]") {
  require_same_under_mpi("mpi-records", R"(name: records
engine: battleship
seed: 8
games: 6000
mode: duel
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
  - {name: random, strategy: random}
output: {games_csv: gzip, moves: all}
)",
                         2);
}

TEST_CASE("Workers find a board file relative to the config as rank 0 does", "[mpi]") {
  // Run from another folder: the board file is next to the config, not here.
  const fs::path dir = scratch("mpi-rooks");
  const std::string config = std::string(ARENA_SOURCE_DIR) + "/configs/rooks-seed-sample.yaml";
  const std::string run = "run " + config + " --quiet --games 200 --out ";
  REQUIRE(arena_cli(run + (dir / "one").string(), dir).code == 0);
  const auto distributed = mpirun(2, run + (dir / "many").string(), dir);
  INFO(distributed.err);
  REQUIRE(distributed.code == 0);
  require_same_results(dir / "one", dir / "many");
}

TEST_CASE("An SPRT under mpirun stops at the same game as one process", "[mpi]") {
  const fs::path dir = scratch("mpi-sprt");
  write_file(dir / "run.yaml", R"(name: sprt
engine: battleship
seed: 10
games: 100000
mode: duel
format: head-to-head
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
stop:
  sprt: {elo0: 0, elo1: 20}
  batch: 200
)");
  const std::string run = "run " + (dir / "run.yaml").string() + " --quiet --out ";
  REQUIRE(arena_cli(run + (dir / "one").string(), dir).code == 0);
  const auto distributed = mpirun(2, run + (dir / "many").string(), dir);
  INFO(distributed.err);
  REQUIRE(distributed.code == 0);
  require_same_results(dir / "one", dir / "many");
  const auto summary = arena::testing::untimed(dir / "many" / "summary.json");
  CHECK(summary["stop"]["stopped_by"] == "sprt");
  CHECK(summary["games"].get<uint64_t>() < 100000);
  CHECK(summary["games"].get<uint64_t>() % 200 == 0);
}

TEST_CASE("A bad config under mpirun exits 2 with one message and no hang", "[mpi]") {
  const fs::path dir = scratch("mpi-bad");
  write_file(dir / "bad.yaml",
             "name: bad\nengine: battleship\ngmaes: 10\nplayers: [{strategy: random}]\n");
  const auto result = mpirun(2, "run " + (dir / "bad.yaml").string(), dir);
  CHECK(result.code == 2);
  const std::string needle = "unknown key 'gmaes'";
  const auto first = result.err.find(needle);
  REQUIRE(first != std::string::npos);
  CHECK(result.err.find(needle, first + 1) == std::string::npos);  // only rank 0 speaks
}

// The Python example bots (clients/python/examples): each rank starts its
// own programs, in the config's folder, and the results are one process's.
TEST_CASE("Python bots under mpirun give the results of one process", "[mpi]") {
  if (std::system("python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))'") != 0)
    FAIL("python3 (3.9 or later) is not installed; the README's test command installs it");
  for (const std::string engine : {"battleship", "go-fish", "chinese-checkers", "rooks"}) {
    const fs::path dir = scratch("mpi-python-" + engine);
    const std::string config =
        std::string(ARENA_SOURCE_DIR) + "/configs/python-" + engine + ".yaml";
    const std::string run = "run " + config + " --quiet --games 120 --out ";
    REQUIRE(arena_cli(run + (dir / "one").string(), dir).code == 0);
    const auto distributed = mpirun(2, run + (dir / "many").string(), dir);
    INFO(engine << ": " << distributed.err);
    REQUIRE(distributed.code == 0);
    require_same_results(dir / "one", dir / "many");
  }
}

// Every rank's bots keep their stderr: rank 0's in bots/<variant>.log, a
// worker's in bots/<variant>.rank<K>.log of the same results folder (here,
// one machine, the worker reaches it).
TEST_CASE("Bots on MPI worker ranks write their stderr into the results folder", "[mpi]") {
  if (std::system("python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))'") != 0)
    FAIL("python3 (3.9 or later) is not installed; the README's test command installs it");
  const fs::path dir = scratch("mpi-bot-logs");
  // A rooks bot that places no rook (legal, if poor) and says hello on stderr.
  write_file(dir / "talker.py", R"(import json, os, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(f"talker {os.getpid()} says hello", file=sys.stderr, flush=True)
        print(json.dumps({"type": "hello", "name": "talker"}), flush=True)
    elif m["type"] == "decide":
        print(json.dumps({"type": "move", "rooks": []}), flush=True)
    elif m["type"] == "bye":
        break
)");
  write_file(dir / "run.yaml", R"(name: logs
engine: rooks
seed: 4
games: 40
threads: 1
players:
  - {name: talker, strategy: external, params: {command: "python3 talker.py"}}
  - {name: seed-random, strategy: seed-random}
)");
  const auto distributed = mpirun(
      2, "run " + (dir / "run.yaml").string() + " --quiet --out " + (dir / "many").string(), dir);
  INFO(distributed.err);
  REQUIRE(distributed.code == 0);
  CHECK_THAT(read_file(dir / "many/bots/talker.log"), Catch::Contains("says hello"));
  CHECK_THAT(read_file(dir / "many/bots/talker.rank1.log"), Catch::Contains("says hello"));
  CHECK_THAT(distributed.err, !Catch::Contains("cannot write to the results folder"));
}

// A program that never says hello on a worker rank stops the run as it does
// on rank 0 (issue 31): exit 1, one message naming the rank and the
// program's stderr, the log kept outside the staging folder that goes.
TEST_CASE("A bot that cannot start on an MPI worker rank stops the run with its stderr", "[mpi]") {
  const fs::path dir = scratch("mpi-bot-no-hello");
  write_file(dir / "bot.sh", fmt::format("if [ \"$OMPI_COMM_WORLD_RANK\" = 1 ]; then\n"
                                         "  echo \"rank 1 cannot start\" >&2; exit 3\n"
                                         "fi\nexec {}\n",
                                         ARENA_REFERENCE_BOT));
  write_file(dir / "run.yaml", R"(name: nohello
engine: rooks
seed: 4
games: 40
threads: 1
players:
  - {name: bot, strategy: external, params: {command: "sh bot.sh"}}
)");
  const auto distributed = mpirun(
      2, "run " + (dir / "run.yaml").string() + " --quiet --out " + (dir / "many").string(), dir);
  INFO(distributed.err);
  CHECK(distributed.code == 1);
  CHECK_THAT(distributed.err, Catch::Contains("MPI rank 1: bot: its program failed before its "
                                              "hello on each of 4 starts") &&
                                  Catch::Contains("rank 1 cannot start"));
  CHECK_FALSE(fs::exists(dir / "many"));
  CHECK_FALSE(fs::exists(dir / ".many.partial"));
  // The copy of the worker's log, named in the message, holds its stderr.
  const std::string marker = "(all of it in ";
  const size_t at = distributed.err.find(marker);
  REQUIRE(at != std::string::npos);
  const fs::path log = distributed.err.substr(at + marker.size(),
                                              distributed.err.find("):", at) - at - marker.size());
  CHECK_THAT(read_file(log), Catch::Contains("rank 1 cannot start"));
  fs::remove_all(log.parent_path());
}
