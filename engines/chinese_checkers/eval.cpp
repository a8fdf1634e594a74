#include "engines/chinese_checkers/eval.hpp"

#include <array>

namespace arena::chinese_checkers {

ParamSpec eval_param(const char* default_eval) {
  return ParamSpec::choice("eval", default_eval, {"seed", "progress"},
                           "seed: the seed's four weighted features; progress: distance to the "
                           "goal (cheaper, stronger)");
}

Eval eval_from(const ParamSet& values) {
  return values.choice("eval") == "seed" ? Eval::kSeed : Eval::kProgress;
}

namespace {

// The goal's centroid: a hole, since the ten holes average to one exactly.
int goal_centre(int goal) {
  const Board& b = board();
  Cube sum;
  for_each_hole(b.triangle_mask(goal), [&](int h) {
    sum.x += b.cube(h).x;
    sum.y += b.cube(h).y;
  });
  return b.hole_at(sum.x / kPieces, sum.y / kPieces);
}

struct Centres {
  std::array<int, kTriangles> hole{};
  Centres() {
    for (int t = 0; t < kTriangles; ++t)
      hole[t] = goal_centre(t);
  }
};

const Centres& centres() {
  static const Centres kCentres;
  return kCentres;
}

constexpr int kCentreHole = 60;

// Open hops next to `hole`: neighbour occupied, landing empty.
int open_hops(const State& state, int hole) {
  int n = 0;
  for (const Hop& hop : board().hops(hole))
    n += state.occupied().test(hop.over) && !state.occupied().test(hop.land);
  return n;
}

}  // namespace

int tip_distance_sum(const State& state, int seat) {
  const Board& b = board();
  const int goal = state.goal(seat);
  int sum = 0;
  for_each_hole(state.pieces(seat), [&](int h) { sum += b.tip_distance(goal, h); });
  return sum;
}

int initial_tip_distance_sum() {
  const Board& b = board();
  int sum = 0;
  for_each_hole(b.triangle_mask(0), [&](int h) { sum += b.tip_distance(3, h); });
  return sum;
}

int goal_distance_sum(const State& state, int seat) {
  const Board& b = board();
  const int goal = state.goal(seat);
  int sum = 0;
  for_each_hole(state.pieces(seat), [&](int h) { sum += b.triangle_distance(goal, h); });
  return sum;
}

int pieces_in_goal(const State& state, int seat) {
  return (state.pieces(seat) & board().triangle_mask(state.goal(seat))).count();
}

double seed_eval(const State& state, int seat, const SeedWeights& w) {
  const Board& b = board();
  const int centre = centres().hole[state.goal(seat)];
  std::array<int, kHoles> holes;
  int n = 0;
  int progress = 0;
  int centrality = 0;
  int hops = 0;
  for_each_hole(state.pieces(seat), [&](int h) {
    holes[n++] = h;
    progress += b.distance(h, centre);
    centrality += b.distance(h, kCentreHole);
    hops += open_hops(state, h);
  });
  double score = -w.progress_weight * progress + w.goal_bonus * pieces_in_goal(state, seat) -
                 w.centre_weight * centrality + w.hop_weight * hops;
  if (n > 1) {
    // Mean over unordered pairs equals the seed's mean over ordered pairs.
    int total = 0;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        total += b.distance(holes[i], holes[j]);
    score -= w.grouping_weight * total / (n * (n - 1) / 2.0);
  }
  if (w.tip_weight != 0) score -= w.tip_weight * tip_distance_sum(state, seat);
  return score;
}

double seat_score(const State& state, int seat, Eval eval, const SeedWeights& w) {
  if (eval == Eval::kSeed) return seed_eval(state, seat, w);
  return -tip_distance_sum(state, seat);
}

double relative_score(const State& state, int root, Eval eval, const SeedWeights& w) {
  double others = 0;
  for (int s = 0; s < state.players(); ++s)
    if (s != root) others += seat_score(state, s, eval, w);
  return seat_score(state, root, eval, w) - others / (state.players() - 1);
}

}  // namespace arena::chinese_checkers
