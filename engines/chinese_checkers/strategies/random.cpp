#include "engines/chinese_checkers/strategies/random.hpp"

#include <array>

#include "engines/chinese_checkers/movegen.hpp"

namespace arena::chinese_checkers {

bool try_random_move(const State& state, Rng& rng, Move& move) {
  PieceDestinations d;
  all_destinations_branch_free(state, d);
  if (d.total == 0) return false;
  move = d.move(static_cast<int>(rng.below(static_cast<uint64_t>(d.total))));
  return true;
}

Move random_move(const State& state, Rng& rng) {
  Move m{};
  try_random_move(state, rng, m);
  return m;
}

}  // namespace arena::chinese_checkers
