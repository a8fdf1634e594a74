// Scores and helpers shared by the search strategies.
//
// Scores are from the searching (root) seat's point of view. A position where
// the root has finished scores kWinScore − plies from the root; one where the
// game is over without the root finishing scores −kWinScore + plies, so wins
// come as early and losses as late as possible.
#pragma once

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/core/rng.hpp"

#include <utility>

namespace arena::chinese_checkers {

constexpr double kWinScore = 1e6;
// Scores beyond this are wins or losses at a known distance.
constexpr double kWinThreshold = kWinScore - 10000;

// Whether the search stops here: the root finished or the game is over.
inline bool is_terminal(const State& state, int root) {
  return state.finished(root) || state.game_over();
}

inline double terminal_score(const State& state, int root, int ply_from_root) {
  return state.finished(root) ? kWinScore - ply_from_root : -kWinScore + ply_from_root;
}

// A move of the side to move that finishes it at once, if any.
inline bool find_winning_move(const State& state, const MoveList& moves, Move& win) {
  const int side = state.side_to_move();
  for (const Move m : moves) {
    State next = state;
    next.apply(m);
    if (next.finished(side)) {
      win = m;
      return true;
    }
  }
  return false;
}

// Shuffles moves (Fisher–Yates) so equal-scored moves are tried in random order.
inline void shuffle_moves(MoveList& moves, Rng& rng) {
  for (int i = moves.size() - 1; i > 0; --i) {
    const int j = static_cast<int>(rng.below(static_cast<uint64_t>(i) + 1));
    std::swap(moves[i], moves[j]);
  }
}

// Keeps the best-scored move; among k equal scores each is kept with
// probability 1/k (reservoir sampling), so ties are uniform.
struct BestMove {
  Move move{};
  double score = 0;
  int ties = 0;

  void offer(Move m, double s, Rng& rng) {
    if (ties == 0 || s > score) {
      move = m;
      score = s;
      ties = 1;
    } else if (s == score && rng.below(static_cast<uint64_t>(++ties)) == 0) {
      move = m;
    }
  }
};

}  // namespace arena::chinese_checkers
