#include "engines/chinese_checkers/strategies/greedy.hpp"

#include <array>

#include "engines/chinese_checkers/search_common.hpp"

namespace arena::chinese_checkers {

StrategyInfo GreedyPlayer::info() {
  const Params g;
  StrategyInfo info{
      "greedy",
      "the move whose resulting position evaluates best (the seed's one-move selector); "
      "ties at random",
      {eval_param("seed"),
       ParamSpec::real("progress_weight", g.progress_weight, 0, 1e6,
                       "seed eval: progress toward the goal centre"),
       ParamSpec::real("goal_bonus", g.goal_bonus, 0, 1e6, "seed eval: per piece in the goal"),
       ParamSpec::real("centre_weight", g.centre_weight, 0, 1e6,
                       "seed eval: closeness to the board's centre line (2 x 0.3)"),
       ParamSpec::real("grouping_weight", g.grouping_weight, 0, 1e6,
                       "seed eval: own pieces next to each other"),
       ParamSpec::real("hop_weight", g.hop_weight, 0, 1e6, "seed eval: hops available"),
       ParamSpec::real("hop_length_bonus", g.hop_length_bonus, 0, 1e6,
                       "bonus per hole a move advances by hopping"),
       ParamSpec::real("tip_weight", g.tip_weight, 0, 1e6,
                       "seed eval, not in the seed: progress toward the goal's tip (what fills "
                       "the goal; 0 = the seed's evaluation)")},
      {{{"eval", std::string("progress")}}}};
  // The seed's evaluation holds its last pieces back (docs/chinese-checkers.md):
  // it finishes only when the opponent's pieces help fill its goal.
  info.stalls = {{{"eval", std::string("seed")}}};
  return info;
}

GreedyParams GreedyPlayer::params_from(const ParamSet& p) {
  return {eval_from(p),
          p.real("progress_weight"),
          p.real("goal_bonus"),
          p.real("centre_weight"),
          p.real("grouping_weight"),
          p.real("hop_weight"),
          p.real("hop_length_bonus"),
          p.real("tip_weight")};
}

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
