#include "engines/chinese_checkers/strategies/minimax.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include <fmt/format.h>

#include "engines/chinese_checkers/explain_scores.hpp"
#include "engines/chinese_checkers/search_common.hpp"
#include "engines/core/explain.hpp"

namespace arena::chinese_checkers {

StrategyInfo MinimaxPlayer::info() {
  const Params m;
  return {"minimax",
          "fixed-depth minimax over the opponents' replies from the position after our move",
          {ParamSpec::integer("depth", m.depth, 1, 6, "plies searched"),
           ParamSpec::choice("scoring", "negamax", {"negamax", "seed"},
                             "negamax, or the seed's own eval minus half the opponent's best "
                             "reply"),
           eval_param("progress"),
           ParamSpec::real("hop_length_bonus", m.hop_length_bonus, 0, 1e6,
                           "seed scoring: bonus per hole advanced by hopping")},
          {{{"scoring", std::string("seed")}, {"eval", std::string("seed")}}}};
}

MinimaxParams MinimaxPlayer::params_from(const ParamSet& p) {
  return {static_cast<int>(p.integer("depth")),
          p.choice("scoring") == "seed" ? Scoring::kSeed : Scoring::kNegamax, eval_from(p),
          p.real("hop_length_bonus")};
}

Move MinimaxPlayer::choose(const State& state, Rng& rng) {
  root_ = state.side_to_move();
  nodes_ = 0;
  if (params_.scoring == Scoring::kSeed) return choose_seed_scoring(state, rng);
  MoveList moves;
  generate_moves(state, moves);
  BestMove best;
  const bool explained = explaining();
  std::vector<ScoredMove> scored;
  for (const Move m : moves) {
    State next = state;
    next.apply(m);
    const double v = search(next, std::max(params_.depth, 1) - 1, 1);
    if (explained) scored.push_back({m, v});
    best.offer(m, v, rng);
  }
  if (explained)
    explain(scores_explanation(fmt::format("minimax, depth {}", std::max(params_.depth, 1)),
                               best.move, std::move(scored)));
  return best.move;
}

// Minimax value of `state` for the root seat, `ply` plies below the root.
double MinimaxPlayer::search(const State& state, int depth, int ply) {
  ++nodes_;
  if (is_terminal(state, root_)) return terminal_score(state, root_, ply);
  if (depth == 0) return relative_score(state, root_, params_.eval, weights_);
  MoveList moves;
  generate_moves(state, moves);
  if (moves.empty()) {
    State next = state;
    next.pass();
    return search(next, depth - 1, ply + 1);
  }
  const bool maximise = state.side_to_move() == root_;
  double best = maximise ? -2 * kWinScore : 2 * kWinScore;
  for (const Move m : moves) {
    State next = state;
    next.apply(m);
    const double v = search(next, depth - 1, ply + 1);
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

Move MinimaxPlayer::choose_seed_scoring(const State& state, Rng& rng) {
  MoveList moves;
  std::array<uint8_t, kMaxMoves> hops;
  generate_moves_with_hops(state, moves, hops.data());
  BestMove best;
  const bool explained = explaining();
  std::vector<ScoredMove> scored;
  MoveList replies;
  for (int i = 0; i < moves.size(); ++i) {
    State mine = state;
    mine.apply(moves[i]);
    nodes_ += 1;
    double value = seat_score(mine, root_, params_.eval, weights_);
    if (mine.finished(root_)) {
      value = kWinScore;
    } else if (!mine.game_over()) {
      // The fix: the replies come from `mine`, the position after our move.
      const int opponent = mine.side_to_move();
      generate_moves(mine, replies);
      double reply_best = 0;  // the seed's value when there is no reply
      for (int j = 0; j < replies.size(); ++j) {
        State theirs = mine;
        theirs.apply(replies[j]);
        const double v = seat_score(theirs, opponent, params_.eval, weights_);
        reply_best = j == 0 ? v : std::max(reply_best, v);
      }
      nodes_ += static_cast<uint64_t>(replies.size());
      value -= 0.5 * reply_best;
    }
    if (hops[i] > 1) value += params_.hop_length_bonus * (hops[i] - 1);
    if (explained) scored.push_back({moves[i], value});
    best.offer(moves[i], value, rng);
  }
  if (explained)
    explain(
        scores_explanation("minimax, the seed's two-ply scoring", best.move, std::move(scored)));
  return best.move;
}

}  // namespace arena::chinese_checkers
