// Q-learning of the `q-learning` Go Fish strategy's table by self-play and
// against other strategies (docs/training.md).
//
// Contract: training runs in generations of `batch` games. A generation's
// games are played in parallel (oneTBB, `threads` workers) by players that
// all read one frozen copy of the table; each game's learner seats record
// their decisions (QTrace) into the game's own slot. The updates are then
// applied on the calling thread in game-index order (seat order within a
// game, decision order within a seat): one Q-learning step per decision,
//   Q(k_i) += rate * (r_i + discount * max_k' Q(k') - Q(k_i)),
// where r_i is the change of the seat's book margin (its books minus the mean
// of the others') until its next decision or the end, and the max runs over
// the keys of its next decision's legal asks (none after the last). Every
// random choice of game g (table size, seats, opponents, deal, each seat's
// Rng) is derived from (seed, g); so the table after any generation is the
// same bit for bit at any thread count, and a TrainState saved between
// generations continues to the same end. Evaluations play the greedy table
// on fixed deals (the same at every point of the curve).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <tbb/task_arena.h>
#include <nlohmann/json.hpp>

#include "engines/go_fish/strategies.hpp"
#include "harness/runner/progress.hpp"
#include "harness/train/train_config.hpp"

namespace arena {

// One point of a learning curve: the greedy table after `games` training
// games against one evaluation opponent.
struct CurvePoint {
  uint64_t games = 0;
  int opponent = 0;  // player index
  uint64_t eval_games = 0;
  double win_share = 0;  // ties split
  double ci_low = 0;     // 95% Wilson interval of win_share over eval_games
  double ci_high = 0;
  friend bool operator==(const CurvePoint&, const CurvePoint&) = default;
};

// Everything training has learnt so far: what a checkpoint saves.
struct TrainState {
  go_fish::QTable table = go_fish::QTable::zero();
  uint64_t next_game = 0;  // training games played
  uint64_t updates = 0;    // Q-learning steps applied
  std::vector<CurvePoint> curve;

  nlohmann::json to_json() const;
  // Throws nlohmann::json::exception or std::invalid_argument for JSON it did not write.
  static TrainState from_json(const nlohmann::json& j);
};

class Trainer {
 public:
  // Throws ConfigError for rules or players that cannot be played.
  Trainer(const TrainConfig& config, uint64_t seed, int threads);
  ~Trainer();

  // The table training starts from, evaluated (the curve's first points).
  TrainState initial_state() const;
  // Plays and learns one generation, then evaluates when its end is due.
  void advance(TrainState& state, Progress* progress) const;
  bool done(const TrainState& state) const { return state.next_game >= config_.games; }

  // The greedy table's points against every evaluation opponent.
  std::vector<CurvePoint> evaluate(const go_fish::QTable& table, uint64_t games) const;
  int threads() const { return threads_; }

 private:
  struct Outcome;
  Outcome play_training_game(uint64_t game, const std::shared_ptr<const go_fish::QTable>& table,
                             double exploration) const;
  double play_evaluation_game(uint64_t index, int opponent,
                              const std::shared_ptr<const go_fish::QTable>& table) const;
  void learn(go_fish::QTable& table, const go_fish::QTrace& trace, double final_margin) const;
  template <class F>
  void parallel(uint64_t count, F&& body) const;

  const TrainConfig& config_;
  uint64_t seed_;
  int threads_;
  std::vector<go_fish::Rules> rules_;  // by table size
  std::vector<go_fish::Strategies::Bound> players_;
  std::unique_ptr<tbb::task_arena> arena_;
};

}  // namespace arena
