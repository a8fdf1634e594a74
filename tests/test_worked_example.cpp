// The worked example of docs/adding-a-strategy.md: the rooks solver
// `min-degree` was added as one new file and one line in the engine's list.
// This test keeps it so: outside its own file, its name is written once in
// the code (engines/, harness/, tests/, bench/, fuzz/, .ci/ and
// CMakeLists.txt; this test aside). Configs, clients and docs are not code
// and may name it (configs/python-rooks.yaml plays it). It also checks that
// the page shows the list as it is, and that the strategy earns its place.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engines/rooks/strategies.hpp"
#include "harness/adapters/adapters.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

size_t occurrences(const std::string& text, const std::string& word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    ++n;
  return n;
}

std::string text_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("the worked example strategy is one new file and one line of code in its engine's list") {
  const fs::path root = ARENA_SOURCE_DIR;
  const fs::path own = root / "engines/rooks/strategies/min_degree.hpp";
  const fs::path list = root / "engines/rooks/strategies.hpp";
  const fs::path self = root / "tests/test_worked_example.cpp";
  REQUIRE(fs::exists(own));
  // Every spelling of the strategy: its config name, its type, its file name.
  const std::vector<std::string> names = {"min-degree", "MinDegreeSolver", "min_degree"};
  size_t in_list = 0;
  // The code: what builds, tests and benchmarks Arena (not configs/, clients/ or docs/).
  std::vector<fs::path> files = {root / "CMakeLists.txt"};
  for (const char* folder : {"engines", "harness", "tests", "bench", "fuzz", ".ci"})
    for (const auto& entry : fs::recursive_directory_iterator(root / folder))
      if (entry.is_regular_file()) files.push_back(entry.path());
  for (const fs::path& file : files) {
    if (file == own || file == self) continue;
    const std::string text = text_of(file);
    for (const std::string& name : names) {
      const size_t n = occurrences(text, name);
      if (file == list) {
        in_list += n;
      } else {
        INFO(file.string() << " names " << name
                           << ": the code may name the worked example "
                              "only in its own file and the engine's list");
        CHECK(n == 0);
      }
    }
  }
  CHECK(in_list == 1);  // the one line: MinDegreeSolver in the type list
}

// The page shows step 2 as the file is: the list, with the new line marked.
TEST_CASE("docs/adding-a-strategy.md shows the engine's list as it is") {
  const fs::path root = ARENA_SOURCE_DIR;
  const std::string page = text_of(root / "docs/adding-a-strategy.md");
  const std::string code = text_of(root / "engines/rooks/strategies.hpp");
  const std::string start = "using Strategies = StrategyList<";
  const size_t at = page.find(start);
  REQUIRE(at != std::string::npos);
  std::string shown = page.substr(at, page.find(">;", at) + 2 - at);
  const std::string marker = "  <- the new line";
  REQUIRE(shown.find(marker) != std::string::npos);
  shown.erase(shown.find(marker), marker.size());
  CHECK(code.find(shown) != std::string::npos);
}

TEST_CASE("the worked example is registered and takes every option from its declaration") {
  const Registry registry = make_registry();
  const StrategySpec* spec = registry.find("rooks")->find_strategy("min-degree");
  REQUIRE(spec != nullptr);
  CHECK(spec->params.size() == 1);
  CHECK(spec->params.front().name == "tries");
}

// Real, not a stub: near the optimum, well above random greedy, always legal
// and maximal, on 300 random boards of three sizes.
TEST_CASE("min-degree places nearly as many rooks as the optimum and far more than random") {
  int64_t optimum = 0, heuristic = 0, random = 0;
  int optimal_boards = 0;
  const auto greedy = rooks::Strategies::bind_defaults("random-greedy");
  const auto exact = rooks::Strategies::bind_defaults("exact");
  const auto tested = rooks::Strategies::bind_defaults("min-degree");
  const auto solve = [](const rooks::Strategies::Bound& bound, const rooks::Board& board,
                        const rooks::Segments& segments, Rng& rng) {
    return std::visit([&](const auto& s) { return s.solve(board, segments, rng); },
                      rooks::Strategies::make(bound));
  };
  for (uint64_t game = 0; game < 300; ++game) {
    Rng environment(derive_seed(8, 0, game, Purpose::kEnvironment));
    const rooks::Board board =
        rooks::random_board(std::array{8, 16, 32}[game % 3], 0.15, environment);
    const rooks::Segments segments(board);
    Rng rng(derive_seed(8, 0, game, player_purpose(0)));
    const rooks::Placement placed = solve(tested, board, segments, rng);
    REQUIRE(rooks::legal(board, placed));
    REQUIRE(rooks::maximal(board, placed));
    const auto best = static_cast<int64_t>(solve(exact, board, segments, rng).size());
    optimum += best;
    heuristic += static_cast<int64_t>(placed.size());
    random += static_cast<int64_t>(solve(greedy, board, segments, rng).size());
    optimal_boards += static_cast<int64_t>(placed.size()) == best ? 1 : 0;
  }
  INFO("optimum " << optimum << ", min-degree " << heuristic << ", random-greedy " << random);
  CHECK(heuristic >= optimum * 0.995);   // within half a percent of the optimum
  CHECK(heuristic >= random * 1.10);     // and at least 10% more rooks than random greedy
  CHECK(optimal_boards >= 300 * 3 / 4);  // optimal on most boards
}
