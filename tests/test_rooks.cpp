// Rooks with forts: solvers against brute force, the judge format, the engine.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <vector>

#include "engines/core/huge_page_allocator.hpp"
#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"
#include "play_config.hpp"

using namespace arena;
using namespace arena::rooks;

namespace {

const Board kSeedSample = board_from_rows({"....", "..X.", ".X..", "...."});

// True when a rook on `cell` would attack one already in `placed` (a
// deliberately plain walk along the row and column until a fort).
bool attacked(const Board& b, const std::vector<uint8_t>& placed, int cell) {
  const int r = cell / b.n;
  const int c = cell % b.n;
  const int steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (const auto& s : steps) {
    for (int rr = r + s[0], cc = c + s[1]; rr >= 0 && rr < b.n && cc >= 0 && cc < b.n;
         rr += s[0], cc += s[1]) {
      if (!b.open(rr, cc)) break;
      if (placed[rr * b.n + cc]) return true;
    }
  }
  return false;
}

// The optimum by trying every legal placement, cell by cell.
int brute_force(const Board& b, std::vector<uint8_t>& placed, int cell = 0) {
  if (cell == b.n * b.n) return 0;
  int best = brute_force(b, placed, cell + 1);
  if (!b.fort[cell] && !attacked(b, placed, cell)) {
    placed[cell] = 1;
    best = std::max(best, 1 + brute_force(b, placed, cell + 1));
    placed[cell] = 0;
  }
  return best;
}

}  // namespace

TEST_CASE("the seed's sample board has optimum 6") {
  const Placement best = solve_exact(kSeedSample);
  CHECK(best.size() == 6);
  CHECK(legal(kSeedSample, best));
}

TEST_CASE("exact equals a brute-force optimum on hundreds of boards up to 5x5") {
  Rng rng(77);
  int boards = 0;
  for (int n = 1; n <= 5; ++n) {
    for (double density : {0.0, 0.2, 0.4, 0.6}) {
      for (int i = 0; i < 25; ++i, ++boards) {
        const Board b = random_board(n, density, rng);
        std::vector<uint8_t> placed(static_cast<size_t>(n) * n, 0);
        const Placement best = solve_exact(b);
        INFO("board " << boards << "\n" << render(b, best));
        REQUIRE(legal(b, best));
        const int optimum = brute_force(b, placed);
        REQUIRE(static_cast<int>(best.size()) == optimum);
        const Placement pothen_fan = solve_exact(b, MatchingAlgorithm::kPothenFan);
        REQUIRE(legal(b, pothen_fan));
        REQUIRE(static_cast<int>(pothen_fan.size()) == optimum);
      }
    }
  }
  CHECK(boards == 500);
}

TEST_CASE("random solvers give legal maximal placements and never beat exact") {
  Rng rng(78);
  for (int n : {1, 3, 7, 20, 60}) {
    for (double density : {0.0, 0.1, 0.3}) {
      for (int i = 0; i < 8; ++i) {
        const Board b = random_board(n, density, rng);
        const Segments seg(b);
        const size_t optimum = solve_exact(b).size();
        for (const Placement& p :
             {solve_seed_random(b, 3, rng), solve_random_greedy(b, seg, 3, rng)}) {
          REQUIRE(maximal(b, p));
          REQUIRE(p.size() <= optimum);
        }
      }
    }
  }
}

TEST_CASE("without forts the optimum is n rooks") {
  for (int n : {1, 2, 9, 200}) {
    const Board b = board_from_rows(
        std::vector<std::string>(static_cast<size_t>(n), std::string(static_cast<size_t>(n), '.')));
    CHECK(solve_exact(b).size() == static_cast<size_t>(n));
  }
}

TEST_CASE("legality and maximality checks catch attacks and gaps") {
  CHECK_FALSE(legal(kSeedSample, {0, 3}));  // same row, no fort between
  CHECK(legal(kSeedSample, {4, 7}));        // row 1: '.', '.', 'X', '.': the fort separates
  CHECK_FALSE(legal(kSeedSample, {6}));     // a rook on a fort
  CHECK_FALSE(maximal(kSeedSample, {0}));   // more rooks fit
}

