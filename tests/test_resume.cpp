// Interrupted runs resume to exactly the uninterrupted results, and shards
// merge into them: after kill -9, after SIGINT, with another thread count.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <stdio.h>

#include <algorithm>
#include <cerrno>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/resume.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/registry/game_code.hpp"
#include "harness/runner/cost_model.hpp"
#include "harness/stats/summary.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_in;
using arena::testing::kill_when;
using arena::testing::kSanitizerBuild;
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
// games once ended before its signal came. A sanitizer build plays random
// instead of monte-carlo: 3 s there, where monte-carlo would take 23 s.
const std::string kLongRun = fmt::format(R"(name: long
engine: battleship
seed: 5
games: 4000
players:
  - {{name: density, strategy: density}}
  - {{name: {0}, strategy: {0}}}
)",
                                         kSanitizerBuild ? "random" : "monte-carlo");

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
  CHECK(signal_when("run long.yaml --quiet --detail --out part", "INT",
                    "[ -s .part.partial/games.csv ]", dir) == 130);
  CHECK_THAT(read_file(dir / "err.txt"), Catch::Contains("--resume"));
  // Every table printed says the results are partial, and where they are.
  const std::string out = read_file(dir / "out.txt");
  CHECK_THAT(out, Catch::StartsWith("PARTIAL: interrupted after ") &&
                      Catch::Contains("\ndetail - PARTIAL:\n") &&
                      Catch::Contains(" games - PARTIAL\n") &&
                      Catch::Contains("who beats whom - PARTIAL (") &&
                      Catch::Contains("\npartial results: ./.part.partial\n"));
  // The first screen (after the --detail tables) fits 100 columns, partial too.
  CHECK(arena::testing::lines_wider_than(out.substr(out.rfind("PARTIAL: interrupted after ")), 100)
            .empty());
  const auto partial = nlohmann::json::parse(read_file(dir / ".part.partial/summary.json"));
  CHECK(partial["complete"] == false);
  CHECK(partial["games"].get<uint64_t>() < 4000);

  // A fresh run may not overwrite the checkpoint; a changed config may not resume it.
  const std::string base =
      "run " + (dir / "long.yaml").string() + " --quiet --out " + (dir / "part").string();
  CHECK(arena_cli(base, dir).code == 2);
  const auto changed = arena_cli(base + " --resume --games 3000", dir);
  CHECK(changed.code == 2);
  CHECK_THAT(changed.err, Catch::Contains("games was 4000, now --games 3000"));

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
  CHECK_THAT(other.err, Catch::Contains("holds a finished run: games was 500, now --games 400"));
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

namespace {

// A run whose external shooter stalls for 1 s in its first decision of game
// 150 while the file stall-flag exists (tests/bots/stalling_bot.py): a game
// still in flight when the run is interrupted, once or twice.
std::string stalling_run(uint64_t stalled_game = 150) {
  return fmt::format(R"(name: stall
engine: battleship
seed: 4
games: 200
players:
  - {{name: bot, strategy: external,
     params: {{command: "python3 {}/tests/bots/stalling_bot.py stall-flag {}"}}}}
  - {{name: random, strategy: random}}
)",
                     ARENA_SOURCE_DIR, stalled_game);
}

// Runs `arena ARGS` in `dir` until the stalling bot stalls, then sends SIGINT
// `signals` times, 0.2 s apart (the game in flight outlasts both); the exit
// code (stderr in dir/err.txt).
int interrupt_when_stalled(const std::string& args, int signals, const fs::path& dir) {
  const std::string command =
      "cd '" + dir.string() + "' && (" + ARENA_EXE + " " + args +
      " >/dev/null 2>err.txt & pid=$!; for i in $(seq 12000); do [ -e stall-flag.stalled ] && "
      "break; sleep 0.01; done; kill -INT $pid; " +
      (signals == 2 ? "sleep 0.2; kill -INT $pid; " : "") + "wait $pid; echo $? >rc.txt)";
  std::system(command.c_str());
  return std::stoi(read_file(dir / "rc.txt"));
}

