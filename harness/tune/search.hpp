// The search loop of `arena tune`: SPSA (spsa.hpp) or the genetic algorithm
// (genetic.hpp), one step at a time over an Objective.
//
// Contract: a TuneState is everything the search knows between steps, so a
// state saved after step s and loaded again continues exactly as if nothing
// happened (checkpoint.hpp). advance() is a pure function of (config, master
// seed, state) and the objective's answers: step s's draws come from the
// seeds of step s alone. The trajectory's first row is the start point
// (iteration 0); then one row per step: SPSA's theta after the step's last
// iteration, or the fittest individual of each generation.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/config/tune_config.hpp"
#include "harness/tune/genetic.hpp"
#include "harness/tune/objective.hpp"
#include "harness/tune/spsa.hpp"

namespace arena {

struct TrajectoryRow {
  uint64_t iteration = 0;  // SPSA: iterations done; genetic: generations done
  Point values;
  double result = 0;  // SPSA: the step's result; genetic: the fittest's score per game
  double mean = 0;    // genetic: the generation's mean score per game
};

struct TuneState {
  uint64_t step = 0;      // steps (generations) done
  Point theta;            // SPSA: where the search is
  Population population;  // genetic: generation `step`, not yet scored
  std::vector<TrajectoryRow> trajectory;
};

nlohmann::json state_json(const TuneState& state);
// Throws nlohmann::json::exception on a malformed state.
TuneState state_from_json(const nlohmann::json& j);

class Search {
 public:
  Search(const TuneConfig& tune, uint64_t master_seed, Objective& objective);

  TuneState start() const;
  uint64_t steps() const;
  bool done(const TuneState& state) const { return state.step >= steps(); }
  // Iterations step `step` plays (genetic: per individual).
  uint64_t iterations_of(uint64_t step) const;
  // Matches of one side's games per step: 1 for SPSA's duel, 2 for SPSA
  // against opponents (theta+ and theta-), the population for the genetic search.
  uint64_t matches_per_step() const;
  // Plays step `state.step` and moves on; false, leaving `state` as it was,
  // when the objective was interrupted.
  bool advance(TuneState& state);
  // The search's answer: SPSA's theta, or the fittest of the last generation.
  Point result(const TuneState& state) const;

 private:
  bool advance_spsa(TuneState& state);
  bool advance_genetic(TuneState& state);

  const TuneConfig& tune_;
  uint64_t seed_;
  Objective& objective_;
  SpsaSchedule schedule_;
};

}  // namespace arena
