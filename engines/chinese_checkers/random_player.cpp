#include "engines/chinese_checkers/random_player.hpp"

#include <array>

#include "engines/chinese_checkers/movegen.hpp"

namespace arena::chinese_checkers {

bool try_random_move(const State& state, Rng& rng, Move& move) {
  PieceDestinations d;
  all_destinations(state, d);
  if (d.total == 0) return false;
  const int k = static_cast<int>(rng.below(static_cast<uint64_t>(d.total)));
  // The piece holding move k: the pieces whose moves all come before it are
  // counted over every piece, so the loop's length does not depend on k
  // (an early exit would mispredict).
  int i = 0;
  int before = 0;
  for (int j = 0, end = 0; j < d.pieces; ++j) {
    end += d.count[j];
    const bool passed = end <= k;
    i += passed;
    before += passed ? d.count[j] : 0;
  }
  move = {d.from[i], static_cast<uint8_t>(d.to[i].nth(k - before))};
  return true;
}

Move random_move(const State& state, Rng& rng) {
  Move m{};
  try_random_move(state, rng, m);
  return m;
}

}  // namespace arena::chinese_checkers
