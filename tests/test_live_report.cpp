// The live report: while `arena run` plays, report.html in its staging
// folder is rewritten every few seconds (harness/cli/live_report.hpp); it
// changes nothing a run computes.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"

namespace {

using arena::testing::kSanitizerBuild;
using arena::testing::read_file;
using arena::testing::write_file;
namespace fs = std::filesystem;

// Two equal Chinese Checkers mcts players under an SPRT that stays
// undecided: about 0.3 s of CPU a game in Release, so GAMES games on two
// threads last GAMES / 7 seconds or so (longer on a loaded machine).
const char* const kSlowSprt = R"(name: live
engine: chinese-checkers
seed: 7
games: 1000
format: head-to-head
rules: {seats: 2}
players:
  - {name: mcts-a, strategy: mcts, params: {iterations: 300}}
  - {name: mcts-b, strategy: mcts, params: {iterations: 300}}
stop:
  sprt: {elo0: -10, elo1: 10, alpha: 0.05, beta: 0.05, model: logistic}
  batch: 4
)";

// Two equal Battleship monte-carlo shooters under an SPRT: a few thousand
// games a second.
const char* const kQuickSprt = R"(name: quick
engine: battleship
seed: 11
games: 4000
mode: duel
format: head-to-head
players:
  - {name: mc-a, strategy: monte-carlo, params: {samples: 100}}
  - {name: mc-b, strategy: monte-carlo, params: {samples: 100}}
stop:
  sprt: {elo0: -3, elo1: 3, alpha: 0.05, beta: 0.05, model: logistic}
  batch: 100
)";

