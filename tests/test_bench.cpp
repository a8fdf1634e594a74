// The bench suite's signatures pin how every strategy plays: when this test
// fails after a change, the change altered some strategy's moves (or added a
// strategy or a sample: every registered one plays in the suite). If that was
// intended, run `build/arena bench` and update the values here.
#include <catch2/catch.hpp>

#include "harness/adapters/adapters.hpp"
#include "harness/cli/bench_suite.hpp"

using namespace arena;

TEST_CASE("the bench suite plays exactly the pinned moves") {
  const Registry registry = make_registry();
  const auto results = run_bench_suite(registry, 2);
  struct Pinned {
    const char* name;
    uint64_t decisions;
    uint64_t signature;
  };
  const Pinned pinned[] = {
      {"battleship-solo", 168361, 0xe742c63b163a0348},
      {"battleship-no-touch-defenders", 29400, 0xbb5bc1efd80e2f20},
      {"battleship-learned", 114288, 0x6d218380bab6ae8a},
      {"battleship-duel", 40638, 0xfec4d474ae75bfa6},
      {"chinese-checkers", 7917, 0xbadb4963584877a0},
      {"chinese-checkers-6p", 24000, 0x8279577a6c2bab16},
      {"go-fish", 22644, 0x6266468bdf40dcd0},
      {"go-fish-seed-rules", 47826, 0xc14899af20bc8eb6},
      {"rooks", 600, 0x20d2d15d1dac6862},
  };
  REQUIRE(results.size() == std::size(pinned));
  for (size_t i = 0; i < results.size(); ++i) {
    INFO(results[i].name);
    CHECK(results[i].name == pinned[i].name);
    CHECK(results[i].decisions == pinned[i].decisions);
    CHECK(results[i].signature == pinned[i].signature);
  }
  CHECK(combined_signature(results) == 0x8704e5ceeee13fb5);
}

TEST_CASE("the bench signature does not depend on the thread count") {
  const Registry registry = make_registry();
  CHECK(combined_signature(run_bench_suite(registry, 1)) ==
        combined_signature(run_bench_suite(registry, 3)));
}
