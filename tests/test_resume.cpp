// Interrupted runs resume to exactly the uninterrupted results, and shards
// merge into them: after kill -9, after SIGINT, with another thread count.
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/stats/summary.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_in;
using arena::testing::kill_when;
using arena::testing::read_file;
using arena::testing::require_same_results;
using arena::testing::scratch;
using arena::testing::signal_when;
using arena::testing::untimed;
using arena::testing::write_file;

namespace {

// About 1.3 s on two threads here (monte-carlo decisions cost microseconds,
// so faster code elsewhere does not shrink it to nothing). The tests signal
// a run once it is under way (a checkpoint or the first games.csv bytes on
// disk, typically after 0.1 s), never after a fixed time: a run of cheap
// games once ended before its signal came.
const char* kLongRun = R"(name: long
engine: battleship
seed: 5
games: 4000
players:
  - {name: density, strategy: density}
  - {name: monte-carlo, strategy: monte-carlo}
)";

// kLongRun writing games.csv.gz and the moves of every game (2.7 MB of text,
// ten gzip members, so that a kill lands between members and inside one).
std::string long_run_with_records() {
  return std::string(kLongRun) + "output: {games_csv: gzip, moves: {sample: 4000}}\n";
}

const char* kCheckpointOnDisk = "[ -s .part.partial/checkpoint.json ]";

}  // namespace

TEST_CASE("A run killed with -9 resumes to the results of an uninterrupted run") {
  const fs::path dir = scratch("resume-kill");
  write_file(dir / "long.yaml", kLongRun);
  REQUIRE(
      arena_cli(
          "run " + (dir / "long.yaml").string() + " --quiet --out " + (dir / "whole").string(), dir)
          .code == 0);
  kill_when("run long.yaml --quiet --out part --checkpoint-every 0.1", kCheckpointOnDisk, dir);
  REQUIRE(fs::exists(dir / ".part.partial/checkpoint.json"));  // it was killed mid-run
  CHECK_FALSE(fs::exists(dir / "part"));                       // nothing half-written in place
  const auto resumed = arena_cli("run " + (dir / "long.yaml").string() + " --quiet --out " +
                                     (dir / "part").string() + " --resume --threads 1",
                                 dir);
  REQUIRE(resumed.code == 0);
  require_same_results(dir / "whole", dir / "part");
  CHECK_FALSE(fs::exists(dir / ".part.partial"));
}

TEST_CASE("SIGINT writes partial results and a checkpoint and resume completes the run") {
  const fs::path dir = scratch("resume-int");
  write_file(dir / "long.yaml", kLongRun);
  REQUIRE(
      arena_cli(
          "run " + (dir / "long.yaml").string() + " --quiet --out " + (dir / "whole").string(), dir)
          .code == 0);
  // Games being written: the run is under way and its SIGINT handler installed.
  CHECK(signal_when("run long.yaml --quiet --out part", "INT", "[ -s .part.partial/games.csv ]",
                    dir) == 130);
  CHECK_THAT(read_file(dir / "err.txt"), Catch::Contains("--resume"));
  const auto partial = nlohmann::json::parse(read_file(dir / ".part.partial/summary.json"));
  CHECK(partial["complete"] == false);
  CHECK(partial["games"].get<uint64_t>() < 4000);

  // A fresh run may not overwrite the checkpoint; a changed config may not resume it.
  const std::string base =
      "run " + (dir / "long.yaml").string() + " --quiet --out " + (dir / "part").string();
  CHECK(arena_cli(base, dir).code == 2);
  const auto changed = arena_cli(base + " --resume --games 3000", dir);
  CHECK(changed.code == 2);
  CHECK_THAT(changed.err, Catch::Contains("config changed"));

  REQUIRE(arena_cli(base + " --resume", dir).code == 0);
  require_same_results(dir / "whole", dir / "part");
  CHECK(arena_cli(base + " --resume", dir).code == 0);  // already complete: nothing to do
}

