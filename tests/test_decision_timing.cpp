// How decisions are timed: the calibrated clock, and cheap decisions timed by
// sample (every one still counted) without moving the reported percentiles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "engines/core/rng.hpp"
#include "harness/registry/decision_clock.hpp"
#include "harness/registry/match.hpp"

using arena::DecisionClock;
using arena::LatencyHistogram;
using arena::LatencyRecorder;

namespace {

// Spins for at least `ns` nanoseconds of the decision clock; returns a value
// the recorder can fold.
int spin_for(uint64_t ns) {
  const DecisionClock& clock = DecisionClock::get();
  const uint64_t start = clock.ticks();
  int turns = 0;
  while (clock.nanoseconds(clock.ticks() - start) < ns)
    ++turns;
  return turns > 0 ? 1 : 0;
}

// How much longer than its target a spin is measured (the recorder's own
// readings and the spin's last turn), median of fully timed spins.
uint64_t spin_offset_ns() {
  std::vector<LatencyHistogram> latency(arena::kMaxPhases);
  LatencyRecorder recorder(latency, 0, 1);
  for (int i = 0; i < 4000; ++i)
    recorder.decide(0, [] { return spin_for(200); });
  const uint64_t measured = latency[0].quantile(0.5);
  return measured > 200 ? measured - 200 : 0;
}

}  // namespace

TEST_CASE("the decision clock agrees with steady_clock") {
  const DecisionClock& clock = DecisionClock::get();
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t c0 = clock.ticks();
  while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(20)) {
  }
  const uint64_t c1 = clock.ticks();
  const auto t1 = std::chrono::steady_clock::now();
  const double steady = std::chrono::duration<double, std::nano>(t1 - t0).count();
  CHECK(static_cast<double>(clock.nanoseconds(c1 - c0)) == Approx(steady).epsilon(0.02));
  CHECK(clock.overhead_ns() < 1000);
}

