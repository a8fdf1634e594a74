#include "harness/cli/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

namespace arena {
namespace {

std::atomic<bool> g_requested{false};
struct sigaction g_old_int, g_old_term;

extern "C" void on_signal(int) {
  if (g_requested.exchange(true)) _exit(130);  // second signal: now
  static const char kMessage[] =
      "\narena: interrupted; finishing the games in flight (again to quit at once)\n";
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_requested = false;
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
