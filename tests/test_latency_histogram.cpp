#include <catch2/catch.hpp>

#include "engines/core/latency_histogram.hpp"

using arena::LatencyHistogram;

TEST_CASE("latency buckets tile the integers without gaps or overlaps") {
  for (int b = 0; b + 1 < 60 * LatencyHistogram::kSub; ++b) {
    REQUIRE(LatencyHistogram::bucket_high(b) + 1 == LatencyHistogram::bucket_low(b + 1));
    REQUIRE(LatencyHistogram::bucket_of(LatencyHistogram::bucket_low(b)) == b);
    REQUIRE(LatencyHistogram::bucket_of(LatencyHistogram::bucket_high(b)) == b);
  }
}

TEST_CASE("quantiles are within one bucket (12.5%) of the exact value") {
  LatencyHistogram h;
  for (uint64_t v = 1; v <= 100000; ++v)
    h.add(v);
  CHECK(h.count() == 100000);
  CHECK(h.max() == 100000);
  CHECK(h.mean() == Approx(50000.5));
  CHECK(static_cast<double>(h.quantile(0.5)) == Approx(50000).epsilon(0.125));
  CHECK(static_cast<double>(h.quantile(0.99)) == Approx(99000).epsilon(0.125));
  CHECK(h.quantile(1.0) <= 100000);
}

TEST_CASE("small latencies are exact") {
  LatencyHistogram h;
  for (int i = 0; i < 10; ++i)
    h.add(7);
  CHECK(h.quantile(0.5) == 7);
  CHECK(h.quantile(0.99) == 7);
}

TEST_CASE("merging histograms equals adding every value to one") {
  LatencyHistogram a, b, all;
  for (uint64_t v = 0; v < 5000; v += 3) {
    (v % 2 ? a : b).add(v * v);
    all.add(v * v);
  }
  a += b;
  CHECK(a.count() == all.count());
  CHECK(a.max() == all.max());
  CHECK(a.mean() == all.mean());
  for (double q : {0.1, 0.5, 0.9, 0.99})
    CHECK(a.quantile(q) == all.quantile(q));
}

TEST_CASE("an empty histogram reports zeros") {
  LatencyHistogram h;
  CHECK(h.count() == 0);
  CHECK(h.quantile(0.5) == 0);
  CHECK(h.mean() == 0);
}
