// What the line protocol (docs/protocol.md) costs per decision, measured as
// the harness times decisions (the round trip included), on one thread:
//
//   build/bench/arena_bench --benchmark_filter='Pipe|External' --benchmark_repetitions=5
//
// BM_ExternalRoundTrip: Battleship solo games of the C++ reference bot
// (clients/cpp) and of the built-in random shooter, which play the same
// random policy; median_added_us = the bot's median decision minus the
// built-in one's: what the protocol adds (goal: at most 20 us).
// BM_PipeRoundTrip: the floor under both, a 300-byte line to /bin/cat and
// back through BotProcess (the same pipes, spin and ppoll; no JSON, no bot).
// BM_ExternalPythonDecisions: the Python random shooter
// (clients/python/examples/battleship_random.py); decisions_per_s is its
// throughput on one core (goal: at least 10,000).
// BM_ExternalJson: the JSON work inside the round trip, for one mid-game
// Battleship decision, timed apart: /0 arena's (the view built and dumped,
// the reply parsed), /1 the reference bot's (the decide line parsed, the
// move built and dumped).
#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/bot_process.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/runner.hpp"

namespace {

using namespace arena;

struct Played {
  RunStats stats{2, 1, 1};
  double seconds = 0;
};

// `games` Battleship solo games of the external `command` and of the
// built-in random shooter, on one thread.
Played play_against_random(const std::string& command, uint64_t games) {
  static const Registry registry = make_registry();
  const RunConfig config =
      parse_config("name: b\nengine: battleship\nseed: 1\ngames: " + std::to_string(games) +
                       "\nplayers:\n  - {name: bot, strategy: external, params: {command: \"" +
                       command + "\"}}\n  - {name: random, strategy: random}\n",
                   "bench.yaml", registry);
  PreparedRun run = prepare_run(registry, config, *config.seed, 1);
  const auto start = std::chrono::steady_clock::now();
  RunStats stats = run_games(*run.match, run.plan, nullptr, nullptr);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  return {std::move(stats), took.count()};
}

// The harness's latency histogram: quantiles within 12.5%, the mean exact.
double median_us(const RunStats& stats, int variant) {
  return static_cast<double>(stats.latency(variant).quantile(0.5)) / 1000.0;
}
double mean_us(const RunStats& stats, int variant) {
  return stats.latency(variant).mean() / 1000.0;
}

void BM_ExternalRoundTrip(benchmark::State& state) {
  Played played;
  for (auto _ : state)
    played = play_against_random(ARENA_REFERENCE_BOT, 2000);
  const RunStats& s = played.stats;
  state.counters["bot_median_us"] = median_us(s, 0);
  state.counters["builtin_median_us"] = median_us(s, 1);
  state.counters["median_added_us"] = median_us(s, 0) - median_us(s, 1);
  state.counters["mean_added_us"] = mean_us(s, 0) - mean_us(s, 1);
  state.counters["decisions"] = static_cast<double>(s.latency(0).count());
  if (s.variant(0).forfeit_total() != 0) state.SkipWithError("the reference bot forfeited");
}
BENCHMARK(BM_ExternalRoundTrip)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_PipeRoundTrip(benchmark::State& state) {
  Spawner spawner;
  BotProcess cat(spawner, {"/bin/cat"}, {}, {});
  const std::string line(300, 'x');
  std::vector<double> us;
  for (auto _ : state) {
    const auto start = BotClock::now();
    cat.send(line, start + std::chrono::seconds(5));
    benchmark::DoNotOptimize(cat.read_line(start + std::chrono::seconds(5)));
    us.push_back(std::chrono::duration<double, std::micro>(BotClock::now() - start).count());
  }
  std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
  state.counters["median_us"] = us[us.size() / 2];
}
BENCHMARK(BM_PipeRoundTrip)->Iterations(100000);

void BM_ExternalPythonDecisions(benchmark::State& state) {
  if (std::system("python3 -c '' 2>/dev/null") != 0) {
    state.SkipWithError("python3 is not installed");
    return;
  }
  const std::string command =
      std::string("python3 ") + ARENA_SOURCE_DIR + "/clients/python/examples/battleship_random.py";
  Played played;
  for (auto _ : state)
    played = play_against_random(command, 2000);
  const RunStats& s = played.stats;
  state.counters["decisions_per_s"] = static_cast<double>(s.latency(0).count()) / played.seconds;
  state.counters["bot_median_us"] = median_us(s, 0);
  if (s.variant(0).forfeit_total() != 0) state.SkipWithError("the Python bot forfeited");
}
BENCHMARK(BM_ExternalPythonDecisions)->Unit(benchmark::kMillisecond)->Iterations(1);

// A mid-game Battleship shot grid: 40 shots, a ship sunk, one hit afloat.
const std::vector<std::string> kGrid = {"o.o...o...", "..o.o...o.", "o...x.o...", "..o.....o.",
                                        "o...o.o...", "..###.....", "o.....o.o.", "...o.o....",
                                        "o.o.....o.", "...o.o...o"};

void BM_ExternalJson(benchmark::State& state) {
  using Json = nlohmann::json;
  const Json afloat = {"carrier", "battleship", "cruiser", "submarine"};
  const std::string decide = R"({"type":"decide","view":)" +
                             Json{{"grid", kGrid}, {"afloat", afloat}, {"shots", 40}}.dump() + "}";
  const std::string reply = R"({"col":4,"row":9,"type":"move"})";
  for (auto _ : state) {
    if (state.range(0) == 0) {  // arena: as ExternalShooter and BotPool's link do
      const Json view = {{"grid", kGrid}, {"afloat", afloat}, {"shots", 40}};
      benchmark::DoNotOptimize(R"({"type":"decide","view":)" + view.dump() + "}");
      benchmark::DoNotOptimize(parse_reply(reply, "move"));
    } else {  // the reference bot
      const Json message = Json::parse(decide);
      const Json& grid = message["view"]["grid"];
      benchmark::DoNotOptimize(grid[9].get_ref<const std::string&>().size());
      benchmark::DoNotOptimize(Json{{"type", "move"}, {"row", 9}, {"col", 4}}.dump());
    }
  }
}
BENCHMARK(BM_ExternalJson)->Arg(0)->Arg(1);

}  // namespace
