// SPSA exactly as fishtest runs it (server/fishtest/spsa_workflow.py and
// spsa_handler.py), with the games of a step played by Arena.
//
// Contract, for N iterations (fishtest's num_iter: game pairs) and per
// parameter c_end, r_end:
//   A = floor(a_ratio N)            (fishtest: int(A_ratio num_games / 2))
//   c = c_end N^gamma,  a = r_end c_end^2 (A + N)^alpha
//   at iteration k (0-based):  c_k = c / (k + 1)^gamma,  a_k = a / (A + k + 1)^alpha
// A step plays `batch` iterations at once with one perturbation, as a fishtest
// worker plays a batch: its schedule is that of its first iteration k, each
// parameter's flip Delta_i is +-1 at random, theta+ = clip(theta + c_k Delta)
// and theta- = clip(theta - c_k Delta) are played (integer parameters rounded
// at random, floor(x + U[0, 1)), each side on its own draw, as fishtest's
// worker rounds), and with `result` = wins - losses of theta+ over the
// step's games (fishtest: wins - losses of the white engine)
//   theta_i <- clip(theta_i + R_k c_k result Delta_i),  R_k = a_k / c_k^2,
// which is theta_i + a_k result / (c_k Delta_i). Then k advances by the
// step's iterations. Every random draw of step s comes from
// derive_seed(master seed, kTuneStream, s, purpose): never from a shared or
// thread-local generator, so a step can be played again alone.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/core/rng.hpp"
#include "harness/config/tune_config.hpp"

namespace arena {

// A point in parameter space, in the order of TuneConfig::params.
using Point = std::vector<double>;

// The streams of a tuning run: derive_seed(master, kTuneStream, step, purpose).
inline constexpr uint64_t kTuneStream = 0x74756e65;  // "tune"
enum class TunePurpose : uint64_t {
  kGames = 1,     // the step's games (the match's seed): theta+ and theta- play the same deals
  kFlips = 2,     // SPSA's Delta
  kRounding = 3,  // integer parameters' random rounding
  kBreeding = 4,  // genetic: selection, crossover, mutation of the next generation
  kVerify = 5,    // the verification match (step 0)
  kInitial = 6,   // genetic: the random individuals of generation 0 (step 0)
};
uint64_t tune_seed(uint64_t master, uint64_t step, TunePurpose purpose);

// The start point of `tune`.
Point start_point(const TuneConfig& tune);

// x clipped to the parameter's [min, max].
double clip(const TuneParam& p, double x);

// The value a game plays: x itself, or for an integer parameter
// floor(x + U[0, 1)) kept inside [min, max].
double played_value(const TuneParam& p, double x, Rng& rng);

class SpsaSchedule {
 public:
  explicit SpsaSchedule(const TuneConfig& tune);

  double big_a() const { return big_a_; }
  double c(size_t param) const { return c_[param]; }
  double a(size_t param) const { return a_[param]; }
  // c_k and a_k of parameter `param` at iteration k (0-based).
  double c_k(size_t param, uint64_t k) const;
  double a_k(size_t param, uint64_t k) const;

  uint64_t steps() const { return (iterations_ + batch_ - 1) / batch_; }
  uint64_t first_iteration(uint64_t step) const { return step * batch_; }
  // Iterations of step `step` (the last may be shorter).
  uint64_t iterations_of(uint64_t step) const;

 private:
  double alpha_, gamma_, big_a_;
  uint64_t iterations_, batch_;
  std::vector<double> c_, a_;
};

// What step `step` plays from theta: its flips, perturbations and the values
// of theta+ and theta- as the games play them.
struct SpsaStep {
  uint64_t step = 0;
  uint64_t first_iteration = 0;
  uint64_t iterations = 0;
  std::vector<int> flips;  // +-1 per parameter
  std::vector<double> c;   // c_k per parameter
  Point plus;
  Point minus;
};
SpsaStep spsa_step(const TuneConfig& tune, const SpsaSchedule& schedule, const Point& theta,
                   uint64_t step, uint64_t master_seed);

// theta after the step whose games gave `result` (wins - losses of theta+).
Point spsa_update(const TuneConfig& tune, const SpsaSchedule& schedule, const SpsaStep& step,
                  const Point& theta, double result);

}  // namespace arena
