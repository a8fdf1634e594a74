// Early stopping: SPRT and ci_width rules checked on fixed batches in
// game-index order stop at the same game whatever the thread count.
#include <catch2/catch.hpp>

#include <cmath>

#include <nlohmann/json.hpp>

#include "harness/adapters/adapters.hpp"
#include "harness/stats/stopping.hpp"
#include "play_config.hpp"

using namespace arena;

namespace {

const Registry& registry() {
  static const Registry r = make_registry();
  return r;
}

struct Stopped {
  testing::Played played;
  StopStatus status;
};

// Plays `yaml` with its stop rules on `threads` workers, as arena run does.
Stopped play_with_stops(const std::string& yaml, int threads) {
  const RunConfig config = parse_config(yaml, "t.yaml", registry());
  PreparedRun run = prepare_run(registry(), config, *config.seed, threads);
  RunPlan& plan = run.plan;
  const auto& match = run.match;
  plan.games = config.stop.max_games.value_or(match->game_count());
  plan.check_every = config.stop.batch;
  plan.stop_when = [&](const RunStats& s) {
    return !evaluate_stop(config.stop, s).stopped_by.empty();
  };
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* rows = open_memstream(&buffer, &size);
  RunStats stats = run_games(*match, plan, rows, nullptr);
  std::fclose(rows);
  Stopped result{{std::move(stats), std::string(buffer, size), plan.games}, {}};
  std::free(buffer);
  result.status = evaluate_stop(config.stop, result.played.stats);
  return result;
}

const std::string kSprt = R"(name: s
engine: battleship
seed: 77
games: 1000000
mode: duel
players:
  - {name: cb, strategy: density, params: {checkerboard_weight: 1.5}}
  - {name: plain, strategy: density}
stop:
  sprt: {elo0: -10, elo1: 0, model: logistic}
  batch: 200
)";

}  // namespace

TEST_CASE("an SPRT stops at the same game with 1 or 2 or 8 threads") {
  const Stopped one = play_with_stops(kSprt, 1);
  REQUIRE(one.status.stopped_by == "sprt");
  REQUIRE(one.played.stats.games() < 1000000);
  CHECK(one.played.stats.games() % 200 == 0);
  for (int threads : {2, 8}) {
    const Stopped many = play_with_stops(kSprt, threads);
    CHECK(many.played.stats.games() == one.played.stats.games());
    CHECK(many.status.llr == one.status.llr);
    CHECK(many.played.rows == one.played.rows);
  }
}

TEST_CASE("the SPRT stops at the first batch whose LLR leaves the bounds") {
  const Stopped stopped = play_with_stops(kSprt, 2);
  const SprtTest test{-10, 0, 0.05, 0.05, SprtModel::kLogistic};
  const double llr = stopped.status.llr;
  CHECK((llr <= test.lower_bound() || llr >= test.upper_bound()));
  // One batch earlier the LLR was still inside: replay exactly that many games.
  const uint64_t before = stopped.played.stats.games() - 200;
  std::string capped = kSprt;
  capped.replace(capped.find("  batch: 200"), 12,
                 "  batch: 200\n  max_games: " + std::to_string(before));
  capped.replace(capped.find("stop:\n  sprt"), 12, "stop:\n  ci_width: 0.000001\n  sprt");
  const Stopped earlier = play_with_stops(capped, 2);
  REQUIRE(earlier.played.stats.games() == before);
  CHECK(earlier.status.llr > test.lower_bound());
  CHECK(earlier.status.llr < test.upper_bound());
}