// The command line arena printed after "continue with:", as it is.
std::string printed_resume_command(const std::string& err) {
  const std::string marker = "continue with:\n  ";
  const size_t at = err.rfind(marker);
  if (at == std::string::npos) return "";
  const size_t begin = at + marker.size();
  return err.substr(begin, err.find('\n', begin) - begin);
}

// Runs the command arena printed after "continue with:" in `err`, as it is,
// in `dir` with the stall switched off; it must complete the run.
void run_printed_resume_command(const std::string& err, const fs::path& dir) {
  const std::string command = printed_resume_command(err);
  REQUIRE_THAT(command, Catch::Contains("--resume"));
  fs::remove(dir / "stall-flag");
  const int code =
      std::system(("cd '" + dir.string() + "' && " + command + " >out2.txt 2>err2.txt").c_str());
  INFO(read_file(dir / "err2.txt"));
  REQUIRE(WEXITSTATUS(code) == 0);
}

}  // namespace

// The issue this answers: a resume without the run's --seed once played the
// rest of the games from the config's seed, and the printed command dropped
// --games and --seed. Every case has the stalled game 150 in flight (the
// shard plays games 133 to 265).
TEST_CASE("The command printed on Ctrl-C, pasted as it is, completes the run byte for byte") {
  const auto [flags, signals] =
      GENERATE(table<std::string, int>({{"", 1},
                                        {"", 2},
                                        {"--seed 9 --games 400 --shard 2/3", 1},
                                        {"--seed 9 --games 400 --shard 2/3", 2}}));
  INFO("flags: " << flags << "; Ctrl-C " << signals << " times");
  const fs::path dir = scratch(fmt::format("resume-pasted-{}-{}", flags.empty(), signals));
  write_file(dir / "stall.yaml", stalling_run());
  const std::string run = "run stall.yaml --threads 1 " + flags;
  REQUIRE(arena_in(dir, run + " --quiet --out whole").code == 0);

  write_file(dir / "stall-flag", "");
  // Twice: --quiet, so no probe series are played first (the stalled game
  // would be among them, before any checkpoint; the run could only start over).
  const std::string quiet = signals == 2 ? " --quiet" : "";
  CHECK(interrupt_when_stalled(run + " --out part --checkpoint-every 0" + quiet, signals, dir) ==
        130);
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  CHECK_THAT(err, Catch::Contains(signals == 2 ? "stopped at once" : "interrupted after"));
  CHECK_FALSE(fs::exists(dir / ".part.lock"));  // not even after the second Ctrl-C
  CHECK_FALSE(fs::exists(dir / "part"));        // a shard too: nothing passes for complete
  run_printed_resume_command(err, dir);
  if (flags.empty()) {
    require_same_results(dir / "whole", dir / "part");
  } else {
    CHECK(read_file(dir / "whole/games.csv") == read_file(dir / "part/games.csv"));
    const auto untimed_stats = [&](const char* folder) {
      auto stats = nlohmann::json::parse(read_file(dir / folder / "shard.json"))["stats"];
      stats.erase("latency");
      return stats;
    };
    CHECK(untimed_stats("whole") == untimed_stats("part"));
  }
}

TEST_CASE("A resume without the flags the run began with continues that run, not the config's") {
  const fs::path dir = scratch("resume-flags-taken");
  write_file(dir / "long.yaml", kLongRun);  // seed 5, 4000 games
  REQUIRE(arena_in(dir, "run long.yaml --quiet --seed 7 --games 2000 --out whole").code == 0);
  kill_when("run long.yaml --quiet --seed 7 --games 2000 --out part --checkpoint-every 0.1",
            kCheckpointOnDisk, dir);
  REQUIRE(fs::exists(dir / ".part.partial/checkpoint.json"));
  REQUIRE(arena_in(dir, "run long.yaml --quiet --out part --resume").code == 0);
  require_same_results(dir / "whole", dir / "part");
  CHECK(nlohmann::json::parse(read_file(dir / "part/summary.json"))["seed"] == 7);
  CHECK_THAT(read_file(dir / "part/config.resolved.yaml"), Catch::Contains("seed: 7"));
}

