// The bench suite's signatures pin how every strategy plays: when this test
// fails after a change, the change altered some strategy's moves. If that was
// intended, run `build/arena bench` and update the values here.
#include <catch2/catch.hpp>

#include "harness/runner/bench_suite.hpp"

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
      {"battleship-solo", 121836, 0x5e03a5c308782da3},
      {"battleship-no-touch-defenders", 16029, 0x48307a931f075df5},
      {"battleship-learned", 8850, 0xb12a8b2cedb92ebe},
      {"battleship-duel", 61238, 0x075ffaf48ece19be},
      {"chinese-checkers", 4038, 0xc200499cb2c3133c},
      {"chinese-checkers-6p", 4000, 0x52abe7de4d0d8487},
      {"go-fish", 32422, 0xea87e8547f50692a},
      {"go-fish-seed-rules", 24193, 0xb2fdd709905bd333},
      {"rooks", 600, 0xbcfc6cda48149edb},
  };
  REQUIRE(results.size() == std::size(pinned));
  for (size_t i = 0; i < results.size(); ++i) {
    INFO(results[i].name);
    CHECK(results[i].name == pinned[i].name);
    CHECK(results[i].decisions == pinned[i].decisions);
    CHECK(results[i].signature == pinned[i].signature);
  }
  CHECK(combined_signature(results) == 0x34f7dadd9bfa7e5a);
}

TEST_CASE("the bench signature does not depend on the thread count") {
  const Registry registry = make_registry();
  CHECK(combined_signature(run_bench_suite(registry, 1)) ==
        combined_signature(run_bench_suite(registry, 3)));
}
