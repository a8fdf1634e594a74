#include "engines/chinese_checkers/greedy.hpp"

#include <array>

#include "engines/chinese_checkers/search_common.hpp"

namespace arena::chinese_checkers {

Move GreedyPlayer::choose(const State& state, Rng& rng) const {
  const int side = state.side_to_move();
  MoveList moves;
  BestMove best;
  if (params_.eval == Eval::kProgress) {
    generate_moves(state, moves);
    for (const Move m : moves) {
      State next = state;
      next.apply(m);
      const double win = next.finished(side) ? kHoles : 0;
      best.offer(m, progress_gain(state, m) + win, rng);
    }
    return best.move;
  }
  std::array<uint8_t, kMaxMoves> hops;
  generate_moves_with_hops(state, moves, hops.data());
  const SeedWeights w = params_.weights();
  for (int i = 0; i < moves.size(); ++i) {
    State next = state;
    next.apply(moves[i]);
    double score = seed_eval(next, side, w);
    if (hops[i] > 1) score += params_.hop_length_bonus * (hops[i] - 1);
    if (next.finished(side)) score += 1e9;
    best.offer(moves[i], score, rng);
  }
  return best.move;
}

}  // namespace arena::chinese_checkers