TEST_CASE("A resume refuses any value that would change its games, and names it") {
  const fs::path dir = scratch("resume-refusals");
  write_file(dir / "long.yaml", kLongRun);  // seed 5, 4000 games
  kill_when("run long.yaml --quiet --out part --checkpoint-every 0.1", kCheckpointOnDisk, dir);
  const fs::path checkpoint = dir / ".part.partial/checkpoint.json";
  REQUIRE(fs::exists(checkpoint));
  const std::string before = read_file(checkpoint);
  const auto refused = [&](const std::string& flags, const std::string& why) {
    const auto r = arena_in(dir, "run long.yaml --quiet --out part --resume " + flags);
    INFO(flags << ": " << r.err);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains(why));
    CHECK(read_file(checkpoint) == before);  // the run is left as it was
  };
  refused("--seed 6", "seed was 5, now --seed 6");
  refused("--games 3000", "games was 4000, now --games 3000");
  refused("--shard 1/2", "the run was not sharded, now --shard 1/2");

  write_file(dir / "long.yaml", std::string(kLongRun) + "rules: {size: 9}\n");
  refused("", "long.yaml is not the config it began with: rules.size was 10, now 9");
  std::string fewer = kLongRun;
  fewer.replace(fewer.find("games: 4000"), 11, "games: 1200");
  write_file(dir / "long.yaml", fewer);
  refused("", "games was 4000, the config now says 1200");
  std::string reseeded = kLongRun;
  reseeded.replace(reseeded.find("seed: 5"), 7, "seed: 8");
  write_file(dir / "long.yaml", reseeded);
  refused("", "seed was 5, the config now says 8");

  write_file(dir / "long.yaml", kLongRun);
  auto other_build = nlohmann::json::parse(before);
  other_build["origin"]["game_code"] = "0123456789abcdef";
  write_file(checkpoint, other_build.dump());
  const auto r = arena_in(dir, "run long.yaml --quiet --out part --resume");
  CHECK(r.code == 2);
  CHECK_THAT(r.err, Catch::Contains("built from other game code"));
}

// Values are compared whole: two commands that differ only past the length a
// message shows (a long path, a bot's last argument) are two runs.
TEST_CASE("A resume sees a change at the end of a long value") {
  using namespace arena;
  const Registry registry = make_registry();
  const auto config_with = [&](const std::string& depth) {
    return parse_config(
        "name: long\nengine: battleship\nseed: 5\ngames: 100\nplayers:\n"
        "  - {name: bot, strategy: external, params: {command: 'python3 /home/alice/"
        "experiments/arena-bots/minimax_bot.py --depth " +
            depth + "'}}\n  - {strategy: random}\n",
        "long.yaml", registry);
  };
  RecordedRun recorded;
  recorded.identity = config_identity(config_with("3"), 5);
  recorded.seed = 5;
  recorded.games = 100;
  recorded.origin.game_code = game_code_hash();
  CHECK_NOTHROW(check_same_run(recorded, config_with("3"), 5, "out"));
  try {
    check_same_run(recorded, config_with("4"), 5, "out");
    FAIL("a changed command was taken for the same run");
  } catch (const InputError& e) {
    CHECK_THAT(e.what(), Catch::Contains("players[0].params.command was"));
  }
}

// A run that shows its progress plays the ETA's probe series first (spread
// over its games, one game each here): Ctrl-C there starts no further probe,
// and the printed command completes the run.
TEST_CASE("Ctrl-C while the probe series play starts no other, and the run resumes byte for byte") {
  const std::vector<uint64_t> probes = arena::CostModel(0, 200, 1, 32).probes();
  const fs::path dir = scratch("resume-probes");
  write_file(dir / "stall.yaml", stalling_run(probes[1]));
  REQUIRE(arena_in(dir, "run stall.yaml --threads 1 --quiet --out whole").code == 0);

  write_file(dir / "stall-flag", "");
  CHECK(interrupt_when_stalled("run stall.yaml --threads 1 --out part", 1, dir) == 130);
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  // The probes in order, up to the stalled one, and not one after it.
  CHECK(read_file(dir / "stall-flag.games") == fmt::format("{}\n{}\n", probes[0], probes[1]));
  run_printed_resume_command(err, dir);
  require_same_results(dir / "whole", dir / "part");
}

