// SIGINT and SIGTERM during a run: the first asks the run to stop (no new
// games start; games in flight finish; results so far and a checkpoint are
// written); the second (or a later one, as asked) ends the process at once
// (exit code 130), leaving the
// last checkpoint valid, after saying how to continue (or that there is no
// checkpoint yet) and deleting the results folder's lock file.
#pragma once

#include <atomic>
#include <filesystem>
#include <string>

namespace arena {

class InterruptGuard {
 public:
  // Installs the handlers. The `signals_to_quit`-th signal (the second in
  // the CLI; a caller in a process that must live on, Python's, asks for
  // more) ends the process: it prints `resume_command` when `checkpoint`
  // exists by then, else that nothing can be resumed (run it again
  // `start_over`), and deletes `lock_file` (may be empty).
  InterruptGuard(const std::string& resume_command = "",
                 const std::filesystem::path& checkpoint = {},
                 const std::filesystem::path& lock_file = {}, int signals_to_quit = 2,
                 const std::string& start_over = "without --resume");
  ~InterruptGuard();  // restores the previous ones
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Set once a first signal arrived.
  static const std::atomic<bool>& requested();
};

}  // namespace arena
