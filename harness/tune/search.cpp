#include "harness/tune/search.hpp"

#include <numeric>

namespace arena {

using Json = nlohmann::json;

Json state_json(const TuneState& state) {
  Json rows = Json::array();
  for (const TrajectoryRow& r : state.trajectory)
    rows.push_back({r.iteration, r.values, r.result, r.mean});
  return {{"step", state.step},
          {"theta", state.theta},
          {"population", state.population},
          {"trajectory", rows}};
}

TuneState state_from_json(const Json& j) {
  TuneState state;
  state.step = j.at("step").get<uint64_t>();
  state.theta = j.at("theta").get<Point>();
  state.population = j.at("population").get<Population>();
  for (const Json& r : j.at("trajectory")) {
    state.trajectory.push_back({r.at(0).get<uint64_t>(), r.at(1).get<Point>(),
                                r.at(2).get<double>(), r.at(3).get<double>()});
  }
  return state;
}

Search::Search(const TuneConfig& tune, uint64_t master_seed, Objective& objective)
    : tune_(tune), seed_(master_seed), objective_(objective), schedule_(tune) {}

TuneState Search::start() const {
  TuneState state;
  state.trajectory.push_back({0, start_point(tune_), 0, 0});
  if (tune_.method == TuneMethod::kSpsa) {
    state.theta = start_point(tune_);
  } else {
    state.population = initial_population(tune_, seed_);
  }
  return state;
}

uint64_t Search::steps() const {
  return tune_.method == TuneMethod::kSpsa ? schedule_.steps() : tune_.iterations;
}

uint64_t Search::iterations_of(uint64_t step) const {
  return tune_.method == TuneMethod::kSpsa ? schedule_.iterations_of(step) : tune_.batch;
}

uint64_t Search::matches_per_step() const {
  if (tune_.method == TuneMethod::kGenetic) return static_cast<uint64_t>(tune_.genetic.population);
  return tune_.against.empty() ? 1 : 2;
}

bool Search::advance(TuneState& state) {
  return tune_.method == TuneMethod::kSpsa ? advance_spsa(state) : advance_genetic(state);
}

bool Search::advance_spsa(TuneState& state) {
  const SpsaStep step = spsa_step(tune_, schedule_, state.theta, state.step, seed_);
  const auto result = objective_.compare(step.plus, step.minus, step.iterations,
                                         tune_seed(seed_, state.step, TunePurpose::kGames));
  if (!result) return false;
  state.theta = spsa_update(tune_, schedule_, step, state.theta, *result);
  state.trajectory.push_back({step.first_iteration + step.iterations, state.theta, *result, 0});
  ++state.step;
  return true;
}

bool Search::advance_genetic(TuneState& state) {
  const auto fitness = objective_.evaluate(state.population, tune_.batch,
                                           tune_seed(seed_, state.step, TunePurpose::kGames));
  if (!fitness) return false;
  const size_t best = ranking(*fitness).front();
  const double mean =
      std::accumulate(fitness->begin(), fitness->end(), 0.0) / static_cast<double>(fitness->size());
  state.trajectory.push_back({state.step + 1, state.population[best], (*fitness)[best], mean});
  if (state.step + 1 < steps()) {
    state.population = next_generation(tune_, state.population, *fitness, state.step, seed_);
  }
  ++state.step;
  return true;
}

Point Search::result(const TuneState& state) const {
  return tune_.method == TuneMethod::kSpsa ? state.theta : state.trajectory.back().values;
}

}  // namespace arena
