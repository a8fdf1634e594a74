// arena tune: SPSA's schedule is fishtest's, the searches find the optimum of
// a toy objective, results do not depend on threads or on a resume after
// kill -9, bad tune sections are refused in one line, and config.tuned.yaml
// is a config arena run plays.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/tune/genetic.hpp"
#include "harness/tune/objective.hpp"
#include "harness/tune/results.hpp"
#include "harness/tune/search.hpp"
#include "harness/tune/spsa.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::arena_in;
using arena::testing::kill_when;
using arena::testing::kSanitizerBuild;
using arena::testing::read_file;
using arena::testing::run_and_signal;
using arena::testing::scratch;
using arena::testing::write_file;

namespace arena {
namespace {

TuneConfig spsa_config(uint64_t iterations, uint64_t batch) {
  TuneConfig tune;
  tune.iterations = iterations;
  tune.batch = batch;
  tune.params = {{"x", false, 8, 0, 10, 2, 0.002, 0}};
  return tune;
}

TEST_CASE("SPSA's schedule is fishtest's c_k and a_k from c_end and r_end") {
  // N = 1000, A = 0.1 N = 100, c_end = 2, r_end = 0.002, alpha 0.602, gamma 0.101:
  // c = 2 * 1000^0.101, a = 0.002 * 2^2 * 1100^0.602 (computed by hand in Python).
  const TuneConfig tune = spsa_config(1000, 10);
  const SpsaSchedule s(tune);
  CHECK(s.big_a() == 100);
  CHECK(s.c(0) == Approx(4.018185625217456).epsilon(1e-12));
  CHECK(s.a(0) == Approx(0.5420113530837676).epsilon(1e-12));
  CHECK(s.c_k(0, 0) == Approx(4.018185625217456).epsilon(1e-12));
  CHECK(s.a_k(0, 0) == Approx(0.033682701492112714).epsilon(1e-12));
  CHECK(s.c_k(0, 9) == Approx(3.1844174541023405).epsilon(1e-12));
  CHECK(s.a_k(0, 9) == Approx(0.0319955799808878).epsilon(1e-12));
  // At the last iteration the schedule reaches c_end and a_end = r_end c_end^2 (R = r_end).
  CHECK(s.c_k(0, 999) == Approx(2).epsilon(1e-12));
  CHECK(s.a_k(0, 999) == Approx(0.008).epsilon(1e-12));
  CHECK(s.steps() == 100);
  CHECK(s.iterations_of(99) == 10);
  CHECK(s.iterations_of(100) == 0);
}

TEST_CASE("An SPSA step moves theta by a_k result / (c_k Delta), clipped to the range") {
  const TuneConfig tune = spsa_config(1000, 10);
  const SpsaSchedule s(tune);
  // Step 0 of batch 10 starts at iteration 0; move it to iteration 9 by hand.
  SpsaStep step = spsa_step(tune, s, {5}, 0, 42);
  step.first_iteration = 9;
  step.c = {s.c_k(0, 9)};
  step.flips = {1};
  CHECK(spsa_update(tune, s, step, {5}, 3)[0] == Approx(5.030142637178115).epsilon(1e-12));
  step.flips = {-1};
  CHECK(spsa_update(tune, s, step, {5}, 3)[0] == Approx(4.969857362821885).epsilon(1e-12));
  CHECK(spsa_update(tune, s, step, {9.99}, -1e6)[0] == 10);  // clipped to max
  // theta+ and theta- sit c_k either side of theta, in [min, max].
  const SpsaStep first = spsa_step(tune, s, {9}, 0, 42);
  CHECK(first.plus[0] == std::clamp(9 + first.c[0] * first.flips[0], 0.0, 10.0));
  CHECK(first.minus[0] == std::clamp(9 - first.c[0] * first.flips[0], 0.0, 10.0));
}

TEST_CASE("Integer parameters are played rounded at random, floor(x + U), as fishtest does") {
  const TuneParam p{"n", true, 0, 0, 10, 1, 0.002, 0};
  Rng rng(7);
  double sum = 0;
  for (int i = 0; i < 100000; ++i) {
    const double v = played_value(p, 3.25, rng);
    REQUIRE((v == 3 || v == 4));
    sum += v;
  }
  CHECK(sum / 100000 == Approx(3.25).margin(0.01));
  CHECK(played_value(p, 10, rng) == 10);  // never past max
}

// Games between points whose Elo is -k |x - optimum|^2: each game won with the
// logistic probability of the Elo difference, drawn from the seed. The
// genetic search's opponent sits near the optimum, so scores do not saturate.
class ToyObjective final : public Objective {
 public:
  static double elo(const Point& x) {
    return -200 * (x[0] - 3) * (x[0] - 3) - (x[1] - 20) * (x[1] - 20);
  }
  static double p_win(const Point& a, const Point& b) {
    return 1 / (1 + std::pow(10, -(elo(a) - elo(b)) / 400));
  }
  std::optional<double> compare(const Point& plus, const Point& minus, uint64_t iterations,
                                uint64_t seed) override {
    Rng rng(seed);
    const double p = p_win(plus, minus);
    double result = 0;
    for (uint64_t g = 0; g < 2 * iterations; ++g)
      result += rng.uniform01() < p ? 1 : -1;
    return result;
  }
  std::optional<std::vector<double>> evaluate(const std::vector<Point>& points, uint64_t iterations,
                                              uint64_t seed) override {
    std::vector<double> scores;
    for (const Point& x : points) {
      Rng rng(seed);  // every point on the same draws
      double wins = 0;
      for (uint64_t g = 0; g < 2 * iterations; ++g)
        wins += rng.uniform01() < p_win(x, {3.5, 23}) ? 1 : 0;
      scores.push_back(wins / static_cast<double>(2 * iterations));
    }
    return scores;
  }
};

TuneConfig toy_config(TuneMethod method) {
  TuneConfig tune;
  tune.method = method;
  tune.params = {{"x", false, 8, 0, 10, 0.5, 0.002, 1}, {"n", true, 40, 0, 50, 2, 0.002, 5}};
  if (method == TuneMethod::kSpsa) {
    tune.iterations = 20000;
    tune.batch = 100;
  } else {
    tune.iterations = 30;
    tune.batch = 500;
    tune.genetic.population = 16;
  }
  return tune;
}

Point search_toy(const TuneConfig& tune, uint64_t seed) {
  ToyObjective toy;
  Search search(tune, seed, toy);
  TuneState state = search.start();
  while (!search.done(state))
    REQUIRE(search.advance(state));
  return search.result(state);
}

TEST_CASE("SPSA tunes a toy objective to near its optimum") {
  for (uint64_t seed : {1, 2, 3}) {
    const Point x = search_toy(toy_config(TuneMethod::kSpsa), seed);
    INFO("seed " << seed << ": " << x[0] << ", " << x[1]);
    CHECK(std::abs(x[0] - 3) < 0.5);
    CHECK(std::abs(x[1] - 20) < 5);
  }
}

TEST_CASE("The genetic search tunes a toy objective to near its optimum") {
  for (uint64_t seed : {1, 2, 3}) {
    const Point x = search_toy(toy_config(TuneMethod::kGenetic), seed);
    INFO("seed " << seed << ": " << x[0] << ", " << x[1]);
    CHECK(std::abs(x[0] - 3) < 0.5);
    CHECK(std::abs(x[1] - 20) < 5);
    CHECK(x[1] == std::round(x[1]));  // integer genes stay integers
  }
}

TEST_CASE("A search saved between steps and loaded again goes on identically") {
  for (TuneMethod method : {TuneMethod::kSpsa, TuneMethod::kGenetic}) {
    const TuneConfig tune = toy_config(method);
    ToyObjective toy;
    Search search(tune, 9, toy);
    TuneState whole = search.start();
    TuneState resumed = search.start();
    for (int i = 0; i < 10; ++i) {
      REQUIRE(search.advance(whole));
      REQUIRE(search.advance(resumed));
      resumed = state_from_json(nlohmann::json::parse(state_json(resumed).dump()));
    }
    CHECK(state_json(whole).dump() == state_json(resumed).dump());
    CHECK(trajectory_csv(tune, whole) == trajectory_csv(tune, resumed));
  }
}

}  // namespace
}  // namespace arena