TEST_CASE("the judge format reads several boards ended by 0 or by the end of input") {
  std::istringstream two("4\n....\n..X.\n.X..\n....\n\n2\n.X\nX.\n0\n3\n...\n...\n...\n");
  const auto boards = parse_judge_format(two);
  REQUIRE(boards.size() == 2);  // the board after 0 is not read
  CHECK(boards[1].n == 2);
  CHECK(boards[1].fort == std::vector<uint8_t>{0, 1, 1, 0});
  std::istringstream no_end("1\n.\r\n");
  CHECK(parse_judge_format(no_end).size() == 1);
}

TEST_CASE("malformed boards name the line and column") {
  const auto error = [](const std::string& text) {
    std::istringstream in(text);
    try {
      parse_judge_format(in);
    } catch (const JudgeFormatError& e) {
      return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.what();
    }
    return std::string("no error");
  };
  CHECK(error("3\n...\n..\n...\n") == "3:3: row of length 2, expected 3");
  CHECK(error("2\n.x\n..\n") == "2:2: unexpected character 'x' (rows hold only '.' and 'X')");
  CHECK(error("two\n..\n..\n") == "1:1: expected the board size n, got 'two'");
  CHECK(error("  -4\n") == "1:3: board size -4 is out of range [1, 5000]");
  CHECK(error("9999\n") == "1:1: board size 9999 is out of range [1, 5000]");
  CHECK(error("3\n...\n...\n") == "4:1: truncated board: expected 3 rows, got 2");
}

TEST_CASE("the rooks engine: exact wins every board and sizes are reported per group") {
  const std::string yaml = R"(name: r
engine: rooks
seed: 5
games: 300
rules: {n: [4, 9, 15], fort_density: 0.2}
players:
  - {name: seed, strategy: seed-random, params: {tries: 2}}
  - {name: exact, strategy: exact}
)";
  const auto played = testing::play_config(yaml, 2);
  CHECK(played.stats.variant(1).record.wins == 300);
  CHECK(played.stats.variant(1).metrics[1].max() == 0);  // gap
  CHECK(played.stats.variant(0).record.wins < 300);
  REQUIRE(played.stats.groups() == 3);
  CHECK(played.stats.variant_in_group(0, 2).games == 100);
  CHECK(played.stats.variant_in_group(0, 0).record.wins >
        played.stats.variant_in_group(0, 2).record.wins);
  CHECK(testing::play_config(yaml, 1).rows == played.rows);  // whatever the thread count
}

TEST_CASE("every matching algorithm finds the same optimum") {
  Rng rng(79);
  for (int n : {1, 2, 5, 13, 40, 120}) {
    for (double density : {0.0, 0.05, 0.2, 0.5}) {
      const Board b = random_board(n, density, rng);
      const Placement hk = solve_exact(b, MatchingAlgorithm::kHopcroftKarp);
      REQUIRE(legal(b, hk));
      for (auto algorithm : {MatchingAlgorithm::kAuto, MatchingAlgorithm::kPothenFan,
                             MatchingAlgorithm::kAugmentingBfs}) {
        const Placement p = solve_exact(b, algorithm);
        REQUIRE(legal(b, p));
        REQUIRE(p.size() == hk.size());
      }
    }
  }
}

