#include "harness/tune/spsa.hpp"

#include <algorithm>
#include <cmath>

namespace arena {

uint64_t tune_seed(uint64_t master, uint64_t step, TunePurpose purpose) {
  return derive_seed(master, kTuneStream, step, static_cast<uint64_t>(purpose));
}

Point start_point(const TuneConfig& tune) {
  Point start;
  for (const TuneParam& p : tune.params)
    start.push_back(p.start);
  return start;
}

double clip(const TuneParam& p, double x) {
  return std::min(std::max(x, p.min), p.max);
}

double played_value(const TuneParam& p, double x, Rng& rng) {
  if (!p.integer) return x;
  // fishtest's worker: "Stochastic rounding and probability for float N.p: (N, 1-p); (N+1, p)".
  const double rounded = std::floor(x + rng.uniform01());
  return std::min(std::max(rounded, std::ceil(p.min)), std::floor(p.max));
}

SpsaSchedule::SpsaSchedule(const TuneConfig& tune)
    : alpha_(tune.spsa.alpha),
      gamma_(tune.spsa.gamma),
      // fishtest stores A as an integer: int(A_ratio * num_games / 2).
      big_a_(std::floor(tune.spsa.a_ratio * static_cast<double>(tune.iterations))),
      iterations_(tune.iterations),
      batch_(tune.batch) {
  const double n = static_cast<double>(iterations_);
  for (const TuneParam& p : tune.params) {
    c_.push_back(p.c_end * std::pow(n, gamma_));
    a_.push_back(p.r_end * p.c_end * p.c_end * std::pow(big_a_ + n, alpha_));
  }
}

double SpsaSchedule::c_k(size_t param, uint64_t k) const {
  return c_[param] / std::pow(static_cast<double>(k + 1), gamma_);
}

double SpsaSchedule::a_k(size_t param, uint64_t k) const {
  return a_[param] / std::pow(big_a_ + static_cast<double>(k + 1), alpha_);
}

uint64_t SpsaSchedule::iterations_of(uint64_t step) const {
  const uint64_t first = first_iteration(step);
  return first >= iterations_ ? 0 : std::min(batch_, iterations_ - first);
}

SpsaStep spsa_step(const TuneConfig& tune, const SpsaSchedule& schedule, const Point& theta,
                   uint64_t step, uint64_t master_seed) {
  SpsaStep s;
  s.step = step;
  s.first_iteration = schedule.first_iteration(step);
  s.iterations = schedule.iterations_of(step);
  Rng flips(tune_seed(master_seed, step, TunePurpose::kFlips));
  Rng rounding(tune_seed(master_seed, step, TunePurpose::kRounding));
  for (size_t i = 0; i < tune.params.size(); ++i) {
    s.flips.push_back(flips.below(2) == 0 ? -1 : 1);
    s.c.push_back(schedule.c_k(i, s.first_iteration));
  }
  // Rounded in a fixed order (theta+ first, then theta-), so each draw has one meaning.
  for (size_t i = 0; i < tune.params.size(); ++i) {
    const TuneParam& p = tune.params[i];
    s.plus.push_back(played_value(p, clip(p, theta[i] + s.c[i] * s.flips[i]), rounding));
  }
  for (size_t i = 0; i < tune.params.size(); ++i) {
    const TuneParam& p = tune.params[i];
    s.minus.push_back(played_value(p, clip(p, theta[i] - s.c[i] * s.flips[i]), rounding));
  }
  return s;
}

Point spsa_update(const TuneConfig& tune, const SpsaSchedule& schedule, const SpsaStep& step,
                  const Point& theta, double result) {
  Point next = theta;
  for (size_t i = 0; i < tune.params.size(); ++i) {
    const double c = step.c[i];
    const double r = schedule.a_k(i, step.first_iteration) / (c * c);  // fishtest's R
    next[i] = clip(tune.params[i], theta[i] + r * c * result * step.flips[i]);
  }
  return next;
}

}  // namespace arena
