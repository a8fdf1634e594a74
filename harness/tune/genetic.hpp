// The genetic search (the Chinese Checkers seed's suggestion): a population
// of parameter points, each generation scored by games against the opponents
// (every individual plays the same deals), then bred into the next.
//
// Contract, with the settings of GeneticSettings:
// - generation 0: the start point and population - 1 points drawn uniformly in
//   [min, max] (integer parameters: uniform integers);
// - breeding: the `elite` fittest are copied unchanged; every other child has
//   two parents, each the fittest of `tournament` individuals drawn uniformly
//   (with replacement); with probability `crossover` the child blends them
//   per parameter (BLX-0.5: p1 + u (p2 - p1), u uniform in [-0.5, 1.5]), else
//   copies the first; then each parameter mutates with probability
//   `mutation` by a normal step of standard deviation `sigma`; values are
//   clipped to [min, max] and integer parameters rounded to the nearest.
// - fitness ties go to the lower index (earlier individual).
// Every draw comes from derive_seed(master, kTuneStream, generation, purpose)
// (spsa.hpp), so a generation is the same whatever the threads or a resume.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/config/tune_config.hpp"
#include "harness/tune/spsa.hpp"

namespace arena {

using Population = std::vector<Point>;

Population initial_population(const TuneConfig& tune, uint64_t master_seed);

// Indices of `fitness` from fittest to least fit (ties: lower index first).
std::vector<size_t> ranking(const std::vector<double>& fitness);

// Generation `generation` + 1 from generation `generation` and its fitness.
Population next_generation(const TuneConfig& tune, const Population& population,
                           const std::vector<double>& fitness, uint64_t generation,
                           uint64_t master_seed);

}  // namespace arena
