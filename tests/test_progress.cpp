// The ETA of a run whose games differ in cost, the note a long run gives at
// its start, and the probe series that feed them (played first, merged at
// their place: they change no result).
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "cli_support.hpp"
#include "harness/runner/cost_model.hpp"
#include "harness/runner/progress.hpp"

namespace fs = std::filesystem;
using arena::CostModel;
using arena::Progress;
using arena::testing::arena_in;
using arena::testing::read_file;
using arena::testing::require_same_results;
using arena::testing::scratch;
using arena::testing::signal_when;
using arena::testing::write_file;

namespace {

// A round robin's cost profile: the first half of the games cost 1 ms each,
// the second half 10 ms (a cheap pairing first, an expensive one last).
double cost_of(uint64_t game) {
  return game < 500 ? 0.001 : 0.010;
}

void observe_games(CostModel& model, uint64_t begin, uint64_t end) {
  double seconds = 0;
  for (uint64_t g = begin; g < end; ++g)
    seconds += cost_of(g);
  model.observe(begin, end, seconds);
}

}  // namespace

// A 12,000-game run resumed after 4,567 games counts the whole run: it
// said "6623/7433 games" once it had played 2,056 more.
TEST_CASE("a resumed run's progress counts the games played before it") {
  Progress resumed(12000, Progress::Style::kOff, 4567);
  resumed.add(2056);
  CHECK_THAT(resumed.plain_line(), Catch::StartsWith("arena: 6623/12000 games (55%), "));
  Progress fresh(12000, Progress::Style::kOff);
  fresh.add(6000);
  CHECK_THAT(fresh.plain_line(), Catch::StartsWith("arena: 6000/12000 games (50%), "));
}

TEST_CASE("Probe series are spread over the games, whole series, one per segment") {
  const CostModel model(10, 1010, 2, 32);  // a resumed run: games 10 to 1009, pairs
  const auto& probes = model.probes();
  REQUIRE(probes.size() == 32);
  for (size_t i = 0; i < probes.size(); ++i) {
    CHECK((probes[i] - 10) % 2 == 0);
    CHECK(probes[i] + 2 <= 1010);
    if (i > 0) CHECK(probes[i] - probes[i - 1] >= 30);  // spread, not bunched
  }
  CHECK(probes.front() < 60);
  CHECK(probes.back() > 950);
  CHECK(CostModel(0, 6, 2, 32).probes().size() == 3);  // no more probes than series
}

TEST_CASE("The remaining cost comes from each stretch's own cost, not the rate so far") {
  CostModel model(0, 1000, 1, 32);
  for (const uint64_t probe : model.probes())
    observe_games(model, probe, probe + 1);
  observe_games(model, 0, 300);  // the cheap 300 games that come first

  // What is left: the cheap games 300-499 and the dear ones, but for the probes among them.
  double truth = 0;
  for (uint64_t g = 300; g < 1000; ++g)
    truth += cost_of(g);
  for (const uint64_t probe : model.probes())
    if (probe >= 300) truth -= cost_of(probe);
  CHECK(model.remaining_thread_seconds() == Approx(truth).epsilon(0.03));
  // The rate so far (about 1.5 ms a game) would have said a seventh of it.
  CHECK(model.remaining_thread_seconds() > 4 * 700 * 0.0015);

  // Wall time: thread time at the rate the threads have run so far (two
  // threads: half a wall second per thread-second).
  const double observed = model.total_thread_seconds() - model.remaining_thread_seconds();
  CHECK(model.eta_seconds(observed / 2) == Approx(truth / 2).epsilon(0.03));
}

TEST_CASE("A stretch's measured games replace its probe's estimate") {
  CostModel model(0, 1000, 1, 4);  // segments of 250 games, probes at 125, 375, 625, 875
  model.observe(625, 626, 1.0);    // an unlucky probe: one game of 1 s
  model.observe(500, 625, 125 * 0.01);
  model.observe(0, 250, 0.25);  // the first segment, whole, at 1 ms a game
  // Segment 500-749 has 126 games measured at 2.25 s in all: its 124 left
  // cost that average, not 1 s each; the two segments nothing measured yet
  // cost the average of all games measured.
  const double segment = 2.25 / 126;
  const double everything = 2.5 / 376;
  CHECK(model.remaining_thread_seconds() == Approx(124 * segment + 500 * everything).epsilon(1e-9));
  CHECK(CostModel(0, 100, 1, 8).eta_seconds(5) < 0);  // nothing measured: no ETA
}

TEST_CASE("A run estimated at over ten minutes says so, and a shorter one says nothing") {
  CHECK(arena::long_run_note(599, 2, 64).empty());
  CHECK(arena::long_run_note(3000, 2, 64) ==
        "arena: this run will take about 50 minutes on 2 threads (estimated from 64 games "
        "spread over it); Ctrl-C stops it with a checkpoint to resume later, and --games plays "
        "fewer");
  CHECK_THAT(arena::long_run_note(4 * 3600, 1, 32), Catch::Contains("about 4.0 hours on 1 thread"));
}

TEST_CASE("A run of two million Monte Carlo games warns at its start that it is long") {
  const fs::path dir = scratch("long-run-note");
  write_file(dir / "long.yaml",
             "name: long\nengine: battleship\nseed: 1\ngames: 2000000\n"
             "players: [{name: mc, strategy: monte-carlo}]\n");
  CHECK(signal_when("run long.yaml --threads 1 --out out", "INT",
                    "grep -qs 'this run will take about' err.txt", dir) == 130);
  CHECK_THAT(read_file(dir / "err.txt"),
             Catch::Contains("on 1 thread (estimated from 32 games spread over it)"));
}

TEST_CASE("The wall time behind the estimate starts with the first observed games") {
  CostModel model(0, 100, 1, 8);
  CHECK(model.seconds_observing() == 0);  // nothing observed
  model.observe(0, 1, 2.0);               // a game that began two seconds ago
  CHECK(model.seconds_observing() >= 2.0);
  CHECK(model.seconds_observing() < 60);
  model.observe(1, 2, 0.5);  // began later: the start stays
  CHECK(model.seconds_observing() >= 2.0);
}

// Probes of games of microseconds: their thread time was once set against the
// wall time since the run began, start-up included, and a run of seconds was
// announced as 20 minutes long.
TEST_CASE("A run of two million random-firing games, seconds long, does not say it is long") {
  const fs::path dir = scratch("short-run-no-note");
  write_file(dir / "short.yaml",
             "name: short\nengine: battleship\nseed: 1\ngames: 2000000\n"
             "players: [{name: random, strategy: random}]\noutput: {games_csv: false}\n");
  // Stopped once the live page is written (a second in: the probes are long done).
  const int code = signal_when("run short.yaml --threads 1 --report-every 1 --out out", "INT",
                               "grep -qs 'live report' err.txt", dir);
  CHECK((code == 130 || code == 0));
  CHECK_THAT(read_file(dir / "err.txt"), !Catch::Contains("this run will take about"));
}

TEST_CASE("Probe series played first change no result") {
  const fs::path dir = scratch("probes-same-results");
  write_file(dir / "rr.yaml", R"(name: rr
engine: battleship
mode: duel
seed: 3
games: 1000
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
  - {name: random, strategy: random}
output: {moves: {sample: 100}}
)");
  // --quiet: no progress, so no probes; without it the probes are played first.
  REQUIRE(arena_in(dir, "run rr.yaml --quiet --threads 2 --out quiet").code == 0);
  REQUIRE(arena_in(dir, "run rr.yaml --threads 2 --out probed").code == 0);
  require_same_results(dir / "quiet", dir / "probed");
}
