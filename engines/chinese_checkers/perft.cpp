#include "engines/chinese_checkers/perft.hpp"

#include "engines/chinese_checkers/movegen.hpp"

namespace arena::chinese_checkers {

uint64_t perft(const State& state, int depth) {
  if (depth == 0) return 1;
  if (state.game_over()) return 0;
  if (depth == 1) {
    const int n = count_moves(state);
    return n > 0 ? static_cast<uint64_t>(n) : 1;  // a pass is one move
  }
  MoveList moves;
  generate_moves(state, moves);
  if (moves.empty()) {
    State next = state;
    next.pass();
    return perft(next, depth - 1);
  }
  uint64_t total = 0;
  for (const Move m : moves) {
    State next = state;
    next.apply(m);
    total += perft(next, depth - 1);
  }
  return total;
}

uint64_t perft(const Rules& rules, int depth) {
  return perft(State::initial(rules), depth);
}

}  // namespace arena::chinese_checkers
