#include "harness/cli/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace arena {
namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_signals{0};
int g_signals_to_quit = 2;
struct sigaction g_old_int, g_old_term;

// What the second signal says and removes, prepared before the handlers are
// installed: a handler may only make async-signal-safe calls (write, access,
// unlink, _exit), so nothing is formatted or allocated in it.
std::string g_resumable;    // said when the checkpoint exists
std::string g_unresumable;  // said when there is none yet
std::string g_checkpoint;
std::string g_lock;
std::string g_first;  // said at the first signal
std::string g_again;  // said at a later one that does not end the process yet

void say(const std::string& text) {
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
}

extern "C" void on_signal(int) {
  g_requested = true;
  const int count = ++g_signals;
  if (count >= g_signals_to_quit) {  // the last one: now
    const bool resumable = !g_checkpoint.empty() && ::access(g_checkpoint.c_str(), F_OK) == 0;
    say(resumable ? g_resumable : g_unresumable);
    if (!g_lock.empty()) ::unlink(g_lock.c_str());  // the lock itself goes with the process
    _exit(130);
  }
  say(count == 1 ? g_first : g_again);
}

}  // namespace

InterruptGuard::InterruptGuard(const std::string& resume_command,
                               const std::filesystem::path& checkpoint,
                               const std::filesystem::path& lock_file, int signals_to_quit,
                               const std::string& start_over) {
  g_requested = false;
  g_signals = 0;
  g_signals_to_quit = std::max(signals_to_quit, 2);
  g_first = g_signals_to_quit == 2
                ? "\narena: interrupted; finishing the games in flight (again to quit at once)\n"
                : "\narena: interrupted; finishing the games in flight\n";
  g_again =
      "\narena: still finishing the games in flight (the process goes on; again to end it at "
      "once)\n";
  g_checkpoint = checkpoint.string();
  g_lock = lock_file.string();
  g_resumable =
      "\narena: stopped at once; the games since the last checkpoint will be played "
      "again; continue with:\n  " +
      resume_command + "\n";
  g_unresumable =
      "\narena: stopped at once, before the first checkpoint: nothing to resume; "
      "run it again " +
      start_over + " to start over\n";
  if (resume_command.empty()) g_resumable = g_unresumable = "\narena: stopped at once\n";
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, &g_old_int);
  ::sigaction(SIGTERM, &action, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>& InterruptGuard::requested() {
  return g_requested;
}

}  // namespace arena