namespace {

// A board from a predicate on (row, col): true = fort.
template <class Fort>
Board board_where(int n, Fort fort) {
  Board b;
  b.n = n;
  b.fort.resize(static_cast<size_t>(n) * n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      b.fort[static_cast<size_t>(r) * n + c] = fort(r, c) ? 1 : 0;
  }
  return b;
}

// The default's, Pothen-Fan+'s and the augmenting BFS's placements are legal
// and as large as Hopcroft-Karp's.
void check_optimal(const Board& b) {
  const Placement hk = solve_exact(b, MatchingAlgorithm::kHopcroftKarp);
  REQUIRE(legal(b, hk));
  for (auto algorithm : {MatchingAlgorithm::kAuto, MatchingAlgorithm::kPothenFan,
                         MatchingAlgorithm::kAugmentingBfs}) {
    const Placement p = solve_exact(b, algorithm);
    INFO("algorithm " << static_cast<int>(algorithm) << ", n " << b.n << ", " << b.open_cells()
                      << " open cells\n"
                      << (b.n <= 30 ? render(b, p) : ""));
    REQUIRE(legal(b, p));
    REQUIRE(p.size() == hk.size());
    REQUIRE(maximal(b, p));
  }
}

}  // namespace

TEST_CASE("exact solvers match Hopcroft-Karp on random boards of every density") {
  Rng rng(80);
  int boards = 0;
  for (int n : {1, 2, 3, 4, 6, 9, 17, 33, 64, 150}) {
    for (double density : {0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.95, 0.99}) {
      const int repeats = n <= 9 ? 20 : n <= 64 ? 4 : 1;
      for (int i = 0; i < repeats; ++i, ++boards)
        check_optimal(random_board(n, density, rng));
    }
  }
  CHECK(boards == 1463);
}

TEST_CASE("exact solvers are optimal on the extreme boards") {
  for (int n : {1, 2, 7, 100}) {
    INFO("n " << n);
    check_optimal(board_where(n, [](int, int) { return false; }));  // no forts
    check_optimal(board_where(n, [](int, int) { return true; }));   // all forts
    check_optimal(board_where(n, [n](int r, int c) { return r != n / 2 || c != n / 3; }));
    check_optimal(board_where(n, [](int r, int) { return r % 2 == 1; }));  // long rows
    check_optimal(board_where(n, [](int, int c) { return c % 2 == 1; }));  // long columns
    check_optimal(board_where(n, [](int r, int c) { return (r + c) % 2 == 1; }));
    check_optimal(board_where(n, [](int r, int c) { return r != c; }));  // a diagonal
    // Long thin segments both ways: a comb of forts every third row and column.
    check_optimal(board_where(n, [](int r, int c) { return r % 3 == 2 && c % 3 == 2; }));
  }
  CHECK(solve_exact(board_where(1, [](int, int) { return true; })).empty());
  CHECK(solve_exact(board_where(5, [](int r, int c) { return r != 1 || c != 3; })) == Placement{8});
}

TEST_CASE("exact solvers give the same placement for the same board") {
  Rng rng(81);
  for (double density : {0.05, 0.1, 0.3}) {
    const Board b = random_board(300, density, rng);
    CHECK(solve_exact(b) == solve_exact(b));
    CHECK(solve_exact(b, MatchingAlgorithm::kPothenFan) ==
          solve_exact(b, MatchingAlgorithm::kPothenFan));
  }
}

TEST_CASE("a huge-page vector holds what a vector holds, large buffers or small") {
  for (size_t n : {size_t{0}, size_t{1}, size_t{1000}, size_t{64} << 10, size_t{3'000'001}}) {
    HugePageVector<int32_t> v(n, 7);
    std::vector<int32_t> plain(n, 7);
    for (size_t i = 0; i < n; i += 4093)
      v[i] = plain[i] = static_cast<int32_t>(i);
    v.push_back(-1);
    plain.push_back(-1);
    CHECK(std::equal(v.begin(), v.end(), plain.begin(), plain.end()));
#ifdef __linux__
    // Large buffers start on a huge page.
    if (v.capacity() * sizeof(int32_t) >= kHugePageThreshold)
      CHECK(reinterpret_cast<uintptr_t>(v.data()) % kHugePageSize == 0);
#endif
  }
}

TEST_CASE("exact solvers agree on a board whose arrays live on huge pages") {
  Rng rng(82);
  const Board b = random_board(700, 0.1, rng);  // 441,000 open cells: every large array
  check_optimal(b);
}
