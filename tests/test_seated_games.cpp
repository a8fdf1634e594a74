// Multi-seat matches through the harness (Go Fish here): seat rotation, ties
// split, paired two-seat games, determinism whatever the thread count, and the
// configs users start from.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "harness/adapters/adapters.hpp"
#include "harness/registry/registry.hpp"
#include "play_config.hpp"

using namespace arena;
using arena::testing::play_config;

namespace {

double win_share(const RunStats& stats, int v) {
  return static_cast<double>(stats.variant(v).win_share_units) / kWinShareUnit /
         static_cast<double>(stats.variant(v).games);
}

}  // namespace

TEST_CASE("Identical random players with rotated seats share the wins evenly") {
  // 3,000 deals x 6 seat orders; each variant sits in each seat 6,000 times.
  const auto p = play_config(R"(name: t
engine: go-fish
seed: 31
games: 18000
rules: {seats: 3}
players:
  - {name: a, strategy: random}
  - {name: b, strategy: random}
  - {name: c, strategy: random}
)",
                             2);
  double total = 0;
  for (int v = 0; v < 3; ++v) {
    INFO("variant " << v);
    // A share's standard error is at most sqrt(1/4 / 18000) = 0.0037; 4 SE.
    CHECK(win_share(p.stats, v) == Approx(1.0 / 3).margin(0.015));
    total += win_share(p.stats, v);
  }
  CHECK(total == Approx(1.0).margin(1e-9));  // ties split: the shares sum to one
}

TEST_CASE("Every seat order of a deal is played and the results do not depend on threads") {
  const std::string yaml = R"(name: t
engine: go-fish
seed: 32
games: 600
rules: {seats: 3}
players:
  - {name: memory, strategy: memory}
  - {name: belief, strategy: belief}
  - {name: random, strategy: random}
)";
  const auto one = play_config(yaml, 1);
  const auto two = play_config(yaml, 2);
  CHECK(one.rows == two.rows);
  CHECK(one.stats.signature() == two.stats.signature());
  for (int v = 0; v < 3; ++v)
    CHECK(one.stats.variant(v).games == 600);
}

TEST_CASE("Two-seat Go Fish plays paired deals and counts pentanomials") {
  const auto p = play_config(R"(name: t
engine: go-fish
seed: 33
games: 2000
rules: {seats: 2}
players:
  - {name: memory, strategy: memory}
  - {name: random, strategy: random}
)",
                             2);
  const Pentanomial& penta = p.stats.pentanomial(0, 1);
  uint64_t pairs = 0;
  for (uint64_t c : penta)
    pairs += c;
  CHECK(pairs == 1000);
  CHECK(p.stats.pair(0, 1).wins > p.stats.pair(0, 1).losses);  // memory beats random
}

TEST_CASE("More variants than seats meet at every table of that size") {
  const auto p = play_config(R"(name: t
engine: go-fish
seed: 34
games: 60
rules: {seats: 3}
players:
  - {name: a, strategy: random}
  - {name: b, strategy: memory}
  - {name: c, strategy: belief}
  - {name: d, strategy: counting}
)",
                             2);
  CHECK(p.games == 4 * 60);  // C(4, 3) tables
  for (int v = 0; v < 4; ++v)
    CHECK(p.stats.variant(v).games == 3 * 60);  // each variant sits at 3 of the 4 tables
}

TEST_CASE("The seed's winner rule credits the first seat with the top score") {
  // Metric 2 is seed_win: exactly one seat per game, so the means sum to one,
  // while ties split count shared wins fractionally.
  const auto p = play_config(R"(name: t
engine: go-fish
seed: 35
games: 6000
rules: {seats: 3, preset: seed}
players:
  - {name: a, strategy: seed-memory}
  - {name: b, strategy: belief}
  - {name: c, strategy: random}
)",
                             2);
  double seed_rule = 0;
  for (int v = 0; v < 3; ++v)
    seed_rule += p.stats.variant(v).metrics[2].mean();
  CHECK(seed_rule == Approx(1.0));
}

TEST_CASE("Games that do not fill whole deals are a config error at games") {
  const Registry registry = make_registry();
  const RunConfig config = parse_config(R"(name: t
engine: go-fish
games: 100
rules: {seats: 3}
players: [{strategy: random}, {strategy: memory}, {strategy: belief}]
)",
                                        "t.yaml", registry);
  CHECK_THROWS_WITH(registry.find("go-fish")->make_match(config, 1),
                    Catch::StartsWith("t.yaml:3:8: games: 100 games do not split into whole "
                                      "deals"));
}

TEST_CASE("Every shipped config loads and builds its match") {
  const Registry registry = make_registry();
  int configs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ARENA_SOURCE_DIR "/configs")) {
    if (entry.path().extension() != ".yaml") continue;
    INFO(entry.path().string());
    const RunConfig config = load_config(entry.path().string(), registry);
    CHECK(registry.find(config.engine)->make_match(config, 1)->game_count() > 0);
    ++configs;
  }
  CHECK(configs >= 10);
}

// A published config (configs/published-*.yaml) is a reproduction a user
// reruns with --strict: it states figures, each with its source, and the docs'
// table of published figures lists it. (That each passes --strict at its
// shipped size is checked by running them: docs/published-figures.md.)
TEST_CASE("every published config states its figures and sources and is in the docs' table") {
  const Registry registry = make_registry();
  std::ifstream docs_file(ARENA_SOURCE_DIR "/docs/published-figures.md");
  const std::string docs((std::istreambuf_iterator<char>(docs_file)),
                         std::istreambuf_iterator<char>());
  REQUIRE_FALSE(docs.empty());
  int published = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ARENA_SOURCE_DIR "/configs")) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("published-") || entry.path().extension() != ".yaml") continue;
    INFO(name);
    const RunConfig config = load_config(entry.path().string(), registry);
    CHECK_FALSE(config.expect.empty());
    for (const Expectation& e : config.expect)
      CHECK_FALSE(e.source.empty());
    CHECK(docs.find("configs/" + name) != std::string::npos);
    ++published;
  }
  CHECK(published >= 2);
}
