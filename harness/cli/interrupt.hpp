// SIGINT and SIGTERM during a run: the first asks the run to stop (no new
// games start; games in flight finish; results so far and a checkpoint are
// written); the second ends the process at once (exit code 130), leaving the
// last checkpoint valid.
#pragma once

#include <atomic>

namespace arena {

class InterruptGuard {
 public:
  InterruptGuard();   // installs the handlers
  ~InterruptGuard();  // restores the previous ones
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Set once a first signal arrived.
  static const std::atomic<bool>& requested();
};

}  // namespace arena
