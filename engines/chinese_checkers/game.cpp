#include "engines/chinese_checkers/game.hpp"

namespace arena::chinese_checkers {

namespace {

// Lexicographic key, smaller is better: finished first by finish ply, then
// more pieces in goal, then less distance.
std::tuple<int, int, int, int> rank_key(const GameResult& r, int seat) {
  if (r.finish_ply[seat] >= 0) return {0, r.finish_ply[seat], 0, 0};
  return {1, 0, -r.pieces_in_goal[seat], r.distance_to_goal[seat]};
}

}  // namespace

GameResult game_result(const State& state) {
  GameResult r;
  r.plies = state.ply();
  const int n = state.players();
  for (int s = 0; s < n; ++s) {
    r.finish_ply[s] = state.finish_ply(s);
    r.pieces_in_goal[s] = pieces_in_goal(state, s);
    r.distance_to_goal[s] = goal_distance_sum(state, s);
  }
  r.draw = state.finished_count() == 0;
  // A game ends when a seat finishes (two seats) or one seat is left; else max_plies cut it off.
  r.cut_off = state.finished_count() < (n == 2 ? 1 : n - 1);
  for (int s = 0; s < n; ++s) {
    r.rank[s] = 1;
    for (int o = 0; o < n; ++o)
      if (rank_key(r, o) < rank_key(r, s)) ++r.rank[s];
  }
  return r;
}

}  // namespace arena::chinese_checkers
