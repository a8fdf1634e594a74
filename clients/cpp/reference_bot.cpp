// A reference bot for Arena's line protocol (docs/protocol.md), in C++ with
// no Arena header: it plays a uniformly random legal move in every engine,
// from the seed each game message gives it. It shows the protocol from C++
// and measures its cost (bench: BM_ExternalRoundTrip).
//
//   build/clients/arena_reference_bot   (started by arena, not by hand)
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

using Json = nlohmann::json;

namespace {

// Battleship: a random cell not fired at ('.' in the grid).
Json battleship_move(const Json& view, std::mt19937_64& rng) {
  std::vector<std::pair<int, int>> open;
  const auto& grid = view["grid"];
  for (size_t r = 0; r < grid.size(); ++r) {
    const auto& row = grid[r].get_ref<const std::string&>();
    for (size_t c = 0; c < row.size(); ++c)
      if (row[c] == '.') open.emplace_back(static_cast<int>(r), static_cast<int>(c));
  }
  const auto [row, col] = open[std::uniform_int_distribution<size_t>(0, open.size() - 1)(rng)];
  return {{"type", "move"}, {"row", row}, {"col", col}};
}

// Go Fish: a random rank it holds, from a random player it may ask.
Json go_fish_move(const Json& view, std::mt19937_64& rng) {
  std::vector<int> ranks;
  const auto& hand = view["hand"];
  for (size_t r = 0; r < hand.size(); ++r)
    if (hand[r].get<int>() > 0) ranks.push_back(static_cast<int>(r));
  const auto& targets = view["targets"];
  return {{"type", "move"},
          {"target", targets[std::uniform_int_distribution<size_t>(0, targets.size() - 1)(rng)]},
          {"rank", ranks[std::uniform_int_distribution<size_t>(0, ranks.size() - 1)(rng)]}};
}

// Chinese Checkers: a random legal move.
Json chinese_checkers_move(const Json& view, std::mt19937_64& rng) {
  const size_t n = view["legal"].size();
  return {{"type", "move"}, {"index", std::uniform_int_distribution<size_t>(0, n - 1)(rng)}};
}

// Rooks: the open cells in a random order, a rook wherever none attacks it.
Json rooks_move(const Json& view, std::mt19937_64& rng) {
  const int n = view["n"];
  std::vector<std::string> rows = view["rows"];
  std::vector<int> cells;
  for (int c = 0; c < n * n; ++c)
    if (rows[c / n][c % n] == '.') cells.push_back(c);
  std::shuffle(cells.begin(), cells.end(), rng);
  Json rooks = Json::array();
  for (const int cell : cells) {
    const int r = cell / n, c = cell % n;
    if (rows[r][c] != '.') continue;
    rooks.push_back({r, c});
    // Attacked cells: along the row and the column until a fort.
    for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}})
      for (int i = r + dr, j = c + dc; i >= 0 && j >= 0 && i < n && j < n && rows[i][j] != 'X';
           i += dr, j += dc)
        rows[i][j] = '-';
    rows[r][c] = 'R';
  }
  return {{"type", "move"}, {"rooks", rooks}};
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string engine;
  std::mt19937_64 rng(0);
  std::string line;
  while (std::getline(std::cin, line)) {
    const Json message = Json::parse(line);
    const std::string type = message["type"];
    if (type == "hello") {
      engine = message["engine"];
      std::cout << Json{{"type", "hello"}, {"name", "reference-bot"}, {"version", "1"}} << '\n'
                << std::flush;
    } else if (type == "game") {
      rng.seed(message["seed"].get<uint64_t>());
    } else if (type == "decide") {
      const Json& view = message["view"];
      const Json move = engine == "battleship"         ? battleship_move(view, rng)
                        : engine == "go-fish"          ? go_fish_move(view, rng)
                        : engine == "chinese-checkers" ? chinese_checkers_move(view, rng)
                                                       : rooks_move(view, rng);
      std::cout << move << '\n' << std::flush;
    } else if (type == "bye") {
      return 0;
    }
  }
  return 0;  // end of input: arena is gone
}
