// The bench suite's signatures pin how every strategy plays: when this test
// fails after a change, the change altered how the named strategy setting
// plays. If that was intended, run `build/arena bench` and update its row
// here. A strategy added since (no row yet) is reported, not failed: its
// author pins it when its play is settled. The worked example of
// docs/adding-a-strategy.md stays unpinned on purpose (a pin would name it a
// second time in the code).
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "harness/adapters/adapters.hpp"
#include "harness/cli/bench_suite.hpp"

using namespace arena;

TEST_CASE("the bench suite plays exactly the pinned moves, whatever the thread count") {
  const Registry registry = make_registry();
  const auto results = run_bench_suite(registry, 1);
  struct Pinned {
    const char* name;
    const char* setting;
    uint64_t decisions;
    uint64_t signature;
  };
  const Pinned pinned[] = {
      {"battleship-solo", "random", 56959, 0xc011da4082fd4075},
      {"battleship-solo", "hunt-target", 48134, 0x61824522478d7d57},
      {"battleship-solo", "hunt-target/parity=true", 46719, 0x63b358905cdd2e55},
      {"battleship-solo", "hunt-target/parity=true/parity_step=smallest-afloat", 46794,
       0xb6d666e2ed4605d2},
      {"battleship-solo", "density", 41702, 0x79cd9d1c107cd6db},
      {"battleship-solo", "density/checkerboard_weight=1.5", 41735, 0x2ed06727de278c52},
      {"battleship-solo", "density/prior=learned", 41702, 0x79cd9d1c107cd6db},
      {"battleship-solo", "seed-density", 42873, 0xfe64cbcd3f8823fb},
      {"battleship-solo", "seed-density/checkerboard_weight=1", 42834, 0xed476c52cdf7b837},
      {"battleship-solo", "monte-carlo", 42382, 0xc95dc49c4bfd00c6},
      {"battleship-no-touch-defenders", "random", 19164, 0x461d2e053fd11dfa},
      {"battleship-no-touch-defenders", "hunt-target", 16933, 0x2c1af8326b129cd5},
      {"battleship-no-touch-defenders", "density", 13445, 0xea3188ade30ba2e2},
      {"battleship-no-touch-defenders", "seed-density", 13935, 0x9b865e12895c1879},
      {"battleship-no-touch-defenders", "monte-carlo", 13512, 0xfaccd8f1fc6e219b},
      {"battleship-learned", "random", 38224, 0xd3732a14f032be62},
      {"battleship-learned", "hunt-target", 32685, 0xe79a96166c8defc4},
      {"battleship-learned", "hunt-target/parity=true", 31127, 0x8d1d7949f989d3b3},
      {"battleship-learned", "hunt-target/parity=true/parity_step=smallest-afloat", 30927,
       0x69e9fdee10a6238f},
      {"battleship-learned", "density", 28627, 0x16d9828b12c54c90},
      {"battleship-learned", "density/checkerboard_weight=1.5", 28842, 0xf59809b1cd08087e},
      {"battleship-learned", "density/prior=learned", 27963, 0x725cacf10c3023b4},
      {"battleship-learned", "seed-density", 29209, 0x2f5bbd4d35c4ebf5},
      {"battleship-learned", "seed-density/checkerboard_weight=1", 29081, 0x0cff5b15ac5481f1},
      {"battleship-learned", "monte-carlo", 28892, 0x60483ded120ba014},
      {"battleship-duel", "random", 3673, 0xa1134af8de1c3ac2},
      {"battleship-duel", "hunt-target", 2664, 0x10806251740ce9b9},
      {"battleship-duel", "hunt-target/parity=true", 2580, 0x2852b1754ba3bd77},
      {"battleship-duel", "hunt-target/parity=true/parity_step=smallest-afloat", 2582,
       0x7de42e93658ca807},
      {"battleship-duel", "density", 1754, 0x5f478989a841cd42},
      {"battleship-duel", "density/checkerboard_weight=1.5", 1892, 0x18f3e3b624b21675},
      {"battleship-duel", "density/prior=learned", 1754, 0x5f478989a841cd42},
      {"battleship-duel", "seed-density", 1890, 0xb9629722cb453a31},
      {"battleship-duel", "seed-density/checkerboard_weight=1", 1756, 0xef14ee3843a5a3ff},
      {"battleship-duel", "monte-carlo", 1892, 0x50d72dc51843c583},
      {"chinese-checkers", "random", 1200, 0xf62ba45e9fd2a89e},
      {"chinese-checkers", "greedy", 666, 0xab3c6efdc1aeac16},
      {"chinese-checkers", "greedy/eval=progress", 353, 0x593ff9d0f0e277ab},
      {"chinese-checkers", "minimax", 324, 0x969662e3f79d636b},
      {"chinese-checkers", "minimax/scoring=seed/eval=seed", 435, 0xdf6e8fe3872b218e},
      {"chinese-checkers", "alphabeta", 272, 0xf7596a38a39e18ea},
      {"chinese-checkers", "mcts", 1200, 0xd88df0d75a1dd294},
      {"chinese-checkers", "mcts/playout=random", 1200, 0x3d872d317b7c2708},
      {"chinese-checkers-6p", "random", 4000, 0xb4be8372ee48cb02},
      {"chinese-checkers-6p", "greedy", 4000, 0x73a6e600920dd923},
      {"chinese-checkers-6p", "minimax", 4000, 0xe9b1a6730da3763a},
      {"chinese-checkers-6p", "alphabeta", 4000, 0x11f2a98fdff7d465},
      {"chinese-checkers-6p", "mcts", 4000, 0xd71b6549fb164b56},
      {"go-fish", "random", 3477, 0x64bbee2bddd8adcb},
      {"go-fish", "memory", 3250, 0xf1efa51a25498b1a},
      {"go-fish", "belief", 3344, 0x75fd0e2b996213f9},
      {"go-fish", "seed-memory", 3396, 0x29bd0c87dafe1e2c},
      {"go-fish", "seed-memory/faithful=false", 3338, 0xe704432bcb23fecb},
      {"go-fish", "counting", 3296, 0x521f98da96ba1e54},
      {"go-fish", "counting/reveal_weight=0", 3293, 0xec6133b172ec049b},
      {"go-fish", "rlcard-v1", 3295, 0x6bbcb6590772823c},
      {"go-fish", "rlcard-v2", 3304, 0xae08065ec1c4b5d7},
      {"go-fish", "rlcard-v2/by_count=true", 3250, 0x778b37b4f366b649},
      {"go-fish-seed-rules", "random", 11867, 0x58d5429345fd3673},
      {"go-fish-seed-rules", "memory", 11852, 0xb9199abad67c36b6},
      {"go-fish-seed-rules", "belief", 11991, 0xb38a8cdb1b9b9d74},
      {"go-fish-seed-rules", "seed-memory", 11984, 0x14a36e11afbba084},
      {"go-fish-seed-rules", "counting", 11867, 0x533744f72c28f949},
      {"go-fish-seed-rules", "rlcard-v1", 11925, 0xf0a519254a6d5406},
      {"go-fish-seed-rules", "rlcard-v2", 11668, 0x31893c6796a44766},
      {"rooks", "seed-random", 300, 0x83b0343c1d431244},
      {"rooks", "random-greedy", 300, 0x593c185de99299ae},
      {"rooks", "exact", 300, 0x6b0691f787e26620},
      {"rooks", "exact/algorithm=hopcroft-karp", 300, 0x35f4d9d6643de97b},
  };
  std::map<std::pair<std::string, std::string>, const BenchResult*> played;
  for (const BenchResult& r : results)
    played[{r.name, r.setting}] = &r;
  for (const Pinned& p : pinned) {
    INFO(p.name << " " << p.setting);
    const auto found = played.find({p.name, p.setting});
    REQUIRE(found != played.end());  // a pinned setting no longer plays: removed or renamed?
    CHECK(found->second->decisions == p.decisions);
    CHECK(found->second->signature == p.signature);
    played.erase(found);
  }
  for (const auto& [key, result] : played)
    WARN("not pinned yet: " << key.first << " " << key.second << " signature " << std::hex
                            << result->signature);
  // Every setting, the unpinned ones too, plays the same moves on 3 threads.
  CHECK(combined_signature(run_bench_suite(registry, 3)) == combined_signature(results));
}
