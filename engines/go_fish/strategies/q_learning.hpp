// Strategy `q-learning`: asks the (target, rank) whose features have the
// highest learned action value (engines/go_fish/q_policy.hpp); `arena train`
// (harness/train/) learns the table by Q-learning.
//
// Contract: as every strategy (strategy.hpp). Its features come from exact
// card counting over the public history (it keeps a CountingPlayer for the
// inferences: the chance the target holds the rank, the chance the answer
// completes our book, whether the others know we hold the rank), plus its own
// hand, the stock and the table size: nothing a player may not see. `policy`
// names a policy file (relative to the config); empty: QTable::prior(). The
// file is read once when the player's parameters are read (params_from,
// which throws std::invalid_argument naming the file when it cannot be
// used), and every game's player shares the table. With `exploration` > 0 a
// decision is, with that probability, a uniform legal ask (training plays
// with it; tournaments leave it at 0). Every draw comes from the seat's Rng;
// ties between equal values are broken uniformly with it.
//
// For training, a QTrace may be attached: each decision appends the key of
// the ask made, the keys of every legal ask, and the asker's book margin at
// that moment (its books minus the mean of the others'), all from the view.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engines/go_fish/q_policy.hpp"
#include "engines/go_fish/strategies/counting.hpp"
#include "engines/go_fish/strategy.hpp"

namespace arena::go_fish {

// One seat's decisions in one game, for the learner.
struct QTrace {
  struct Step {
    uint16_t chosen = 0;  // key of the ask made
    uint32_t first = 0;   // its legal asks' keys: keys[first, first + count)
    uint16_t count = 0;
    double margin = 0;  // books minus the others' mean, before the ask
  };
  std::vector<Step> steps;
  std::vector<uint16_t> keys;
  void clear() {
    steps.clear();
    keys.clear();
  }
};

struct QLearningParams {
  std::shared_ptr<const QTable> table;  // null: QTable::prior()
  double exploration = 0;
};

class QLearningPlayer {
 public:
  using Params = QLearningParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  explicit QLearningPlayer(const Params& params);

  void begin(const PlayerView& view) { counting_.begin(view); }
  void observe(const PublicEvent& event, const PlayerView& view) { counting_.observe(event, view); }
  Ask decide(const PlayerView& view, Rng& rng);

  // The table key of `ask` (a legal ask) in the position `view` shows.
  int key(const PlayerView& view, Ask ask) const;
  // Records every decision into `trace` (null: none) from now on.
  void record(QTrace* trace) { trace_ = trace; }

  // The asker's books minus the mean of the others' books.
  static double margin(const PlayerView& view);

 private:
  std::shared_ptr<const QTable> table_;
  double exploration_ = 0;
  CountingPlayer counting_;
  QTrace* trace_ = nullptr;
};

}  // namespace arena::go_fish