namespace {

// Go Fish at three seats: counting against two memory players (SPSA on the
// same deals for theta+ and theta-).
const char* kGoFishTune = R"(name: gf-tune
engine: go-fish
seed: 31
games: 600
rules: {seats: 3}
players:
  - {name: counting, strategy: counting}
  - {name: memory-a, strategy: memory}
  - {name: memory-b, strategy: memory}
tune:
  variant: counting
  params:
    book_weight:   {min: 0, max: 40, c_end: 2, r_end: 0.002}
    reveal_weight: {min: 0, max: 1, c_end: 0.05, r_end: 0.002}
  iterations: 400
  batch: 50
  against: [memory-a, memory-b]
)";

// Battleship duels, the genetic search against the start point.
const char* kGeneticTune = R"(name: ga-tune
engine: battleship
seed: 32
mode: duel
games: 400
players:
  - {name: density-seed, strategy: density, params: {checkerboard_weight: 1.5}}
  - {name: density, strategy: density}
tune:
  variant: density-seed
  method: genetic
  params:
    checkerboard_weight: {min: 0.5, max: 3}
  iterations: 4
  batch: 40
  population: 5
  verify: {games: 400, sprt: {elo0: 0, elo1: 10}}
)";

// Long enough (a few seconds) that a kill after one second lands mid-search.
const char* kLongTune = R"(name: long-tune
engine: battleship
seed: 33
mode: duel
games: 200
players:
  - {name: density-seed, strategy: density, params: {checkerboard_weight: 1.5}}
  - {name: density, strategy: density}
