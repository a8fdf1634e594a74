// Wall time of a run, tuning or training, including what its checkpoint had
// spent before it was resumed.
#pragma once

#include <chrono>

namespace arena {

class RunClock {
 public:
  explicit RunClock(double earlier) : earlier_(earlier) {}
  double seconds() const {
    return earlier_ +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  double earlier_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace arena