namespace {

// A rename that fails with `error` on call number `failing` (1-based) and
// after it, and does what renameat2 does before it; `calls` counts them.
arena::RenameFolder failing_rename(int error, int failing, std::vector<unsigned>* calls) {
  return [=](const fs::path& from, const fs::path& to, unsigned flags) {
    calls->push_back(flags);
    if (static_cast<int>(calls->size()) >= failing) {
      errno = error;
      return -1;
    }
    return ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags);
  };
}

// `dir`/out holding the results of an earlier commit: summary.json "earlier".
void commit_earlier(const fs::path& dir) {
  arena::StagedResults earlier(dir / "out");
  earlier.write_file("summary.json", "earlier");
  earlier.commit();
}

}  // namespace

TEST_CASE(
    "A commit whose rename fails leaves the earlier results and the staged ones with "
    "their checkpoint") {
  const fs::path dir = scratch("commit-fails");
  std::vector<unsigned> calls;
  const fs::path staging = dir / ".out.partial";
  SECTION("the swap fails") {
    commit_earlier(dir);
    {
      arena::StagedResults staged(dir / "out", arena::StagedResults::Start::kFresh,
                                  failing_rename(EACCES, 1, &calls));
      staged.write_file("summary.json", "finished");
      staged.write_file(arena::kCheckpointName, "checkpoint");
      CHECK_THROWS_MATCHES(
          staged.commit(), arena::CommitError,
          Catch::Message(fmt::format(
              "cannot put the results in place: renaming {} to {}: Permission denied; the "
              "run's complete results and its checkpoint are kept in {}, and the earlier {} is "
              "as it was",
              staging.string(), (dir / "out").string(), staging.string(), (dir / "out").string())));
      CHECK(calls == std::vector<unsigned>{RENAME_EXCHANGE});  // no second try
    }
    CHECK(read_file(dir / "out/summary.json") == "earlier");
    CHECK(read_file(staging / "summary.json") == "finished");
    CHECK(read_file(staging / arena::kCheckpointName) == "checkpoint");
    CHECK_FALSE(fs::exists(dir / ".out.lock"));
    // --resume takes the staging folder up again and puts it in place.
    arena::StagedResults resumed(dir / "out", arena::StagedResults::Start::kResume);
    resumed.commit();
    CHECK(read_file(dir / "out/summary.json") == "finished");
    CHECK_FALSE(fs::exists(dir / "out" / arena::kCheckpointName));
    CHECK_FALSE(fs::exists(staging));
  }
  SECTION("without RENAME_EXCHANGE, the new folder cannot take the old one's place") {
    commit_earlier(dir);
    auto rename = [&](const fs::path& from, const fs::path& to, unsigned flags) {
      calls.push_back(flags);
      if (flags == RENAME_EXCHANGE) return errno = EINVAL, -1;  // not on this file system
      if (calls.size() == 3) return errno = EIO, -1;            // staging -> out
      return ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags);
    };
    {
      arena::StagedResults staged(dir / "out", arena::StagedResults::Start::kFresh, rename);
      staged.write_file("summary.json", "finished");
      staged.write_file(arena::kCheckpointName, "checkpoint");
      CHECK_THROWS_WITH(
          staged.commit(),
          Catch::Contains("Input/output error") &&
              Catch::Contains("and the earlier " + (dir / "out").string() + " is as it was"));
      CHECK(calls.size() == 4);  // swap, out -> .old, staging -> out, .old -> out
    }
    CHECK(read_file(dir / "out/summary.json") == "earlier");
    CHECK(read_file(staging / "summary.json") == "finished");
    CHECK(fs::exists(staging / arena::kCheckpointName));
    CHECK_FALSE(fs::exists(dir / ".out.partial.old"));
  }
  SECTION("without RENAME_EXCHANGE and nothing failing, the folder is replaced") {
    commit_earlier(dir);
    auto rename = [&](const fs::path& from, const fs::path& to, unsigned flags) {
      if (flags == RENAME_EXCHANGE) return errno = EINVAL, -1;
      return ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags);
    };
    arena::StagedResults staged(dir / "out", arena::StagedResults::Start::kFresh, rename);
    staged.write_file("summary.json", "finished");
    staged.write_file(arena::kCheckpointName, "checkpoint");
    staged.commit();
    CHECK(read_file(dir / "out/summary.json") == "finished");
    CHECK_FALSE(fs::exists(dir / "out" / arena::kCheckpointName));
    CHECK_FALSE(fs::exists(staging));
    CHECK_FALSE(fs::exists(dir / ".out.partial.old"));
  }
  SECTION("no earlier folder, and no checkpoint: the complete results are kept all the same") {
    {
      arena::StagedResults staged(dir / "out", arena::StagedResults::Start::kFresh,
                                  failing_rename(EROFS, 1, &calls));
      staged.write_file("summary.json", "finished");
      CHECK_THROWS_WITH(staged.commit(),
                        Catch::EndsWith("Read-only file system; the run's complete results are "
                                        "kept in " +
                                        staging.string()));
    }
    CHECK_FALSE(fs::exists(dir / "out"));
    CHECK(read_file(staging / "summary.json") == "finished");
  }
}

