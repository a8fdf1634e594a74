// A deliberately slow, simple Chinese Checkers move generator for tests:
// coordinates, std::map and recursion, sharing no code or tables with the
// engine's bitboard generator, so the two can check each other.
#pragma once

#include <cstdlib>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace cc_reference {

struct Pos {
  int x;
  int y;  // z = -x - y
  int z() const { return -x - y; }
  auto operator<=>(const Pos&) const = default;
};

inline bool on_star(Pos p) {
  const int z = p.z();
  return (p.x <= 4 && p.y <= 4 && z <= 4) || (p.x >= -4 && p.y >= -4 && z >= -4);
}

inline int distance(Pos a, Pos b) {
  return (std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z() - b.z())) / 2;
}

// The six corners, counter-clockwise from +x.
inline const std::vector<Pos>& tips() {
  static const std::vector<Pos> kTips = {{8, -4}, {4, 4}, {-4, 8}, {-8, 4}, {-4, -4}, {4, -8}};
  return kTips;
}

// Triangle t = the star holes within distance 3 of corner t; -1 otherwise.
inline int triangle(Pos p) {
  for (int t = 0; t < 6; ++t)
    if (distance(p, tips()[t]) <= 3) return t;
  return -1;
}

inline std::vector<Pos> holes() {
  std::vector<Pos> all;
  for (int x = -10; x <= 10; ++x)
    for (int y = -10; y <= 10; ++y)
      if (on_star({x, y})) all.push_back({x, y});
  return all;
}

inline const std::vector<Pos>& directions() {
  static const std::vector<Pos> kDirs = {{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}};
  return kDirs;
}

// A position: owner seat per occupied hole; per seat its home and goal triangle.
struct Position {
  std::map<Pos, int> owner;
  std::vector<int> home;
  int side = 0;
  bool forbid_neutral = false;
};

inline void hop_dfs(const std::map<Pos, int>& board, Pos at, std::set<Pos>& visited) {
  for (const Pos d : directions()) {
    const Pos over{at.x + d.x, at.y + d.y};
    const Pos land{at.x + 2 * d.x, at.y + 2 * d.y};
    if (!board.count(over) || !on_star(land) || board.count(land) || visited.count(land)) continue;
    visited.insert(land);
    hop_dfs(board, land, visited);
  }
}

// Every legal (from, to) of the side to move.
inline std::set<std::pair<Pos, Pos>> moves(const Position& pos) {
  std::set<std::pair<Pos, Pos>> result;
  const int home = pos.home[pos.side];
  const int goal = (home + 3) % 6;
  auto allowed = [&](Pos to) {
    const int t = triangle(to);
    return !pos.forbid_neutral || t == -1 || t == home || t == goal;
  };
  for (const auto& [from, seat] : pos.owner) {
    if (seat != pos.side) continue;
    for (const Pos d : directions()) {
      const Pos to{from.x + d.x, from.y + d.y};
      if (on_star(to) && !pos.owner.count(to) && allowed(to)) result.insert({from, to});
    }
    std::map<Pos, int> lifted = pos.owner;
    lifted.erase(from);
    std::set<Pos> visited{from};
    hop_dfs(lifted, from, visited);
    for (const Pos to : visited)
      if (to != from && allowed(to)) result.insert({from, to});
  }
  return result;
}

inline Position play(const Position& pos, Pos from, Pos to, int players) {
  Position next = pos;
  next.owner.erase(from);
  next.owner[to] = pos.side;
  next.side = (pos.side + 1) % players;
  return next;
}

// Move sequences of length depth (no game ends within the depths used here).
inline long long perft(const Position& pos, int depth, int players) {
  if (depth == 0) return 1;
  long long total = 0;
  for (const auto& [from, to] : moves(pos))
    total += perft(play(pos, from, to, players), depth - 1, players);
  return total;
}

}  // namespace cc_reference