// Density sinks random's fleet first in every duel: the first batch is all
// wins, which the exact GSPRT accepts at once (the closed-form approximation
// had no variance to divide by and played on).
TEST_CASE("an SPRT in which one variant wins every game stops at the first check with H1") {
  for (const char* model : {"normalized", "logistic"}) {
    const std::string yaml = std::string(R"(name: l
engine: battleship
seed: 5
games: 1000000
mode: duel
players:
  - {name: density, strategy: density}
  - {name: random, strategy: random}
stop: {sprt: {elo0: 0, elo1: 10, model: )") +
                             model + "}, batch: 1000}\n";
    for (int threads : {1, 2, 8}) {
      INFO(model << ", " << threads << " threads");
      const Stopped s = play_with_stops(yaml, threads);
      CHECK(s.played.stats.games() == 1000);
      CHECK(s.status.stopped_by == "sprt");
      CHECK(s.status.verdict == "H1");
      CHECK(s.played.stats.pentanomial(0, 1)[4] == 500);  // every pair won twice
    }
  }
}

TEST_CASE("a ci_width rule stops once the score interval is that narrow") {
  const Stopped s = play_with_stops(R"(name: c
engine: battleship
seed: 3
games: 100000
players: [{name: a, strategy: random}, {name: b, strategy: hunt-target}]
stop: {ci_width: 0.05, batch: 100}
)",
                                    2);
  CHECK(s.status.stopped_by == "ci_width");
  CHECK(s.status.ci_width <= 0.05);
  CHECK(s.played.stats.games() < 100000);
}

TEST_CASE("stop rules that cannot work are config errors") {
  const auto error = [](const std::string& yaml) {
    try {
      parse_config(yaml, "t.yaml", registry());
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string three =
      "name: x\nengine: battleship\nplayers: [{name: a, strategy: random}, {name: b, strategy: "
      "random}, {name: c, strategy: random}]\n";
  CHECK(error(three + "stop: {sprt: {elo0: 0, elo1: 5}}\n") ==
        "t.yaml:4:14: stop.sprt: an SPRT needs exactly 2 players, got 3");
  const std::string two =
      "name: x\nengine: battleship\nplayers: [{name: a, strategy: random}, {name: b, strategy: "
      "random}]\n";
  CHECK(error(two + "stop: {sprt: {elo0: 5, elo1: 0}}\n") ==
        "t.yaml:4:30: stop.sprt.elo1: elo1 must be greater than elo0");
  CHECK(error(two + "stop: {sprt: {elo0: 0, elo1: 5, modle: logistic}}\n")
            .find("did you mean 'model'") != std::string::npos);
  CHECK(error(two + "stop: {sprt: {elo0: 0, elo1: 300}}\n") ==
        "t.yaml:4:30: stop.sprt.elo1: value 300 is out of range [-200, 200]");
  CHECK(error(two + "stop: {sprt: {elo0: 0, elo1: 300, model: logistic}}\n").empty());
  CHECK(error(two + "stop: {ci_width: 2}\n") ==
        "t.yaml:4:18: stop.ci_width: value 2 is out of range [1e-09, 1]");
}

TEST_CASE("the LLR history keeps a few hundred checks, evenly, and the latest") {
  LlrHistory history;
  CHECK(history.points().empty());
  const uint64_t checks = 10007;
  for (uint64_t i = 0; i < checks; ++i)
    history.add((i + 1) * 200, static_cast<double>(i) / 1000);
  const std::vector<LlrPoint> points = history.points();
  CHECK(points.size() <= LlrHistory::kMaxPoints + 1);
  CHECK(points.size() > LlrHistory::kMaxPoints / 2);
  CHECK(points.front() == LlrPoint{200, 0.0});
  CHECK(points.back() == LlrPoint{checks * 200, static_cast<double>(checks - 1) / 1000});
  // Evenly spaced but for the latest: every kept check is a multiple of one stride.
  const uint64_t stride = points[1].games - points[0].games;
  for (size_t i = 1; i + 1 < points.size(); ++i)
    CHECK(points[i].games - points[i - 1].games == stride);
}

TEST_CASE("the LLR history continues across a checkpoint as if never interrupted") {
  LlrHistory whole, first;
  for (uint64_t i = 0; i < 1500; ++i) {
    const double llr = std::sin(static_cast<double>(i)) * 3.1;  // every digit must survive
    whole.add(i * 100 + 100, llr);
    if (i < 777) first.add(i * 100 + 100, llr);
  }
  LlrHistory resumed = LlrHistory::from_json(nlohmann::json::parse(first.to_json().dump()));
  for (uint64_t i = 777; i < 1500; ++i)
    resumed.add(i * 100 + 100, std::sin(static_cast<double>(i)) * 3.1);
  CHECK(resumed.points() == whole.points());
}