// A batch job requeued after it finished runs `arena run --resume` again.
TEST_CASE("Resuming a run that already completed exits 0 and touches nothing") {
  const fs::path dir = scratch("resume-done");
  write_file(dir / "run.yaml",
             "name: done\nengine: battleship\nseed: 3\ngames: 500\n"
             "players: [{strategy: random}]\n");
  const std::string base =
      "run " + (dir / "run.yaml").string() + " --quiet --out " + (dir / "done").string();
  REQUIRE(arena_cli(base, dir).code == 0);
  const std::string games = read_file(dir / "done" / "games.csv");
  const std::string summary = read_file(dir / "done" / "summary.json");
  const auto written = fs::last_write_time(dir / "done" / "summary.json");

  const auto again = arena_cli(base + " --resume --threads 1", dir);
  CHECK(again.code == 0);
  CHECK_THAT(again.err, Catch::Contains("already complete (500 games); nothing to resume"));
  CHECK(read_file(dir / "done" / "games.csv") == games);
  CHECK(read_file(dir / "done" / "summary.json") == summary);
  CHECK(fs::last_write_time(dir / "done" / "summary.json") == written);

  const auto other = arena_cli(base + " --resume --games 400", dir);
  CHECK(other.code == 2);
  CHECK_THAT(other.err, Catch::Contains("a finished run of a different config"));
  const auto nowhere = arena_cli(
      "run " + (dir / "run.yaml").string() + " --quiet --resume --out " + (dir / "never").string(),
      dir);
  CHECK(nowhere.code == 2);
  CHECK_THAT(nowhere.err, Catch::Contains("nothing to resume"));
  CHECK_FALSE(fs::exists(dir / ".never.lock"));  // a refused run leaves no lock behind
  CHECK_FALSE(fs::exists(dir / ".done.lock"));
}

TEST_CASE("A finished run leaves nothing but its results folder") {
  const fs::path dir = scratch("no-leftovers");
  write_file(dir / "run.yaml",
             "name: tidy\nengine: battleship\nseed: 3\ngames: 200\n"
             "players: [{strategy: random}]\n");
  fs::create_directories(dir / "results");
  for (int run = 0; run < 2; ++run) {  // a fresh run, then one that replaces it
    REQUIRE(arena_cli("run " + (dir / "run.yaml").string() + " --quiet --out " +
                          (dir / "results" / "tidy").string(),
                      dir)
                .code == 0);
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(dir / "results"))
      left.push_back(entry.path().filename().string());
    CHECK(left == std::vector<std::string>{"tidy"});
  }
  // A bad config and a failed start leave nothing either.
  write_file(dir / "bad.yaml", "name: tidy\nengine: battleship\ngmaes: 3\n");
  CHECK(arena_cli("run " + (dir / "bad.yaml").string() + " --quiet --out " +
                      (dir / "results" / "tidy").string(),
                  dir)
            .code == 2);
  CHECK(std::distance(fs::directory_iterator(dir / "results"), fs::directory_iterator()) == 1);
}

TEST_CASE("Shards merge into exactly the results of the whole run") {
  const fs::path dir = scratch("shards");
  write_file(dir / "duel.yaml", R"(name: duel
engine: battleship
seed: 6
games: 3000
mode: duel
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
  - {name: random, strategy: random}
)");
  const std::string config = (dir / "duel.yaml").string();
  REQUIRE(arena_cli("run " + config + " --quiet --out " + (dir / "whole").string(), dir).code == 0);
  std::string shards;
  for (int i = 1; i <= 3; ++i) {
    const std::string out = (dir / fmt::format("s{}", i)).string();
    REQUIRE(
        arena_cli(fmt::format("run {} --quiet --threads 1 --shard {}/3 --out {}", config, i, out),
                  dir)
            .code == 0);
    shards = out + " " + shards;  // any order
  }
  REQUIRE(arena_cli("merge " + shards + " --out " + (dir / "merged").string(), dir).code == 0);
  require_same_results(dir / "whole", dir / "merged");
  const auto missing =
      arena_cli("merge " + (dir / "s1").string() + " " + (dir / "s3").string(), dir);
  CHECK(missing.code == 2);
  CHECK_THAT(missing.err, Catch::Contains("shard"));
}

