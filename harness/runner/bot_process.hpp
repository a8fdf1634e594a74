// One program of an external strategy, run as a child process that reads
// requests on its stdin and writes one reply line per request on its stdout.
//
// Contract: the constructor starts `argv` (no shell; argv[0] a path to the
// program, already resolved) in `cwd` with stderr appended to `log` (empty:
// /dev/null; "/dev/stderr": arena's own; a log that cannot be opened is a
// BotError, never a silent fallback), under `limits`, as bot_sandbox.hpp
// describes: the program's init (arena_bot_init) is arena's child, in a
// process group of its own (a Ctrl-C at the terminal reaches arena, which then
// ends its bots itself) and, where the kernel allows, a PID namespace of its
// own, with SIGKILL as its parent-death signal. So no process the program
// starts outlives it, whatever session or group it moves to, and none
// outlives arena, not even after kill -9 (without namespaces, what the
// program left is swept when it ends, but not after kill -9 of arena). It
// inherits no file of arena's but its three pipes. With `cpu` >= 0 it and all
// it starts run on that CPU only. Forks happen on one spawner thread that lives
// as long as the Spawner, because the parent-death signal follows the thread
// that forked.
// send() and read_line() take a deadline; every failure is a BotError with
// the fault it stands for (kCrashed: exited or closed its end, noticed when
// its init exits even while another process holds its pipes; kOverBudget: the
// deadline passed; kProtocolError: a line longer than max_line()). After a
// failure the process is killed; kill() and the destructor reap it, and
// how_it_ended() says how the program ended, naming a limit it went over.
#pragma once

#include <sys/types.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engines/core/strategy_fault.hpp"
#include "harness/runner/bot_sandbox.hpp"

namespace arena {

using BotClock = std::chrono::steady_clock;

class BotError : public std::runtime_error {
 public:
  BotError(Fault fault, const std::string& what) : std::runtime_error(what), fault_(fault) {}
  Fault fault() const { return fault_; }

 private:
  Fault fault_;
};

// The one thread that forks bots (see the contract above).
class Spawner {
 public:
  Spawner();
  ~Spawner();
  Spawner(const Spawner&) = delete;
  Spawner& operator=(const Spawner&) = delete;

  // Runs `fork_child` on the spawner thread and returns what it returned.
  pid_t run(const std::function<pid_t()>& fork_child);

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  const std::function<pid_t()>* job_ = nullptr;
  pid_t result_ = -1;
  bool done_ = false;
  bool stop_ = false;
  std::thread thread_;
};

// When to spin (poll without sleeping) for the other side's next line.
// Spinning pays while the line comes within the spin; one that does not pay
// makes the next 1, 2, 4, ... up to kMaxSkip waits sleep at once, and each
// spin that pays halves that length again. A slow bot thus costs about one
// spin per kMaxSkip replies; and two processes that spin against each other
// on one busy core (each spinning while the other waits for that core to
// answer) back off instead of taking turns at wasting it.
class SpinBackoff {
 public:
  static constexpr int kMaxSkip = 1024;
  // Whether to spin for this wait.
  bool try_spin() {
    if (skip_ == 0) return true;
    --skip_;
    return false;
  }
  // After a wait it spun for: whether the line came within the spin.
  void spun(bool paid) {
    length_ = paid ? length_ / 2 : std::clamp(2 * length_, 1, kMaxSkip);
    skip_ = paid ? 0 : length_;
  }

 private:
  int length_ = 0;  // the back-off: doubled by a spin that does not pay, halved by one that does
  int skip_ = 0;    // waits left to sleep through
};

class BotProcess {
 public:
  // A longer reply is a protocol error, unless set_max_line allows more.
  static constexpr size_t kMaxLine = 1 << 20;

