#include "engines/chinese_checkers/strategies/mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "engines/chinese_checkers/explain_scores.hpp"
#include "engines/chinese_checkers/search_common.hpp"
#include "engines/chinese_checkers/strategies/random.hpp"
#include "engines/core/explain.hpp"

namespace arena::chinese_checkers {

StrategyInfo MctsPlayer::info() {
  const Params u;
  return {"mcts",
          "UCT Monte Carlo tree search with random or greedy-biased playouts",
          {ParamSpec::integer("iterations", u.iterations, 1, 100'000'000, "playouts per move"),
           ParamSpec::time_budget_ms("time_ms", u.time_ms, 3'600'000,
                                     "per-move time limit instead of iterations, 0 = none"),
           ParamSpec::choice("playout", "greedy", {"random", "greedy"},
                             "playout moves: uniform, or mostly the best progress"),
           ParamSpec::real("exploration", u.exploration, 0, 100, "UCT constant c"),
           ParamSpec::integer("playout_depth", u.playout_depth, 1, 10'000,
                              "plies per playout before it is scored"),
           ParamSpec::real("random_fraction", u.random_fraction, 0, 1,
                           "greedy playouts: share of uniformly random moves")},
          {{{"playout", std::string("random")}}},
          {{"iterations", int64_t{60}}}};
}

MctsParams MctsPlayer::params_from(const ParamSet& p) {
  MctsParams params;
  params.iterations = static_cast<int>(p.integer("iterations"));
  params.time_ms = static_cast<int>(p.integer("time_ms"));
  params.playout = p.choice("playout") == "random" ? Playout::kRandom : Playout::kGreedyBiased;
  params.exploration = p.real("exploration");
  params.playout_depth = static_cast<int>(p.integer("playout_depth"));
  params.random_fraction = p.real("random_fraction");
  return params;
}

namespace {

constexpr uint8_t kPassHole = kHoles;

// A move of maximal progress gain, ties uniform; false if there is none.
bool greedy_progress_move(const State& state, Rng& rng, Move& move) {
  MoveList moves;
  generate_moves(state, moves);
  BestMove best;
  for (const Move m : moves)
    best.offer(m, progress_gain(state, m), rng);
  move = best.move;
  return !moves.empty();
}

}  // namespace

std::array<double, kMaxPlayers> playout_reward(const State& root, const State& end,
                                               double temperature) {
  const int n = end.players();
  std::array<double, kMaxPlayers> gain{};
  double total = 0;
  for (int s = 0; s < n; ++s) {
    gain[s] = tip_distance_sum(root, s) - tip_distance_sum(end, s);
    if (end.finished(s)) gain[s] += kFinishBonus;
    total += gain[s];
  }
  std::array<double, kMaxPlayers> reward{};
  for (int s = 0; s < n; ++s) {
    const double lead = gain[s] - (total - gain[s]) / (n - 1);
    reward[s] = 1 / (1 + std::exp(-lead / temperature));
  }
  return reward;
}

Move MctsPlayer::choose(const State& state, Rng& rng) {
  MoveList moves;
  generate_moves(state, moves);
  Move win;
  if (find_winning_move(state, moves, win)) {
    if (explaining())
      explain({{"text", fmt::format("mcts: {}-{} finishes at once, no search", win.from, win.to)},
               {"chosen", {win.from, win.to}},
               {"moves", moves.size()}});
    return win;
  }
  nodes_.clear();
  nodes_.push_back(Node{});
  nodes_[0].mover = static_cast<uint8_t>(state.side_to_move());
  const auto start = std::chrono::steady_clock::now();
  iterations_run_ = 0;
  for (;;) {
    iterate(state, rng);
    ++iterations_run_;
    if (params_.time_ms > 0) {
      if (std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(params_.time_ms))
        break;
    } else if (iterations_run_ >= params_.iterations) {
      break;
    }
  }
  const Node& root = nodes_[0];
  int best = root.first_child;
  for (int c = root.first_child; c < root.first_child + root.child_count; ++c)
    if (nodes_[c].visits > nodes_[best].visits) best = c;
  if (explaining()) explain_root(nodes_[best].move);
  return nodes_[best].move;
}

void MctsPlayer::explain_root(Move chosen) const {
  const Node& root = nodes_[0];
  std::vector<VisitedMove> children;
  for (int c = root.first_child; c < root.first_child + root.child_count; ++c)
    children.push_back({nodes_[c].move, nodes_[c].visits, nodes_[c].value});
  explain(visits_explanation(fmt::format("mcts, {} iterations", iterations_run_), chosen,
                             std::move(children)));
}

void MctsPlayer::iterate(const State& root, Rng& rng) {
  State state = root;
  path_.clear();
  int node = 0;
  path_.push_back(node);
  while (!state.game_over()) {
    if (nodes_[node].first_child < 0) {
      expand(node, state, rng);
      node = nodes_[node].first_child;  // the first (shuffled) child
      const Move m = nodes_[node].move;
      m.from == kPassHole ? state.pass() : state.apply(m);
      path_.push_back(node);
      break;
    }
    node = select_child(nodes_[node]);
    const Move m = nodes_[node].move;
    m.from == kPassHole ? state.pass() : state.apply(m);
    path_.push_back(node);
  }
  playout(state, rng);
  const auto reward = playout_reward(root, state, params_.reward_temperature);
  for (const int n : path_) {
    nodes_[n].visits += 1;
    nodes_[n].value += reward[nodes_[n].mover];
  }
}

int MctsPlayer::select_child(const Node& node) const {
  const double log_n = std::log(static_cast<double>(std::max(node.visits, 1)));
  int best = node.first_child;
  double best_score = -1;
  for (int c = node.first_child; c < node.first_child + node.child_count; ++c) {
    const Node& child = nodes_[c];
    if (child.visits == 0) return c;  // untried children first, in shuffled order
    const double score =
        child.value / child.visits + params_.exploration * std::sqrt(log_n / child.visits);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

void MctsPlayer::expand(int node, const State& state, Rng& rng) {
  MoveList moves;
  generate_moves(state, moves);
  if (moves.empty()) moves.push({kPassHole, kPassHole});
  shuffle_moves(moves, rng);
  const int first = static_cast<int>(nodes_.size());
  for (const Move m : moves) {
    Node child;
    child.move = m;
    child.mover = static_cast<uint8_t>(state.side_to_move());
    nodes_.push_back(child);
  }
  nodes_[node].first_child = first;
  nodes_[node].child_count = moves.size();
}

void MctsPlayer::playout(State& state, Rng& rng) const {
  for (int i = 0; i < params_.playout_depth && !state.game_over(); ++i) {
    const bool greedy =
        params_.playout == Playout::kGreedyBiased && rng.uniform01() >= params_.random_fraction;
    Move m;
    const bool any = greedy ? greedy_progress_move(state, rng, m) : try_random_move(state, rng, m);
    if (any)
      state.apply(m);
    else
      state.pass();
  }
}

}  // namespace arena::chinese_checkers
