#include "harness/tune/genetic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <boost/random/normal_distribution.hpp>

namespace arena {
namespace {

// Rng as a UniformRandomBitGenerator, for Boost.Random's distributions (whose
// algorithms, unlike the standard library's, are fixed by Boost itself).
class BitSource {
 public:
  using result_type = uint64_t;
  explicit BitSource(Rng& rng) : rng_(rng) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<uint64_t>::max(); }
  result_type operator()() { return rng_.next(); }

 private:
  Rng& rng_;
};

// x clipped, and rounded to the nearest integer for an integer parameter.
double settle(const TuneParam& p, double x) {
  x = clip(p, x);
  return p.integer ? std::min(std::max(std::round(x), std::ceil(p.min)), std::floor(p.max)) : x;
}

double uniform_in(const TuneParam& p, Rng& rng) {
  if (!p.integer) return p.min + (p.max - p.min) * rng.uniform01();
  const double lo = std::ceil(p.min);
  const auto span = static_cast<uint64_t>(std::floor(p.max) - lo) + 1;
  return lo + static_cast<double>(rng.below(span));
}

size_t tournament(const std::vector<double>& fitness, int size, Rng& rng) {
  size_t best = rng.below(fitness.size());
  for (int i = 1; i < size; ++i) {
    const size_t other = rng.below(fitness.size());
    if (fitness[other] > fitness[best] || (fitness[other] == fitness[best] && other < best))
      best = other;
  }
  return best;
}

Point child_of(const TuneConfig& tune, const Point& first, const Point& second, Rng& rng) {
  const GeneticSettings& g = tune.genetic;
  Point child = first;
  if (rng.uniform01() < g.crossover) {
    for (size_t i = 0; i < child.size(); ++i) {
      const double u = -0.5 + 2.0 * rng.uniform01();
      child[i] = first[i] + u * (second[i] - first[i]);
    }
  }
  BitSource bits(rng);
  for (size_t i = 0; i < child.size(); ++i) {
    const TuneParam& p = tune.params[i];
    if (rng.uniform01() < g.mutation) {
      child[i] += boost::random::normal_distribution<double>(0.0, p.sigma)(bits);
    }
    child[i] = settle(p, child[i]);
  }
  return child;
}

}  // namespace

Population initial_population(const TuneConfig& tune, uint64_t master_seed) {
  Rng rng(derive_seed(master_seed, kTuneStream, 0, static_cast<uint64_t>(TunePurpose::kInitial)));
  Population population;
  Point start;
  for (const TuneParam& p : tune.params)
    start.push_back(settle(p, p.start));
  population.push_back(start);
  while (population.size() < static_cast<size_t>(tune.genetic.population)) {
    Point random;
    for (const TuneParam& p : tune.params)
      random.push_back(uniform_in(p, rng));
    population.push_back(random);
  }
  return population;
}

std::vector<size_t> ranking(const std::vector<double>& fitness) {
  std::vector<size_t> order(fitness.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return fitness[a] > fitness[b]; });
  return order;
}

Population next_generation(const TuneConfig& tune, const Population& population,
                           const std::vector<double>& fitness, uint64_t generation,
                           uint64_t master_seed) {
  Rng rng(tune_seed(master_seed, generation, TunePurpose::kBreeding));
  const std::vector<size_t> order = ranking(fitness);
  Population next;
  for (int e = 0; e < tune.genetic.elite; ++e)
    next.push_back(population[order[static_cast<size_t>(e)]]);
  while (next.size() < population.size()) {
    const size_t first = tournament(fitness, tune.genetic.tournament, rng);
    const size_t second = tournament(fitness, tune.genetic.tournament, rng);
    next.push_back(child_of(tune, population[first], population[second], rng));
  }
  return next;
}

}  // namespace arena