tune:
  variant: density-seed
  params:
    checkerboard_weight: {min: 0.5, max: 3, c_end: 0.2, r_end: 0.002}
  iterations: 30000
  batch: 100
)";

// The genetic search for as long, against a fixed opponent.
const char* kLongGenetic = R"(name: long-genetic
engine: battleship
seed: 35
mode: duel
games: 200
players:
  - {name: density-seed, strategy: density, params: {checkerboard_weight: 1.5}}
  - {name: hunt-target, strategy: hunt-target}
tune:
  variant: density-seed
  method: genetic
  params:
    checkerboard_weight: {min: 0.5, max: 3}
    prior_strength: {min: 0, max: 100}
  iterations: 40
  batch: 300
  population: 10
  against: [hunt-target]
)";

// tune.json without the fields that depend on timing or the thread count.
nlohmann::json untimed_tune(const fs::path& file) {
  nlohmann::json j = nlohmann::json::parse(read_file(file));
  for (const auto& field : arena::tune_timing_fields())
    j.erase(field);
  return j;
}

void require_same_tuning(const fs::path& a, const fs::path& b) {
  REQUIRE(read_file(a / "trajectory.csv") == read_file(b / "trajectory.csv"));
  REQUIRE(untimed_tune(a / "tune.json") == untimed_tune(b / "tune.json"));
  REQUIRE(read_file(a / "config.tuned.yaml") == read_file(b / "config.tuned.yaml"));
}

}  // namespace

TEST_CASE("arena tune gives the same results at 1 and 2 threads") {
  const fs::path dir = scratch("tune-threads");
  write_file(dir / "gf.yaml", kGoFishTune);
  write_file(dir / "ga.yaml", kGeneticTune);
  for (const char* config : {"gf.yaml", "ga.yaml"}) {
    INFO(config);
    REQUIRE(arena_in(dir, std::string("tune --quiet --threads 1 --out one ") + config).code == 0);
    REQUIRE(arena_in(dir, std::string("tune --quiet --threads 2 --out two ") + config).code == 0);
    require_same_tuning(dir / "one", dir / "two");
    const auto t = nlohmann::json::parse(read_file(dir / "one" / "tune.json"));
    CHECK(t["complete"] == true);
    CHECK(t["trajectory"].size() == t["steps"].get<size_t>());
    CHECK(t["verification"]["head_to_head"]["games"].get<uint64_t>() > 0);
    const std::string report = read_file(dir / "one" / "report.html");
    CHECK(report.find("<svg") != std::string::npos);
    CHECK(report.find("<script") == std::string::npos);
  }
}

