// The 121-hole star and its precomputed tables.
//
// Geometry: cube coordinates (x, y, z) with x + y + z = 0; the star is
// {x, y, z <= 4} ∪ {x, y, z >= -4}: the 61-hole hexagon |x|,|y|,|z| <= 4 plus
// six triangles of 10. Triangle t (0..5, counter-clockwise) is the set where
// one coordinate passes 4 in magnitude: 0: x > 4, 1: z < -4, 2: y > 4,
// 3: x < -4, 4: z > 4, 5: y < -4; t and t + 3 are opposite. Holes are numbered
// 0..120 row by row (z from -8 to 8, then x increasing).
//
// Contract: `board()` is built once (thread-safe static) and never changes;
// every table lookup is O(1) and allocation-free.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "engines/chinese_checkers/bitboard.hpp"

namespace arena::chinese_checkers {

constexpr int kHoles = 121;
constexpr int kTriangles = 6;
constexpr int kMaxPlayers = 6;
constexpr int kPieces = 10;
constexpr int kNoHole = -1;

struct Cube {
  int x = 0;
  int y = 0;
  int z = 0;
  friend constexpr bool operator==(Cube, Cube) = default;
};

// The six unit directions; direction d + 3 is the opposite of d.
constexpr std::array<Cube, 6> kDirections = {
    {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}};

// One possible hop from a hole: over the neighbour `over` into `land`.
struct Hop {
  uint8_t over;
  uint8_t land;
};

// Hex distance between cube coordinates.
constexpr int cube_distance(Cube a, Cube b) {
  const auto abs = [](int v) { return v < 0 ? -v : v; };
  return (abs(a.x - b.x) + abs(a.y - b.y) + abs(a.z - b.z)) / 2;
}

class Board {
 public:
  // Constant-evaluated once, in board.cpp (kBoard).
  constexpr Board();

  Cube cube(int hole) const { return cube_[hole]; }
  // The hole at (x, y, -x-y), or kNoHole off the star.
  constexpr int hole_at(int x, int y) const {
    if (x < -8 || x > 8 || y < -8 || y > 8) return kNoHole;
    return index_[x + 8][y + 8];
  }
  // Neighbour in direction d (0..5), or kNoHole.
  int neighbour(int hole, int d) const { return neighbour_[hole][d]; }
  Bitboard steps(int hole) const { return steps_[hole]; }
  std::span<const Hop> hops(int hole) const { return {hops_[hole].data(), hop_count_[hole]}; }
  // Per direction d (0..5): the neighbour, and the hole two steps away (where
  // a hop in direction d lands), each kSentinel when off the star. Tables of
  // 128-entry arrays may be indexed by them without a branch.
  static constexpr uint8_t kSentinel = 127;
  int padded_neighbour(int hole, int d) const { return padded_neighbour_[hole][d]; }
  int padded_land(int hole, int d) const { return padded_land_[hole][d]; }
  // Bit d set when hole + 2·direction d is on the star.
  uint8_t land_directions(int hole) const { return land_directions_[hole]; }
  // The landings of the hops from `hole` in the directions set in `open`
  // (6 bits, as State::open_hops; open < 64, unchecked: masking it measured
  // 1.7% of random play, the lookup being on each hop chain's critical
  // path): one lookup, so move generation needs no loop (and no mispredicted
  // exit) per direction.
  Bitboard hop_landings(int hole, unsigned open) const {
    assert(open < 64);
    return hop_landings_[hole][open];
  }

  // Triangle of a hole (0..5), or -1 for the central hexagon.
  int triangle(int hole) const { return triangle_[hole]; }
  Bitboard triangle_mask(int t) const { return triangle_mask_[t]; }
  Bitboard hexagon_mask() const { return hexagon_mask_; }
  // For "is the triangle a piece just moved to now full?" without a branch on
  // where it went: triangle_mask(triangle(hole)), and for a hole of the
  // hexagon a mask that is never full (hole 127 alone, off the board).
  Bitboard entered_mask(int hole) const { return entered_mask_[triangle_[hole] + 1]; }
  Bitboard all() const { return all_; }
  // The corner hole of triangle t (farthest from the centre).
  int tip(int t) const { return tip_[t]; }

  int distance(int a, int b) const { return distance_[a][b]; }
  // Distance to the tip of triangle t: 0..3 inside it, so ten pieces filling
  // triangle t have the unique minimal sum 20.
  int tip_distance(int t, int hole) const { return distance_[tip_[t]][hole]; }
  // max(0, tip distance - 3): 0 inside triangle t, and outside it the hex
  // distance to the triangle's nearest edge row (a lower bound on the steps
  // a piece still needs).
  int triangle_distance(int t, int hole) const;

  // Zobrist keys: a piece of `seat` on `hole`, and `seat` to move.
  uint64_t zobrist_piece(int seat, int hole) const { return zobrist_piece_[seat][hole]; }
  uint64_t zobrist_side(int seat) const { return zobrist_side_[seat]; }

 private:
  std::array<Cube, kHoles> cube_{};
  std::array<std::array<int16_t, 17>, 17> index_{};  // [x + 8][y + 8]
  std::array<std::array<int16_t, 6>, kHoles> neighbour_{};
  std::array<Bitboard, kHoles> steps_{};
  std::array<std::array<Hop, 6>, kHoles> hops_{};
  std::array<uint8_t, kHoles> hop_count_{};
  std::array<std::array<uint8_t, 6>, kHoles> padded_neighbour_{};
  std::array<std::array<uint8_t, 6>, kHoles> padded_land_{};
  std::array<uint8_t, kHoles> land_directions_{};
  // [hole][m]: the landings in the directions of the bits of m (121 KiB).
  std::array<std::array<Bitboard, 64>, kHoles> hop_landings_{};
  std::array<int8_t, kHoles> triangle_{};
  std::array<Bitboard, kTriangles> triangle_mask_{};
  Bitboard hexagon_mask_{};
  std::array<Bitboard, kTriangles + 1> entered_mask_{};  // [triangle + 1]
  Bitboard all_{};
  std::array<int, kTriangles> tip_{};
  std::array<std::array<uint8_t, kHoles>, kHoles> distance_{};
  std::array<std::array<uint64_t, kHoles>, kMaxPlayers> zobrist_piece_{};
  std::array<uint64_t, kMaxPlayers> zobrist_side_{};
};

extern const Board kBoard;

// The one board (built at compile time).
inline const Board& board() {
  return kBoard;
}

// Home triangle of `seat` for a player count: 2 players {0, 3} (opposite),
// 3 players {0, 2, 4} (alternate), 4 players {0, 1, 3, 4} (two opposite
// pairs), 6 players {0..5}. The goal is (home + 3) % 6.
int home_triangle(int players, int seat);
inline int goal_triangle(int players, int seat) {
  return (home_triangle(players, seat) + 3) % 6;
}

}  // namespace arena::chinese_checkers
