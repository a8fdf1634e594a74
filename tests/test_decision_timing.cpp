// How decisions are timed: the calibrated clock, and cheap decisions timed by
// sample (every one still counted) without moving the reported percentiles.
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <stdexcept>
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

// A strategy whose decisions cost about 1.1, 1.6 or 2.9 us (40%, 45%, 15%, in
// a random order), each the centre of a histogram bucket 128 or 256 ns wide
// (so that a spin's jitter on a busy machine stays in its bucket), timed
// fully and by sample in alternation (so both see the same machine): the
// sample's percentiles stay within 5% of the fully timed ones. (Not the
// mean: on a shared machine one decision preempted for milliseconds moves
// it more.)
TEST_CASE("percentiles of sampled decisions stay within 5% of fully timed ones") {
  const uint64_t offset = spin_offset_ns();
  INFO("a spin is measured " << offset << " ns longer than its target");
  const std::array<uint64_t, 3> level = {1088, 1600, 2944};
  auto target = [&](int k) { return level[k] > offset ? level[k] - offset : 0; };
  for (uint32_t stride : {8u, LatencyRecorder::kMaxStride}) {
    INFO("every " << stride << "th decision timed");
    std::vector<LatencyHistogram> full(arena::kMaxPhases);
    std::vector<LatencyHistogram> sampled(arena::kMaxPhases);
    LatencyRecorder every(full, 0, 1);
    LatencyRecorder by_sample(sampled, 0, stride);
    arena::Rng rng(2026);
    const int decisions = 40'000;
    for (int i = 0; i < decisions; ++i) {
      const uint64_t draw = rng.below(100);
      const uint64_t ns = target(draw < 40 ? 0 : draw < 85 ? 1 : 2);
      every.decide(0, [&] { return spin_for(ns); });
      by_sample.decide(0, [&] { return spin_for(ns); });
    }
    by_sample.flush();
    const LatencyHistogram& f = full[0];
    const LatencyHistogram& s = sampled[0];
    CHECK(s.count() == static_cast<uint64_t>(decisions));
    CHECK(s.timed() < LatencyRecorder::kProbe + s.count() / (stride - 1));
    for (double q : {0.5, 0.9, 0.99}) {
      INFO("quantile " << q);
      CHECK(static_cast<double>(s.quantile(q)) ==
            Approx(static_cast<double>(f.quantile(q))).epsilon(0.05));
    }
  }
}