// The versions of `page` seen while `arena ARGS` runs in `dir` (polled every
// 10 ms until it exits, at most ten minutes); its exit code in `code`.
std::vector<std::string> watch(const fs::path& dir, const std::string& args, const fs::path& page,
                               int& code) {
  const std::string command = "cd '" + dir.string() + "' && (" + ARENA_EXE + " " + args +
                              " >out.txt 2>err.txt; echo $? >rc.txt) &";
  REQUIRE(std::system(command.c_str()) == 0);
  std::vector<std::string> versions;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  while (!fs::exists(dir / "rc.txt") && std::chrono::steady_clock::now() < deadline) {
    if (fs::exists(page)) {
      std::string text = read_file(page);
      if (!text.empty() && (versions.empty() || versions.back() != text))
        versions.push_back(std::move(text));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(fs::exists(dir / "rc.txt"));
  code = std::stoi(read_file(dir / "rc.txt"));
  return versions;
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// N of "partial: N of M games" on a page.
uint64_t games_on(const std::string& page) {
  std::smatch m;
  REQUIRE(std::regex_search(page, m, std::regex("partial: (\\d+) of (\\d+) games")));
  return std::stoull(m[1]);
}

}  // namespace

TEST_CASE(
    "During a run the live report is rewritten every few seconds, then the final replaces it") {
  const fs::path dir = arena::testing::scratch("live-report");
  write_file(dir / "live.yaml", kSlowSprt);
  // About 20 s in Release on two threads; the same length, not work, under sanitizers.
  const int games = kSanitizerBuild ? 12 : 120;
  int code = -1;
  const std::vector<std::string> pages = watch(
      dir, "run live.yaml --threads 2 --out out --report-every 1 --games " + std::to_string(games),
      dir / ".out.partial" / "report.html", code);
  REQUIRE(code == 0);
  INFO(read_file(dir / "err.txt"));
  std::vector<std::string> partial = pages;
  // The final report is written in the staging folder too, just before it becomes the results.
  if (!partial.empty() && partial.back() == read_file(dir / "out" / "report.html"))
    partial.pop_back();
  REQUIRE(partial.size() >= 3);  // written, then rewritten at least twice
  uint64_t before = 0;
  for (const std::string& page : partial) {
    // Whole pages only (each written beside and renamed over the last).
    CHECK(page.substr(page.size() - 8) == "</html>\n");
    CHECK(occurrences(page, "<meta http-equiv=\"refresh\" content=\"1\">") == 1);
    CHECK_THAT(page, Catch::Contains("<h2>Variants</h2>") &&
                         Catch::Contains("<svg class=\"chart\" id=\"llr\"") &&
                         Catch::Contains("out/report.html</code>"));
    const uint64_t now = games_on(page);
    CHECK(now >= before);
    CHECK(now < static_cast<uint64_t>(games));
    before = now;
  }
  CHECK(games_on(partial.back()) > games_on(partial.front()));
  // Its path told once on stderr; the final report neither reloads nor says partial.
  CHECK(occurrences(read_file(dir / "err.txt"), "arena: live report: ") == 1);
  CHECK_THAT(read_file(dir / "err.txt"), Catch::Contains(".out.partial/report.html\n"));
  CHECK(!fs::exists(dir / ".out.partial"));
  const std::string final_page = read_file(dir / "out" / "report.html");
  CHECK_THAT(final_page, !Catch::Contains("http-equiv") && !Catch::Contains("partial:") &&
                             Catch::Contains("<svg class=\"chart\" id=\"llr\""));
}

TEST_CASE("games.csv and summary.json are the same with and without the live report") {
  const fs::path dir = arena::testing::scratch("live-report-same");
  write_file(dir / "quick.yaml", kQuickSprt);
  const std::string games = kSanitizerBuild ? " --games 1000" : "";
  REQUIRE(arena::testing::arena_in(dir,
                                   "run quick.yaml --quiet --threads 1 --report-every 0 "
                                   "--out off" +
                                       games)
              .code == 0);
  // A page at nearly every merge, written while the next games play.
  const auto on = arena::testing::arena_in(
      dir, "run quick.yaml --threads 2 --report-every 0.01 --out on" + games);
  REQUIRE(on.code == 0);
  CHECK(occurrences(on.err, "arena: live report: ") == 1);
  arena::testing::require_same_results(dir / "off", dir / "on");
  // The SPRT's history: one point per check, the last at the games played.
  const auto summary = nlohmann::json::parse(read_file(dir / "on" / "summary.json"));
  const auto& sprt = summary["stop"]["sprt"];
  CHECK(sprt["history"].size() == summary["games"].get<uint64_t>() / 100);
  CHECK(sprt["history"].back() == nlohmann::json::array({summary["games"], sprt["llr"]}));
  // --quiet: the page is written, nothing is said.
  REQUIRE(
      arena::testing::arena_in(dir, "run quick.yaml --quiet --report-every 0.01 --out q" + games)
          .err.empty());
}

TEST_CASE("Ctrl-C keeps the last page, partial, and a resume gives the LLR history of one run") {
  const fs::path dir = arena::testing::scratch("live-report-interrupt");
  write_file(dir / "quick.yaml", kQuickSprt);
  const std::string games = kSanitizerBuild ? " --games 1000" : "";
  REQUIRE(
      arena::testing::arena_in(dir, "run quick.yaml --quiet --report-every 0 --out whole" + games)
          .code == 0);
  const std::string run = "run quick.yaml --threads 1 --report-every 0.05 --out cut" + games;
  const int code = arena::testing::signal_when(run, "INT", "test -f .cut.partial/report.html", dir);
  REQUIRE(code == 130);
  const std::string page = read_file(dir / ".cut.partial" / "report.html");
  CHECK_THAT(page, Catch::Contains("partial: ") && Catch::Contains("interrupted") &&
                       Catch::Contains("--resume") && !Catch::Contains("http-equiv"));
  REQUIRE(arena::testing::arena_in(dir, run + " --resume --quiet").code == 0);
  arena::testing::require_same_results(dir / "whole", dir / "cut");
}

TEST_CASE("arena run --help tells of the live report's flag") {
  const fs::path dir = arena::testing::scratch("live-report-help");
  const auto help = arena::testing::arena_cli("run --help", dir);
  CHECK_THAT(help.out, Catch::Contains("--report-every") && Catch::Contains("live report"));
  const auto bad = arena::testing::arena_cli("run x.yaml --report-every -1", dir);
  CHECK(bad.code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--report-every: -1 is out of range [0, 86400]"));
}