// Issue 46: a bot whose every reply was late had decision_latency_ns.count 0,
// and one with a few late replies a max under the budget.
TEST_CASE("a late decision is a decision: timed and counted, then forfeited") {
  const auto late = []() -> int {
    spin_for(2'000'000);  // 2 ms, then the strategy says it was late
    throw arena::StrategyFault(0, arena::Fault::kOverBudget, "a late move");
  };
  SECTION("under a budget, every decision timed") {
    std::vector<LatencyHistogram> latency(arena::kMaxPhases);
    LatencyRecorder recorder(latency, 1'000'000'000);  // a budget of 1 s: every decision timed
    for (int i = 0; i < 3; ++i)
      CHECK_THROWS_AS(recorder.decide(0, late), arena::StrategyFault);
    recorder.decide(0, [] { return 1; });
    recorder.flush();
    CHECK(latency[0].count() == 4);
    CHECK(latency[0].timed() == 4);
    CHECK(latency[0].max() >= 2'000'000);
    CHECK(latency[0].quantile(0.5) >= 1'980'000);
  }
  SECTION("over the recorder's own budget: timed once, counted once") {
    std::vector<LatencyHistogram> latency(arena::kMaxPhases);
    LatencyRecorder recorder(latency, 1'000'000);  // 1 ms
    CHECK_THROWS_AS(recorder.decide(0, [] { return spin_for(2'000'000); }), arena::StrategyFault);
    recorder.flush();
    CHECK(latency[0].count() == 1);
    CHECK(latency[0].max() >= 2'000'000);
  }
  SECTION("without a budget, sampled: a late one untimed is still counted") {
    std::vector<LatencyHistogram> latency(arena::kMaxPhases);
    LatencyRecorder recorder(latency, 0, 8);  // after the probe, every 8th timed
    for (uint32_t i = 0; i < LatencyRecorder::kProbe; ++i)
      recorder.decide(0, [] { return 1; });
    CHECK_THROWS_AS(recorder.decide(0, late), arena::StrategyFault);  // untimed, counted
    recorder.flush();
    CHECK(latency[0].count() == LatencyRecorder::kProbe + 1);
  }
}

TEST_CASE("an untimed decision that throws is not counted as made") {
  std::vector<LatencyHistogram> latency(arena::kMaxPhases);
  LatencyRecorder recorder(latency, 0, 8);  // after the probe, every 8th timed
  for (uint32_t i = 0; i < LatencyRecorder::kProbe + 4; ++i)
    recorder.decide(0, [] { return 1; });
  CHECK_THROWS_AS(recorder.decide(0, []() -> int { throw std::runtime_error("no"); }),
                  arena::StrategyFault);
  recorder.flush();
  CHECK(latency[0].count() == LatencyRecorder::kProbe + 4);
  CHECK(latency[0].timed() == LatencyRecorder::kProbe);
}

TEST_CASE("cheap decisions are timed by sample, and every one is counted and signed") {
  std::vector<LatencyHistogram> sampled(2 * arena::kMaxPhases);
  std::vector<LatencyHistogram> every(2 * arena::kMaxPhases);
  LatencyRecorder by_sample(sampled);
  LatencyRecorder all(every, 0, 1);
  arena::Rng rng(7);
  for (int i = 0; i < 100'000; ++i) {
    const int variant = i % 2;
    const auto choice = static_cast<int>(rng.below(100));
    CHECK(by_sample.decide(variant, 1, [&] { return choice; }) == choice);
    all.decide(variant, 1, [&] { return choice; });
  }
  by_sample.flush();  // the untimed decisions are counted here
  for (int variant = 0; variant < 2; ++variant) {
    const LatencyHistogram& h = sampled[variant * arena::kMaxPhases + 1];
    CHECK(h.count() == 50'000);
    CHECK(h.timed() >= LatencyRecorder::kProbe);
    CHECK(h.timed() < h.count() / 2);  // a decision of a few ns: a stride well above 2
    CHECK(every[variant * arena::kMaxPhases + 1].timed() == 50'000);
  }
  CHECK(by_sample.signature() == all.signature());
}

TEST_CASE("decisions of a few microseconds are all timed") {
  std::vector<LatencyHistogram> latency(arena::kMaxPhases);
  LatencyRecorder recorder(latency);
  for (int i = 0; i < 600; ++i)
    recorder.decide(0, [] { return spin_for(3000); });
  CHECK(latency[0].count() == 600);
  CHECK(latency[0].timed() == 600);
}

TEST_CASE("a decision budget times every decision") {
  std::vector<LatencyHistogram> latency(arena::kMaxPhases);
  LatencyRecorder recorder(latency, 1'000'000'000);
  for (int i = 0; i < 1000; ++i)
    recorder.decide(0, [] { return 1; });
  CHECK(latency[0].timed() == 1000);
}

namespace {

// The percentiles of one strategy's decisions timed fully and every
// `stride`-th, as measured in one attempt.
struct TimedBothWays {
  LatencyHistogram full, sampled;
};

// Times the same random sequence of spins (about 1.1, 1.6 or 2.9 us, 40%,
// 45%, 15%) fully and by sample in alternation, so that both see the same
// machine. `decisions` is chosen so that the sample holds about 4,000 timed
// decisions: with only a few hundred, p99 rests on half a dozen of them and
// one preemption moves it.
TimedBothWays time_both_ways(uint32_t stride, uint64_t offset) {
  const std::array<uint64_t, 3> level = {1088, 1600, 2944};
  auto target = [&](int k) { return level[k] > offset ? level[k] - offset : 0; };
  std::vector<LatencyHistogram> full(arena::kMaxPhases);
  std::vector<LatencyHistogram> sampled(arena::kMaxPhases);
  LatencyRecorder every(full, 0, 1);
  LatencyRecorder by_sample(sampled, 0, stride);
  arena::Rng rng(2026);
  const int decisions = static_cast<int>(std::max<uint32_t>(40'000, 4'000 * stride));
  for (int i = 0; i < decisions; ++i) {
    const uint64_t draw = rng.below(100);
    const uint64_t ns = target(draw < 40 ? 0 : draw < 85 ? 1 : 2);
    every.decide(0, [&] { return spin_for(ns); });
    by_sample.decide(0, [&] { return spin_for(ns); });
  }
  by_sample.flush();
  return {full[0], sampled[0]};
}

bool within(uint64_t sampled, uint64_t full, double tolerance) {
  const auto f = static_cast<double>(full);
  return std::abs(static_cast<double>(sampled) - f) <= tolerance * f;
}

}  // namespace

// Each cost level is the centre of a histogram bucket 128 or 256 ns wide, so
// that a spin's jitter on a busy machine stays in its bucket. The sample's
// p50, p90 and p99 stay within 5% of the fully timed ones. (Not the mean: on
// a shared machine one decision preempted for milliseconds moves it more.)
// A machine busy with other tests (CI runs them in parallel, some under
// sanitizers) can still push more than 1% of one side's decisions past
// their bucket, moving its p99 alone; so each stride gets up to three
// attempts, and a p99 that lies far past the dearest level (1.5 times it) on
// either side measured the machine's load, not the spins: that attempt's p99
// is not compared (a warning says so). Once, under ASan beside a build, both
// sides' p99 sat at 10.7-11.8 us, adjacent log buckets 9% apart, for all
// three attempts. A sampling bias shows in every attempt.
TEST_CASE("percentiles of sampled decisions stay within 5% of fully timed ones") {
  constexpr uint64_t kLoadedP99 = 2944 * 3 / 2;
  const uint64_t offset = spin_offset_ns();
  INFO("a spin is measured " << offset << " ns longer than its target");
  for (uint32_t stride : {8u, 64u}) {
    INFO("every " << stride << "th decision timed");
    bool agreed = false;
    for (int attempt = 1; attempt <= 3 && !agreed; ++attempt) {
      const TimedBothWays t = time_both_ways(stride, offset);
      const uint64_t decisions = t.full.count();
      REQUIRE(t.sampled.count() == decisions);
      REQUIRE(t.full.timed() == decisions);
      REQUIRE(t.sampled.timed() < LatencyRecorder::kProbe + decisions / (stride - 1));
      agreed = true;
      for (double q : {0.5, 0.9, 0.99}) {
        const uint64_t s = t.sampled.quantile(q), f = t.full.quantile(q);
        if (q == 0.99 && std::max(s, f) > kLoadedP99) {
          WARN("attempt " << attempt << ": p99 measured the machine's load (sampled " << s
                          << " ns, fully timed " << f << " ns), not compared");
          continue;
        }
        if (!within(s, f, 0.05)) {
          WARN("attempt " << attempt << ", quantile " << q << ": sampled " << s
                          << " ns, fully timed " << f << " ns");
          agreed = false;
        }
      }
    }
    CHECK(agreed);
  }
}

namespace {

// Plays `games` games of `decisions` decisions each through `sink`, as the
// runner does (clear(), then the game with the sink's timer for it), the
// choices drawn from `rng` and each decision's cost from `decide`. Returns
// how many games were played with a CountingTimer; `signatures` gets each
// game's signature.
template <class Decide>
int play_games(arena::GameSink& sink, int games, int decisions, arena::Rng& rng,
               std::vector<uint64_t>& signatures, Decide decide) {
  int counted_only = 0;
  for (int g = 0; g < games; ++g) {
    sink.clear();
    sink.with_timer([&](auto& timer) {
      if constexpr (std::is_same_v<std::decay_t<decltype(timer)>, arena::CountingTimer>)
        ++counted_only;
      for (int d = 0; d < decisions; ++d) {
        const auto choice = static_cast<int>(rng.below(100));
        timer.decide(d % 2, d % 3 == 0 ? 1 : 0, [&] { return decide(choice); });
      }
      return 0;
    });
    signatures.push_back(sink.timer().signature());
  }
  return counted_only;
}

}  // namespace

TEST_CASE("games of cheap decisions are sampled whole: every decision counted and signed") {
  std::vector<LatencyHistogram> sampled(2 * arena::kMaxPhases);
  std::vector<LatencyHistogram> every(2 * arena::kMaxPhases);
  std::vector<uint64_t> sampled_signatures, every_signatures;
  const int games = 2000, decisions = 60;
  int counted_only = 0;
  {
    arena::GameSink sink(sampled);
    arena::Rng rng(11);
    counted_only =
        play_games(sink, games, decisions, rng, sampled_signatures, [](int c) { return c; });
  }  // the sink's recorder counts the untimed decisions when it goes
  {
    arena::GameSink sink(every, 1'000'000'000);  // a budget: every decision timed
    arena::Rng rng(11);
    CHECK(play_games(sink, games, decisions, rng, every_signatures, [](int c) { return c; }) == 0);
  }
  CHECK(sampled_signatures == every_signatures);
  // After the probe, all but every kGameStride-th game only count.
  CHECK(counted_only > games * 3 / 4);
  CHECK(counted_only < games * static_cast<int>(LatencyRecorder::kGameStride - 1) /
                               static_cast<int>(LatencyRecorder::kGameStride) +
                           1);
  uint64_t counted = 0, timed = 0;
  for (size_t slot = 0; slot < sampled.size(); ++slot) {
    CHECK(sampled[slot].count() == every[slot].count());
    counted += sampled[slot].count();
    timed += sampled[slot].timed();
  }
  CHECK(counted == static_cast<uint64_t>(games) * decisions);
  CHECK(timed >= 4 * LatencyRecorder::kProbe);  // each of the four histograms probed
  CHECK(timed < counted / LatencyRecorder::kGameStride);
}

TEST_CASE("games of costly decisions are all played with the recorder") {
  std::vector<LatencyHistogram> latency(2 * arena::kMaxPhases);
  std::vector<uint64_t> signatures;
  arena::GameSink sink(latency);
  arena::Rng rng(3);
  const int counted_only =
      play_games(sink, 40, 30, rng, signatures, [](int c) { return spin_for(3000) + c; });
  CHECK(counted_only == 0);
  uint64_t timed = 0;
  for (const LatencyHistogram& h : latency)
    timed += h.timed();
  CHECK(timed == 40 * 30);
}

TEST_CASE(
    "a decision that throws in a counted-only game is not counted, and the game's signature "
    "keeps the decisions before it") {
  std::vector<LatencyHistogram> latency(arena::kMaxPhases);
  arena::GameSink sink(latency);
  // Probe with cheap games until the sink plays one with a CountingTimer.
  bool counted_only = false;
  int games = 0;
  while (!counted_only && games < 1000) {
    sink.clear();
    ++games;
    sink.with_timer([&](auto& timer) {
      counted_only = std::is_same_v<std::decay_t<decltype(timer)>, arena::CountingTimer>;
      if (counted_only) return 0;
      for (int d = 0; d < 100; ++d)
        timer.decide(0, [] { return 1; });
      return 0;
    });
  }
  REQUIRE(counted_only);
  uint64_t expected = sink.timer().signature();
  arena::fold_move(expected, 0, 7);
  CHECK_THROWS_AS(sink.with_timer([](auto& timer) {
    timer.decide(0, [] { return 7; });
    return timer.decide(0, []() -> int { throw std::runtime_error("no"); });
  }),
                  arena::StrategyFault);
  CHECK(sink.timer().signature() == expected);
  sink.timer().flush();
  CHECK(latency[0].count() == static_cast<uint64_t>(games - 1) * 100 + 1);
}