TEST_CASE("arena tune killed with -9 resumes to the same trajectory, byte for byte") {
  const fs::path dir = scratch("tune-kill");
  const bool genetic = GENERATE(false, true);
  INFO((genetic ? "genetic" : "spsa"));
  fs::remove_all(dir / "whole");
  fs::remove_all(dir / "part");
  // A third of the long search (a tenth in a sanitizer build): the kill comes
  // at the first checkpoint, one step in, and the whole run and the resumed
  // one each play all of it (7 minutes under ASan+UBSan at full length).
  std::string config = genetic ? kLongGenetic : kLongTune;
  const std::string full = genetic ? "iterations: 40\n" : "iterations: 30000\n";
  const int iterations = kSanitizerBuild ? (genetic ? 5 : 3000) : (genetic ? 14 : 10000);
  config.replace(config.find(full), full.size(),
                 "iterations: " + std::to_string(iterations) + "\n");
  write_file(dir / "long.yaml", config);
  REQUIRE(arena_in(dir, "tune long.yaml --quiet --out whole").code == 0);
  kill_when("tune long.yaml --quiet --out part --checkpoint-every 0",
            "[ -s .part.partial/checkpoint.json ]", dir);
  REQUIRE(fs::exists(dir / ".part.partial/checkpoint.json"));  // killed mid-search
  CHECK_FALSE(fs::exists(dir / "part"));
  REQUIRE(arena_in(dir, "tune long.yaml --quiet --out part --resume --threads 1").code == 0);
  require_same_tuning(dir / "whole", dir / "part");
  // Resuming what is complete does nothing; a fresh start may not overwrite a checkpoint.
  CHECK(arena_in(dir, "tune long.yaml --quiet --out part --resume").code == 0);
}

TEST_CASE("arena tune interrupted by SIGINT exits 130 and leaves a checkpoint") {
  const fs::path dir = scratch("tune-int");
  write_file(dir / "long.yaml", kLongTune);
  CHECK(run_and_signal("tune long.yaml --quiet --out part", "INT", 1.0, dir) == 130);
  CHECK_THAT(read_file(dir / "err.txt"), Catch::Contains("--resume"));
  CHECK(fs::exists(dir / ".part.partial/checkpoint.json"));
  CHECK(arena_in(dir, "tune long.yaml --quiet --out part").code == 2);  // would lose it
}

TEST_CASE("A bad tune section is refused in one line naming the key (exit 2)") {
  const fs::path dir = scratch("tune-errors");
  const std::string head = R"(name: bad
engine: battleship
mode: duel
players:
  - {name: d, strategy: density}
  - {name: h, strategy: hunt-target}
tune:
  variant: d
  iterations: 100
  params:
)";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"    checkerbord_weight: {min: 0.5, max: 3, c_end: 0.2, r_end: 0.002}\n",
       "bad.yaml:11:5: tune.params.checkerbord_weight: strategy 'density' has no numeric "
       "parameter 'checkerbord_weight'; numeric parameters: checkerboard_weight, prior_strength, "
       "hit_weight "
       "(did you mean 'checkerboard_weight'?)"},
      {"    tie_break: {c_end: 1, r_end: 0.002}\n",
       "bad.yaml:11:5: tune.params.tie_break: parameter 'tie_break' of strategy 'density' is not a "
       "number (one of random | first); only integer and real parameters can be tuned"},
      {"    checkerboard_weight: {min: 3, max: 0.5, c_end: 0.2, r_end: 0.002}\n",
       "bad.yaml:11:40: tune.params.checkerboard_weight.max: max 0.5 must be above min 3"},
  };
  for (const auto& [param, message] : cases) {
    write_file(dir / "bad.yaml", head + param);
    for (const char* command : {"tune", "run"}) {
      const auto out = arena_in(dir, std::string(command) + " bad.yaml --quiet");
      CHECK(out.code == 2);
      CHECK(out.err == message + "\n");
    }
  }
}

TEST_CASE("config.tuned.yaml runs with arena run, the tuned player at the tuned values") {
  const fs::path dir = scratch("tune-config");
  write_file(dir / "gf.yaml", kGoFishTune);
  REQUIRE(arena_in(dir, "tune gf.yaml --quiet --out tuned").code == 0);
  REQUIRE(arena_in(dir, "run tuned/config.tuned.yaml --quiet --games 60 --out played").code == 0);
  const auto summary = nlohmann::json::parse(read_file(dir / "played" / "summary.json"));
  const auto tune = nlohmann::json::parse(read_file(dir / "tuned" / "tune.json"));
  CHECK(summary["name"] == "gf-tune-tuned");
  for (const auto& [name, value] : tune["tuned"].items())
    CHECK(summary["variants"][0]["params"][name] == value);
  // A tune config is a run config too: arena run plays its players as written.
  CHECK(arena_in(dir, "run gf.yaml --quiet --games 60 --out as-run").code == 0);
}