TEST_CASE(
    "arena run whose results cannot be put in place says so once, and --resume puts "
    "them there") {
  const fs::path dir = scratch("run-commit-fails");
  const arena::Registry registry = arena::make_registry();
  const char* duel =
      "name: duel\nengine: battleship\nmode: duel\ngames: 600\n"
      "players: [{name: density, strategy: density}, {name: random, strategy: random}]\n";
  const char* sprt =
      "name: duel\nengine: battleship\nmode: duel\ngames: 100000\n"
      "players: [{name: density, strategy: density}, {name: random, strategy: random}]\n"
      "stop: {sprt: {elo0: 0, elo1: 20}, batch: 100}\n";
  for (const char* config : {duel, sprt}) {
    const bool stops = config == sprt;
    DYNAMIC_SECTION((stops ? "stopped by an SPRT" : "all its games")) {
      write_file(dir / "run.yaml", config);
      const std::string run = "run " + (dir / "run.yaml").string() + " --quiet --seed 2 --out ";
      REQUIRE(arena_cli(run + (dir / "whole").string(), dir).code == 0);
      REQUIRE(arena_cli("run " + (dir / "run.yaml").string() + " --quiet --seed 1 --out " +
                            (dir / "out").string(),
                        dir)
                  .code == 0);
      const std::string earlier = read_file(dir / "out/games.csv");
      arena::RunOptions options;
      options.config_path = (dir / "run.yaml").string();
      options.out = (dir / "out").string();
      options.seed = 2;
      options.quiet = true;
      options.rename_results = [](const fs::path&, const fs::path&, unsigned) {
        return errno = EACCES, -1;
      };
      const auto failed =
          arena::testing::captured(dir, [&] { return arena::run_command(options, registry); });
      CHECK(failed.code == 1);  // the run itself failed
      INFO(failed.err);
      CHECK(std::count(failed.err.begin(), failed.err.end(), '\n') == 1);  // one line
      CHECK_THAT(
          failed.err,
          Catch::StartsWith("arena: run failed: cannot put the results in place: "
                            "renaming ") &&
              Catch::Contains(": Permission denied; the run's complete results and its "
                              "checkpoint are kept in ") &&
              Catch::Contains("is as it was; once that is fixed, this puts them in place: ") &&
              Catch::EndsWith(" run " + options.config_path + " --out " + *options.out +
                              " --resume --seed 2 --quiet\n"));
      CHECK(read_file(dir / "out/games.csv") == earlier);
      REQUIRE(fs::exists(dir / ".out.partial" / arena::kCheckpointName));
      CHECK(nlohmann::json::parse(read_file(dir / ".out.partial/summary.json"))["complete"] ==
            true);
      const auto resumed = arena_cli(
          "run " + options.config_path + " --out " + *options.out + " --resume --seed 2 --quiet",
          dir);
      INFO(resumed.err);
      REQUIRE(resumed.code == 0);
      require_same_results(dir / "whole", dir / "out");
      CHECK_FALSE(fs::exists(dir / ".out.partial"));
      CHECK_FALSE(fs::exists(dir / "out" / arena::kCheckpointName));
    }
  }
}