TEST_CASE("A run with early stopping cannot be sharded") {
  const fs::path dir = scratch("shard-sprt");
  const auto r = arena_cli(std::string("run ") + ARENA_SOURCE_DIR +
                               "/configs/battleship-sprt.yaml --shard 1/2 --quiet --out " +
                               (dir / "x").string(),
                           dir);
  CHECK(r.code == 2);
  CHECK_THAT(r.err, Catch::Contains("early stopping"));
}

TEST_CASE("A checkpoint of another format version is refused with a clear message") {
  const fs::path dir = scratch("old-checkpoint");
  write_file(dir / "run.yaml",
             "name: old\nengine: battleship\nseed: 1\ngames: 100\n"
             "players: [{strategy: random}]\n");
  fs::create_directories(dir / ".old.partial");
  write_file(dir / ".old.partial" / "checkpoint.json", R"({"version": 1, "config": "x"})");
  const auto resumed = arena_cli(
      "run " + (dir / "run.yaml").string() + " --resume --out " + (dir / "old").string(), dir);
  CHECK(resumed.code == 2);
  CHECK_THAT(resumed.err,
             Catch::Contains("format version 1") && Catch::Contains("start the run again"));
}

TEST_CASE("One run at a time per results folder, and the lock goes with the run") {
  const fs::path dir = scratch("lock");
  const fs::path lock = dir / ".out.lock";
  {
    const arena::StagedResults first(dir / "out");
    CHECK(fs::exists(lock));
    CHECK_THROWS_WITH(arena::StagedResults(dir / "out"),
                      Catch::Contains("another arena run is writing these results"));
  }
  CHECK_FALSE(fs::exists(lock));
  // A run killed with -9 leaves its lock file behind, unlocked: the next run takes it over.
  write_file(lock, "");
  { const arena::StagedResults next(dir / "out"); }
  CHECK_FALSE(fs::exists(lock));
}

TEST_CASE("games.csv.gz and moves.jsonl.gz resume byte for byte after kill -9 and after SIGINT") {
  const fs::path dir = scratch("resume-records");
  write_file(dir / "long.yaml", long_run_with_records());
  REQUIRE(arena_in(dir, "run long.yaml --quiet --out whole").code == 0);
  REQUIRE(fs::file_size(dir / "whole/moves.jsonl.gz") > 256 * 1024);  // many members
  for (const char* signal : {"9", "INT"}) {
    SECTION(std::string("kill -") + signal) {
      const std::string out = std::string("part-") + signal;
      signal_when("run long.yaml --quiet --out " + out + " --checkpoint-every 0.1", signal,
                  "[ -s ." + out + ".partial/checkpoint.json ]", dir);
      REQUIRE(fs::exists(dir / ("." + out + ".partial/checkpoint.json")));
      REQUIRE(arena_in(dir, "run long.yaml --quiet --resume --threads 1 --out " + out).code == 0);
      require_same_results(dir / "whole", dir / out);
    }
  }
}

TEST_CASE("Shards merge games.csv.gz and moves.jsonl.gz into the bytes of the whole run") {
  const fs::path dir = scratch("merge-records");
  write_file(dir / "run.yaml", R"(name: records
engine: battleship
seed: 12
games: 30000
mode: duel
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
output: {games_csv: gzip, moves: {sample: 700}}
)");
  REQUIRE(arena_in(dir, "run run.yaml --quiet --out whole").code == 0);
  for (int i = 1; i <= 3; ++i) {
    REQUIRE(arena_in(dir, fmt::format("run run.yaml --quiet --shard {}/3 --out s{}", i, i)).code ==
            0);
  }
  REQUIRE(arena_in(dir, "merge s3 s1 s2 --out merged").code == 0);
  require_same_results(dir / "whole", dir / "merged");
}
