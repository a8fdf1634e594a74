// Position evaluations shared by the strategies.
//
// `progress`: the sum over a seat's pieces of the distance to its goal's tip;
// 20 exactly when the ten pieces fill the goal, larger otherwise. Cheap and
// the usual measure in Chinese Checkers research.
// `seed`: the seed article's four features for one seat, higher is better:
// −progress_weight × distance to the goal's centre + goal_bonus per piece in
// the goal, −centre_weight × distance to the board centre, −grouping_weight ×
// mean pairwise distance, +hop_weight × open hops next to own pieces; and
// Arena's addition, 0 in the seed: −tip_weight × tip_distance_sum (the
// progress that fills the goal's far holes, which the distance to the goal's
// centre never asks for: docs/tuning.md).
#pragma once

#include "engines/chinese_checkers/state.hpp"
#include "engines/core/params.hpp"

namespace arena::chinese_checkers {

enum class Eval { kSeed, kProgress };

// The `eval` parameter several strategies share, and its value.
ParamSpec eval_param(const char* default_eval);
Eval eval_from(const ParamSet& values);

struct SeedWeights {
  double progress_weight = 10;
  double goal_bonus = 50;
  double centre_weight = 0.6;  // the seed's 2 × 0.3
  double grouping_weight = 3;
  double hop_weight = 5;
  double tip_weight = 0;  // not in the seed
};

// Sum of distances from seat's pieces to its goal's tip (20 = goal filled).
int tip_distance_sum(const State& state, int seat);
// The same sum for the ten pieces still at home: the value at the start.
int initial_tip_distance_sum();
// Sum of Board::triangle_distance to the goal: 0 once all pieces are in it.
int goal_distance_sum(const State& state, int seat);
int pieces_in_goal(const State& state, int seat);
double seed_eval(const State& state, int seat, const SeedWeights& w);

// One seat's own score, higher is better: −tip_distance_sum or seed_eval.
double seat_score(const State& state, int seat, Eval eval, const SeedWeights& w);
// Score for `root` against the field: its own score minus the mean score of
// the other seats (2 players: a zero-sum difference).
double relative_score(const State& state, int root, Eval eval, const SeedWeights& w);

// How much a move brings its piece closer to its goal's tip.
inline int progress_gain(const State& state, Move m) {
  const Board& b = board();
  const int goal = state.goal(state.side_to_move());
  return b.tip_distance(goal, m.from) - b.tip_distance(goal, m.to);
}

}  // namespace arena::chinese_checkers