TEST_CASE("An external program's own numeric parameter is tuned through Arena") {
  const bool python =
      std::system("python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2>/dev/null") == 0;
  if (!python)
    FAIL("python3 (3.9 or later) is not installed; the README's test command installs it");
  const fs::path dir = scratch("tune-external");
  const std::string bot = (fs::path(ARENA_SOURCE_DIR) / "tests/bots/tunable_bot.py").string();
  // aim 0.1 shoots almost at random; the bot is far better near 1.
  write_file(dir / "ext.yaml", R"(name: ext-tune
engine: battleship
seed: 34
mode: duel
games: 40
players:
  - {name: bot, strategy: external, params: {command: "python3 )" +
                                   bot + R"(", aim: 0.1}}
  - {name: hunt-target, strategy: hunt-target}
tune:
  variant: bot
  params:
    aim: {min: 0, max: 1, c_end: 0.1, r_end: 0.02}
  iterations: 60
  batch: 20
  against: [hunt-target]
)");
  REQUIRE(arena_in(dir, "tune ext.yaml --quiet --threads 2 --out tuned").code == 0);
  const auto t = nlohmann::json::parse(read_file(dir / "tuned" / "tune.json"));
  CHECK(t["tune"]["params"]["aim"]["type"] == "real");
  CHECK(t["tuned"]["aim"].get<double>() > 0.2);
  const auto& h2h = t["verification"]["head_to_head"]["matches"][0];
  CHECK(h2h["a"] == "bot-tuned");
  CHECK(h2h["wins"].get<int>() > h2h["losses"].get<int>());
  // config.tuned.yaml gives the program the tuned value among its params.
  const std::string tuned = read_file(dir / "tuned" / "config.tuned.yaml");
  CHECK_THAT(tuned, Catch::Contains("aim: " + nlohmann::json(t["tuned"]["aim"]).dump()));
  REQUIRE(arena_in(dir, "run tuned/config.tuned.yaml --quiet --games 4 --out played").code == 0);
}

TEST_CASE("arena tune refuses what it cannot tune in one line (exit 2), writing nothing") {
  const fs::path dir = scratch("tune-refused");
  const std::string players = R"(name: bad
engine: battleship
mode: duel
players:
  - {name: d, strategy: density}
  - {name: h, strategy: hunt-target}
)";
  const std::string param = "  params: {checkerboard_weight: {c_end: 1, r_end: 0.1}}\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"",
       "bad.yaml:1:1: tune: missing the 'tune' section that arena tune searches by "
       "(docs/tuning.md)"},
      {"tune:\n  variant: dd\n  iterations: 10\n" + param,
       "bad.yaml:8:12: tune.variant: no player named 'dd' (did you mean 'd'?)"},
      {"tune:\n  variant: d\n  iterations: 10\n  population: 8\n" + param,
       "bad.yaml:10:15: tune.population: applies to method genetic only"},
      {"tune:\n  variant: d\n  iterations: 10\n  against: [d]\n" + param,
       "bad.yaml:10:13: tune.against[0]: the tuned player cannot be its own opponent (leave "
       "'against' out to play theta+ against theta-)"},
      {"tune:\n  variant: d\n  iterations: 10\n  verify: {games: 3}\n" + param,
       "bad.yaml:10:19: tune.verify.games: 3 games are not whole deals of the verification: use "
       "a multiple of 2"},
      {"tune:\n  variant: d\n  iterations: 0\n" + param,
       "bad.yaml:9:15: tune.iterations: value 0 is out of range [1, 1000000000]"},
  };
  for (const auto& [tune, message] : cases) {
    INFO(tune);
    write_file(dir / "bad.yaml", players + tune);
    const auto out = arena_in(dir, "tune bad.yaml --out out");
    CHECK(out.code == 2);
    CHECK(out.err == message + "\n");
    CHECK_FALSE(fs::exists(dir / "results"));
    CHECK_FALSE(fs::exists(dir / "out"));
    CHECK_FALSE(fs::exists(dir / ".out.partial"));
  }
  CHECK(arena_in(dir, "tune missing.yaml").code == 2);
  CHECK(arena_in(dir, "tune bad.yaml --threads -1").code == 2);
  // --resume with nothing to resume
  write_file(dir / "ok.yaml", players + "tune:\n  variant: d\n  iterations: 10\n" + param);
  const auto none = arena_in(dir, "tune ok.yaml --resume --out out");
  CHECK(none.code == 2);
  CHECK_THAT(none.err, Catch::Contains("no checkpoint"));
  CHECK_FALSE(fs::exists(dir / ".out.lock"));  // refused: no lock file left behind
}
