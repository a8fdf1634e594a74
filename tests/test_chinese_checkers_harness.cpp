// Chinese Checkers through the harness: paired two-seat games, six-seat
// tables, determinism whatever the thread count, latency by phase, `arena
// perft`, and the note a clock-limited run prints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "play_config.hpp"

using namespace arena;
using arena::testing::arena_cli;
using arena::testing::play_config;
using arena::testing::scratch;

namespace {

const char* kPaired = R"(name: t
engine: chinese-checkers
seed: 41
games: 8
rules: {seats: 2}
players:
  - {name: greedy, strategy: greedy, params: {eval: progress}}
  - {name: random, strategy: random}
)";

}  // namespace

TEST_CASE("Two-seat Chinese Checkers pairs every game with its seats swapped") {
  const auto p = play_config(kPaired, 2);
  const Pentanomial& penta = p.stats.pentanomial(0, 1);
  CHECK(penta[0] + penta[1] + penta[2] + penta[3] + penta[4] == 4);
  CHECK(penta[4] == 4);  // greedy beats random from either seat
  // Each variant moved first (seat 1, group 0) in half of its games.
  CHECK(p.stats.variant_in_group(0, 0).games == 4);
  CHECK(p.stats.variant_in_group(0, 1).games == 4);
  CHECK(p.stats.variant_in_group(1, 0).games == 4);
}

TEST_CASE("Chinese Checkers results do not depend on the thread count") {
  const std::string yaml = R"(name: t
engine: chinese-checkers
seed: 42
games: 6
rules: {seats: 3, max_plies: 120}
players:
  - {name: greedy, strategy: greedy}
  - {name: minimax, strategy: minimax, params: {depth: 1}}
  - {name: mcts, strategy: mcts, params: {iterations: 30}}
)";
  const auto one = play_config(yaml, 1);
  const auto two = play_config(yaml, 2);
  CHECK(one.rows == two.rows);
  CHECK(one.stats.signature() == two.stats.signature());
}

TEST_CASE("Six seats rank every seat and time decisions by phase") {
  const auto p = play_config(R"(name: t
engine: chinese-checkers
seed: 43
games: 120
rules: {seats: 6, max_plies: 60}
players:
  - {name: greedy, strategy: greedy, params: {eval: progress}}
  - {name: random, strategy: random}
)",
                             2, 20);
  // 2 variants fill 6 seats three each: every game reports six seats.
  CHECK(p.stats.variant(0).games + p.stats.variant(1).games == 20 * 6);
  const auto opening = p.stats.latency(0, 0).count();
  const auto middle = p.stats.latency(0, 1).count();
  CHECK(opening > 0);
  CHECK(middle > 0);
  CHECK(opening + middle + p.stats.latency(0, 2).count() == p.stats.latency(0).count());
}

TEST_CASE("arena perft counts move sequences for every depth") {
  const auto dir = scratch("perft");
  const auto out = arena_cli("perft chinese-checkers --depth 3", dir);
  REQUIRE(out.code == 0);
  CHECK_THAT(out.out, Catch::Contains("    1                14"));
  CHECK_THAT(out.out, Catch::Contains("    2               196"));
  CHECK_THAT(out.out, Catch::Contains("    3              4760"));
  CHECK(arena_cli("perft chess --depth 2", dir).code == 2);
  CHECK(arena_cli("perft chinese-checkers --depth 2 --players 5", dir).code == 2);
}

TEST_CASE("A clock-limited run says it is not reproducible") {
  const auto dir = scratch("timed");
  arena::testing::write_file(dir / "timed.yaml", R"(name: timed
engine: chinese-checkers
seed: 44
games: 2
rules: {max_plies: 10}
players:
  - {name: ab, strategy: alphabeta, params: {depth: 2, time_ms: 5}}
  - {name: greedy, strategy: greedy}
)");
  const auto out = arena_cli(
      "run " + (dir / "timed.yaml").string() + " --quiet --out " + (dir / "out").string(), dir);
  REQUIRE(out.code == 0);
  CHECK_THAT(out.err, Catch::Contains("not reproducible"));
  const auto summary = nlohmann::json::parse(arena::testing::read_file(dir / "out/summary.json"));
  CHECK(summary["deterministic"] == false);
  CHECK_THAT(summary["nondeterminism"].get<std::string>(), Catch::Contains("ab"));
}
