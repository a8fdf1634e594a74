// The Objective of `arena tune`: points compared by Arena's own games.
//
// Contract: an iteration is one deal per table of the tuned player (every
// seat order of it; for a duel a pair of games). compare() plays, from the
// step's seed:
// - without opponents, theta+ against theta- (fishtest's match): result =
//   wins - losses of theta+ against theta- over the step, times 2 / (games
//   per iteration), so that an iteration weighs as one game pair;
// - with opponents, theta+ and theta- each against them on the same deals:
//   result = 4 (S+ - S-) / (games per iteration), S the score of each over
//   the step, the same expectation as a duel's wins - losses for small
//   differences (theta+ and theta- each sit c_k from theta).
// evaluate() plays each point against the opponents (the start point when
// there are none) on the same deals and returns its score per game.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/progress.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/tune/objective.hpp"

namespace arena {

class GameObjective final : public Objective {
 public:
  // Throws ConfigError when the tuned player and its opponents cannot meet
  // in the config's mode (checked by building the match once).
  GameObjective(const Registry& registry, const RunConfig& config, int threads,
                const std::atomic<bool>* interrupt);

  // Games of the tuned player per iteration, counted as the progress counts
  // them (one side; compare() with opponents and evaluate() play one such
  // match per point).
  uint64_t games_per_iteration() const { return iteration_games_; }
  // Games played from here on go to `progress` (may be null).
  void set_progress(Progress* progress) { progress_ = progress; }

  std::optional<double> compare(const Point& plus, const Point& minus, uint64_t iterations,
                                uint64_t seed) override;
  std::optional<std::vector<double>> evaluate(const std::vector<Point>& points, uint64_t iterations,
                                              uint64_t seed) override;

 private:
  // The tuned player at `point`, named `name`, and whom it meets.
  RunConfig match_of(const Point& point, const std::string& name, bool against_other_side,
                     const Point& other, uint64_t iterations) const;
  std::optional<RunStats> play(const RunConfig& config, uint64_t seed) const;

  const Registry& registry_;
  const RunConfig& config_;
  const TuneConfig& tune_;
  int threads_;
  const std::atomic<bool>* interrupt_;
  Progress* progress_ = nullptr;
  std::vector<PlayerConfig> opponents_;
  uint64_t duel_deal_ = 0;      // games per deal of theta+ against theta- (SPSA without opponents)
  uint64_t opponent_deal_ = 0;  // games per deal against the opponents
  uint64_t iteration_games_ = 0;
};

}  // namespace arena
