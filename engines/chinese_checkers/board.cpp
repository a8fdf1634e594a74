#include "engines/chinese_checkers/board.hpp"

#include <algorithm>

#include "engines/core/rng.hpp"

namespace arena::chinese_checkers {

namespace {

constexpr bool on_star(int x, int y, int z) {
  return (x <= 4 && y <= 4 && z <= 4) || (x >= -4 && y >= -4 && z >= -4);
}

// Which triangle a star hole is in (see board.hpp), -1 for the hexagon.
constexpr int triangle_of(Cube c) {
  if (c.x > 4) return 0;
  if (c.z < -4) return 1;
  if (c.y > 4) return 2;
  if (c.x < -4) return 3;
  if (c.z > 4) return 4;
  if (c.y < -4) return 5;
  return -1;
}

}  // namespace

int home_triangle(int players, int seat) {
  static constexpr int kTwo[] = {0, 3};
  static constexpr int kThree[] = {0, 2, 4};
  static constexpr int kFour[] = {0, 1, 3, 4};
  switch (players) {
    case 2:
      return kTwo[seat];
    case 3:
      return kThree[seat];
    case 4:
      return kFour[seat];
    default:
      return seat;
  }
}

constexpr Board::Board() {
  for (auto& row : index_)
    row.fill(kNoHole);
  int n = 0;
  for (int z = -8; z <= 8; ++z)
    for (int x = -8; x <= 8; ++x) {
      const int y = -x - z;
      if (y < -8 || y > 8 || !on_star(x, y, z)) continue;
      cube_[n] = {x, y, z};
      index_[x + 8][y + 8] = static_cast<int16_t>(n);
      ++n;
    }
  for (int h = 0; h < kHoles; ++h) {
    const Cube c = cube_[h];
    triangle_[h] = static_cast<int8_t>(triangle_of(c));
    all_.set(h);
    if (triangle_[h] < 0)
      hexagon_mask_.set(h);
    else
      triangle_mask_[triangle_[h]].set(h);
    for (int d = 0; d < 6; ++d) {
      const Cube u = kDirections[d];
      const int nb = hole_at(c.x + u.x, c.y + u.y);
      const int land = hole_at(c.x + 2 * u.x, c.y + 2 * u.y);
      neighbour_[h][d] = static_cast<int16_t>(nb);
      if (nb != kNoHole) steps_[h].set(nb);
      padded_neighbour_[h][d] = nb == kNoHole ? kSentinel : static_cast<uint8_t>(nb);
      padded_land_[h][d] = kSentinel;
      if (nb != kNoHole && land != kNoHole) {
        hops_[h][hop_count_[h]++] = {static_cast<uint8_t>(nb), static_cast<uint8_t>(land)};
        padded_land_[h][d] = static_cast<uint8_t>(land);
        land_directions_[h] |= static_cast<uint8_t>(1 << d);
      }
    }
  }
  entered_mask_[0].set(127);
  for (int t = 0; t < kTriangles; ++t)
    entered_mask_[t + 1] = triangle_mask_[t];
  for (int h = 0; h < kHoles; ++h)
    for (int m = 0; m < 64; ++m)
      for (int d = 0; d < 6; ++d)
        if ((m >> d) & 1 && padded_land_[h][d] != kSentinel)
          hop_landings_[h][m].set(padded_land_[h][d]);
  for (int a = 0; a < kHoles; ++a)
    for (int b = 0; b < kHoles; ++b)
      distance_[a][b] = static_cast<uint8_t>(cube_distance(cube_[a], cube_[b]));
  for (int t = 0; t < kTriangles; ++t) {
    int best = -1;
    for_each_hole(triangle_mask_[t], [&](int h) {
      if (best < 0 || distance_[60][h] > distance_[60][best]) best = h;
    });
    tip_[t] = best;
  }
  // Fixed keys: hashes (and so transposition-table behaviour) are the same on
  // every run and machine.
  Rng rng(0x43686b72436865ULL);
  for (auto& seat : zobrist_piece_)
    for (auto& key : seat)
      key = rng.next();
  for (auto& key : zobrist_side_)
    key = rng.next();
}

int Board::triangle_distance(int t, int hole) const {
  return std::max(0, tip_distance(t, hole) - 3);
}

// Built at compile time: no initialisation order to worry about, and no
// guard check on every access from the hot loops.
constinit const Board kBoard;

}  // namespace arena::chinese_checkers