  // Starts the program; throws BotError (kCrashed) when it cannot be started.
  BotProcess(Spawner& spawner, const std::vector<std::string>& argv,
             const std::filesystem::path& cwd, const std::filesystem::path& log,
             const BotLimits& limits = {}, int cpu = -1);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Writes `line` and a newline before `deadline`.
  void send(const std::string& line, BotClock::time_point deadline);
  // The next line the bot writes, without its newline, before `deadline`.
  // It polls the pipe without sleeping for up to the spin (set_spin) when
  // its SpinBackoff says so, else sleeps in ppoll at once: a fast bot's
  // reply is taken without a wake-up, a slow one costs little CPU.
  std::string read_line(BotClock::time_point deadline);
  // What the bot has written that no read_line took (a second reply, a reply
  // to a message that takes none), checked without waiting; "" when nothing.
  std::string unasked_output();
  // Everything the bot writes from now until it closes its output (exits),
  // before `deadline`, after what no read_line took; at most max_line()
  // bytes are kept. `closed`: whether it closed its output or exited in time.
  std::string read_to_end(BotClock::time_point deadline, bool& closed);
  // Closes the bot's stdin (it should exit at end of input).
  void close_input();
  // A new game begins: under a CPU limit, the program may use the limit's
  // seconds again from now (its init moves RLIMIT_CPU on; bot_init_main.cpp).
  void new_game();
  // Whether it has exited, within `wait`; reaps it.
  bool exited_within(std::chrono::milliseconds wait);
  // Kills it and everything it started (SIGKILL) and reaps it.
  void kill();
  // How it ended, for messages ("exit code 1", "killed by SIGSEGV"; with the
  // limit it went over, "killed by SIGXCPU: over its CPU limit of 2 s"), once reaped.
  std::string how_it_ended() const;
  // Its init's pid (the program's first process is the init's child).
  pid_t pid() const { return pid_; }
  // The longest read_line polls the pipe before it sleeps (default kSpin;
  // zero: never, as BotPool sets when the bots have no spare core to spin on).
  void set_spin(std::chrono::microseconds spin) { spin_ = spin; }
  static constexpr std::chrono::microseconds kSpin{50};
  // The longest line read_line takes (default kMaxLine).
  void set_max_line(size_t bytes) { max_line_ = bytes; }
  size_t max_line() const { return max_line_; }

 private:
  // What ended a wait: the fd is ready, the deadline passed, or the init exited.
  enum class Wait { kReady, kTimeout, kEnded };
  Wait wait_for(int fd, short events, BotClock::time_point deadline);
  [[noreturn]] void fail(Fault fault, const std::string& why);
  // A kCrashed failure saying how the program ended: "it exited", or
  // `if_alive` when it is still running after kExitGrace.
  [[noreturn]] void crashed(const char* if_alive);
  // Whether the init has exited by `until` (a zombie; not reaped).
  bool exited_by(BotClock::time_point until);
  // Stops the init (and so the program and all it started), whose process
  // group is killed too, and reaps it; called while it runs or is a zombie.
  void reap();
  // How the program ended, as its init reported it (`program_` below).
  void read_report();
  // What the limits say about an ending with wait status `status`: the limit
  // it went over, or the limits under which a call fails inside the program.
  std::string limit_notes(int status) const;

  pid_t pid_ = -1;      // its init: arena_bot_init, or bubblewrap running it
  int pidfd_ = -1;      // the init's pidfd (readable once it exits), or -1
  int to_bot_ = -1;     // the bot's stdin
  int from_bot_ = -1;   // the bot's stdout
  int report_ = -1;     // where the init says how the program ended
  int game_ = -1;       // where arena tells the init of a new game (a CPU limit only)
  bool ended_ = false;  // the init exited (its pidfd fired)
  bool sweep_ = false;  // no PID namespace: the init is stopped with SIGTERM, to sweep
  int status_ = 0;      // the init's wait status
  struct Ending {
    int status = 0;  // wait status
    int64_t cpu_us = 0;
  };
  std::optional<Ending> program_;  // how the program ended, when its init said
  bool reaped_ = false;
  BotLimits limits_;
  std::unique_ptr<PidsCgroup> cgroup_;
  bool cgroup_hit_ = false;  // a fork failed for the process limit (read when reaped)
  std::string buffer_;       // read but not yet returned
  size_t max_line_ = kMaxLine;
  std::chrono::microseconds spin_ = kSpin;
  SpinBackoff backoff_;
};

}  // namespace arena
