// What a search measures: points in parameter space compared by games.
//
// Contract: both calls are pure functions of their arguments (the games of
// `seed` are the same whatever the thread count), and return nullopt only
// when the run was interrupted before every game was played (the caller then
// discards the step). An iteration is one deal per table the tuned variant
// sits at: for a duel, a pair of games with the seats swapped.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "harness/tune/spsa.hpp"

namespace arena {

class Objective {
 public:
  virtual ~Objective() = default;

  // SPSA's comparison of `plus` and `minus` over `iterations` iterations whose
  // games come from `seed`: fishtest's result, wins - losses of `plus`,
  // scaled so that an iteration weighs as one game pair.
  virtual std::optional<double> compare(const Point& plus, const Point& minus, uint64_t iterations,
                                        uint64_t seed) = 0;

  // Each point's score per game (wins plus half the draws, a shared first
  // place split) against the opponents, every point on the same deals:
  // `iterations` iterations from `seed`.
  virtual std::optional<std::vector<double>> evaluate(const std::vector<Point>& points,
                                                      uint64_t iterations, uint64_t seed) = 0;
};

}  // namespace arena
