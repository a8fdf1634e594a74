#include "engines/chinese_checkers/describe.hpp"

#include <algorithm>
#include <array>
#include <deque>

namespace arena::chinese_checkers {

std::vector<int> move_path(const State& before, Move m) {
  const Board& b = board();
  if (b.steps(m.from).test(m.to)) return {m.from, m.to};
  // Breadth-first over hop landings with the moving piece lifted off its hole.
  Bitboard occupied = before.occupied();
  occupied.reset(m.from);
  std::array<int, kHoles> came_from;
  came_from.fill(kNoHole);
  came_from[m.from] = m.from;
  std::deque<int> open = {m.from};
  while (!open.empty() && came_from[m.to] == kNoHole) {
    const int hole = open.front();
    open.pop_front();
    for (const Hop& hop : b.hops(hole)) {
      if (!occupied.test(hop.over) || occupied.test(hop.land) || came_from[hop.land] != kNoHole)
        continue;
      came_from[hop.land] = hole;
      open.push_back(hop.land);
    }
  }
  if (came_from[m.to] == kNoHole) return {m.from, m.to};  // not a hop chain: shown as a jump
  std::vector<int> path = {m.to};
  while (path.back() != m.from)
    path.push_back(came_from[path.back()]);
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<std::string> render_star(const State& state, std::span<const int> path) {
  const Board& b = board();
  std::vector<std::string> lines(17, std::string(33, ' '));
  for (int hole = 0; hole < kHoles; ++hole) {
    const Cube c = b.cube(hole);
    const int owner = state.owner(hole);
    char mark = owner >= 0 ? static_cast<char>('1' + owner) : '.';
    if (!path.empty()) {
      if (hole == path.front() && owner < 0) mark = 'o';
      if (hole == path.back() && owner >= 0) mark = static_cast<char>('A' + owner);
      if (owner < 0 && std::find(path.begin() + 1, path.end() - 1, hole) != path.end() - 1)
        mark = '*';
    }
    lines[static_cast<size_t>(c.z + 8)][static_cast<size_t>(c.x - c.y + 16)] = mark;
  }
  for (std::string& line : lines)
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
  return lines;
}

std::vector<std::string> star_legend() {
  return {"1-6 the pieces of seats 1-6   . an empty hole",
          "A-F the piece that just moved   o where it started   * where it hopped through"};
}

}  // namespace arena::chinese_checkers
