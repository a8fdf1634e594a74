// Strategy `mcts`: UCT (Kocsis & Szepesvári 2006) with per-seat rewards, so
// it plays any player count (each node is scored for the seat that moved
// into it, the "max^n" flavour of multi-player UCT).
//
// An iteration: descend by UCB1 (value/visits + exploration·sqrt(ln N/n)),
// expand a leaf with all its moves (shuffled by rng; unvisited children are
// tried in that order), play out up to playout_depth plies, then score every
// seat in (0, 1) (playout_reward) and back the rewards up. The move played
// is the root child with the most visits (ties: the first). A move that wins
// at once is played without searching.
// Playouts: kRandom draws uniform moves; kGreedyBiased plays, with
// probability 1 − random_fraction, a move of maximal progress gain (ties at
// random) and otherwise a uniform one.
//
// Contract: with time_ms == 0, exactly `iterations` iterations: deterministic
// for a seed. With time_ms > 0, iterations until the time is up (at least
// one), so choices may vary between runs. The tree is rebuilt per decision.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engines/chinese_checkers/state.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::chinese_checkers {

enum class Playout { kRandom, kGreedyBiased };

struct MctsParams {
  int iterations = 1000;
  int time_ms = 0;
  Playout playout = Playout::kGreedyBiased;
  double exploration = 1.41;
  // Short playouts: long ones drown the first move's effect in noise. In 8
  // games against greedy-progress, 8 plies won 8; 40 plies won none.
  int playout_depth = 8;
  double random_fraction = 0.1;   // kGreedyBiased only
  double reward_temperature = 2;  // distance units; see playout_reward
};

// Rewards in (0, 1) per seat at the end of a playout. A seat's gain is how
// much its tip_distance_sum fell since the root position (plus kFinishBonus
// if it finished); its lead is its gain minus the mean gain of the others;
// the reward is the logistic of lead / temperature. Scored against the
// root rather than absolutely so that the few steps that separate one first
// move from another are not drowned by the standing of the whole game, and
// steep enough that they outweigh UCB1's exploration term (with a linear
// reward they did not, and the search played almost at random). Two players:
// the rewards sum to 1.
constexpr double kFinishBonus = 100;
std::array<double, kMaxPlayers> playout_reward(const State& root, const State& end,
                                               double temperature);

class MctsPlayer {
 public:
  using Params = MctsParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit MctsPlayer(const Params& params = {}) : params_(params) {}
  Move choose(const State& state, Rng& rng);
  // Iterations run by the last decision.
  int iterations_run() const { return iterations_run_; }

 private:
  struct Node {
    Move move{};           // the move into this node (from == kHoles: a pass)
    int first_child = -1;  // children are contiguous; -1: not expanded
    int child_count = 0;
    int visits = 0;
    uint8_t mover = 0;  // seat that played `move`
    double value = 0;   // summed rewards of `mover`
  };

  // Explains a decision by the root children's visits (engines/core/explain.hpp).
  void explain_root(Move chosen) const;
  void iterate(const State& root, Rng& rng);
  int select_child(const Node& node) const;
  void expand(int node, const State& state, Rng& rng);
  void playout(State& state, Rng& rng) const;

  MctsParams params_;
  std::vector<Node> nodes_;
  std::vector<int> path_;
  int iterations_run_ = 0;
};

}  // namespace arena::chinese_checkers
