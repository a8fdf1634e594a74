#include "harness/adapters/battleship/replay.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "engines/battleship/ship_chances.hpp"

namespace arena::battleship_adapter {

std::string cell_name(int cell, int size) {
  return bs::cell_name(cell, size);
}

std::vector<std::string> board_legend() {
  return {"S a ship not hit yet (the shooter does not see it)", ". water not fired at",
          "o a miss   x a hit   # a sunk ship",
          "O X @ the last shot: a miss, a hit, a hit that sank its ship"};
}

ShotBoard::ShotBoard(const bs::Rules& rules, const bs::Layout& layout)
    : rules_(&rules),
      layout_(&layout),
      ocean_(rules, layout),
      sunk_(static_cast<size_t>(layout.ship_count), false),
      marks_(static_cast<size_t>(rules.cells()), '.') {
  for (int s = 0; s < layout.ship_count; ++s) {
    for (int i = 0; i < layout.ships[s]->length; ++i)
      marks_[static_cast<size_t>(layout.ships[s]->cell(i, rules.size))] = 'S';
  }
}

ReplayStep ShotBoard::shoot(int cell, int shooter, const std::string& who) {
  const bs::ShotResult r = ocean_.shoot(cell);
  last_ = cell;
  if (!r.repeated) shots_.emplace_back(cell, static_cast<int>(r.kind));
  if (r.kind == bs::ShotKind::kSunk) sunk_[static_cast<size_t>(r.ship)] = true;
  const std::string at = cell_name(cell, rules_->size);
  nlohmann::json move = {{"row", cell / rules_->size}, {"col", cell % rules_->size}, {"cell", at}};
  std::string what;
  if (r.kind == bs::ShotKind::kMiss) {
    marks_[static_cast<size_t>(cell)] = 'o';
    what = "miss";
  } else {
    const std::string& ship = rules_->fleet[static_cast<size_t>(r.ship)].name;
    move["ship"] = ship;
    if (marks_[static_cast<size_t>(cell)] == 'S') marks_[static_cast<size_t>(cell)] = 'x';
    what = r.kind == bs::ShotKind::kSunk ? "hit, " + ship + " sunk" : "hit";
    if (r.kind == bs::ShotKind::kSunk) {
      for (int i = 0; i < r.sunk->length; ++i)
        marks_[static_cast<size_t>(r.sunk->cell(i, rules_->size))] = '#';
    }
  }
  if (r.repeated) what += " (fired at before: a wasted shot)";
  move["result"] = r.kind == bs::ShotKind::kMiss  ? "miss"
                   : r.kind == bs::ShotKind::kHit ? "hit"
                                                  : "sunk";
  move["repeated"] = r.repeated;
  return {shooter, fmt::format("{} fires at {}: {}", who, at, what), std::move(move), {}};
}

std::vector<std::string> ShotBoard::render(const std::string& title) const {
  const int n = rules_->size;
  std::vector<std::string> lines = {title};
  std::string header = "   ";
  for (int c = 0; c < n; ++c)
    header += fmt::format(" {}", static_cast<char>('A' + c));
  lines.push_back(header);
  for (int r = 0; r < n; ++r) {
    std::string line = fmt::format("{:>3}", r + 1);
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      char mark = marks_[static_cast<size_t>(cell)];
      if (cell == last_) mark = mark == '#' ? '@' : static_cast<char>(std::toupper(mark));
      line += ' ';
      line += mark;
    }
    lines.push_back(line);
  }
  return lines;
}

nlohmann::json ShotBoard::state(const std::string& title, const std::string& shooter,
                                bool over) const {
  const int n = rules_->size;
  nlohmann::json ships = nlohmann::json::array();
  for (int s = 0; s < layout_->ship_count; ++s) {
    const bs::Placement& p = *layout_->ships[s];
    nlohmann::json cells = nlohmann::json::array();
    for (int i = 0; i < p.length; ++i)
      cells.push_back(p.cell(i, n));
    ships.push_back({{"name", rules_->fleet[static_cast<size_t>(s)].name},
                     {"cells", std::move(cells)},
                     {"sunk", static_cast<bool>(sunk_[static_cast<size_t>(s)])}});
  }
  nlohmann::json shots = nlohmann::json::array();
  for (const auto& [cell, kind] : shots_) {
    const auto k = static_cast<bs::ShotKind>(kind);
    shots.push_back({{"cell", cell},
                     {"result", k == bs::ShotKind::kMiss  ? "miss"
                                : k == bs::ShotKind::kHit ? "hit"
                                                          : "sunk"}});
  }
  return {{"title", title},
          {"shooter", shooter.empty() ? nlohmann::json(nullptr) : nlohmann::json(shooter)},
          {"size", n},
          {"ships", std::move(ships)},
          {"shots", std::move(shots)},
          {"last", last_ >= 0 ? nlohmann::json(last_) : nlohmann::json(nullptr)},
          {"over", over}};
}

std::vector<std::string> side_by_side(const std::vector<std::string>& left,
                                      const std::vector<std::string>& right) {
  size_t width = 0;
  for (const std::string& line : left)
    width = std::max(width, line.size());
  std::vector<std::string> lines;
  for (size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
    std::string line = i < left.size() ? left[i] : "";
    line.resize(width + 4, ' ');
    if (i < right.size()) line += right[i];
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace arena::battleship_adapter
