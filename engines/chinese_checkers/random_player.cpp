#include "engines/chinese_checkers/random_player.hpp"

#include <array>

#include "engines/chinese_checkers/movegen.hpp"

namespace arena::chinese_checkers {

bool try_random_move(const State& state, Rng& rng, Move& move) {
  PieceDestinations d;
  all_destinations(state, d);
  if (d.total == 0) return false;
  int k = static_cast<int>(rng.below(static_cast<uint64_t>(d.total)));
  int i = 0;
  while (k >= d.count[i])
    k -= d.count[i++];
  move = {d.from[i], static_cast<uint8_t>(d.to[i].nth(k))};
  return true;
}

Move random_move(const State& state, Rng& rng) {
  Move m{};
  try_random_move(state, rng, m);
  return m;
}

}  // namespace arena::chinese_checkers
