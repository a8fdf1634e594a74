#include "harness/runner/bot_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

extern char** environ;

namespace arena {
namespace {

// The child moves its descriptors onto 0-5 (stdin, stdout, stderr, the init's
// report, cgroup and game descriptor): everything it moves comes from above
// them, so that no move overwrites a descriptor still to be moved.
constexpr int kFirstFree = kGameFd + 1;

// `fd` moved to kFirstFree or above (close-on-exec), or -1 as it was.
int moved_up(int fd) {
  if (fd < 0 || fd >= kFirstFree) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, kFirstFree);
  ::close(fd);
  return moved;
}

// Time left until `deadline`, for ppoll (zero once it passed).
timespec remaining(BotClock::time_point deadline) {
  const auto left = std::max(deadline - BotClock::now(), BotClock::duration::zero());
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
  return {static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
}

// The descriptor a program's stderr goes to (from kFirstFree, close-on-exec),
// or -1 with errno set.
int open_log(const std::filesystem::path& log) {
  if (log.empty()) return moved_up(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  // arena's own stderr is shared, not reopened: reopening fails for a socket.
  if (log == "/dev/stderr") return ::fcntl(2, F_DUPFD_CLOEXEC, kFirstFree);
  return moved_up(::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// "SIGXCPU", or "signal 99" for a number without a name.
std::string signal_name(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

// What the clone child needs, prepared before it exists: after a clone in a
// threaded process it may only make system calls (no allocation, no lock,
// no sanitizer interceptor), so it calls them raw.
struct Child {
  int flags = 0;  // clone flags (namespaces)
  pid_t parent = 0;
  const char* uid_map = nullptr;
  const char* gid_map = nullptr;
  const cpu_set_t* cpus = nullptr;
  int fds[6] = {-1, -1, -1, -1, -1, -1};  // onto 0-5: stdin, stdout, stderr, report, cgroup, game
  const char* dir = nullptr;
  char* const* argv = nullptr;
};

[[noreturn]] ARENA_IN_CLONE void child_exits(int code) {
  ::syscall(SYS_exit_group, code);
  __builtin_unreachable();
}

// In the clone: its own process group, the parent-death signal, its ids and
// CPUs, its descriptors, its folder; then the init (or bubblewrap) is run.
ARENA_IN_CLONE void exec_child(const void* arg) {
  const Child& c = *static_cast<const Child*>(arg);
  ::syscall(SYS_setpgid, 0, 0);
  ::syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  // Without a PID namespace, a parent gone before the signal was set is seen
  // here (in one, the parent is outside and getppid() is 0).
  if (!(c.flags & CLONE_NEWPID) && ::syscall(SYS_getppid) != c.parent) child_exits(127);
  if ((c.flags & CLONE_NEWUSER) && !write_id_maps(c.uid_map, c.gid_map)) child_exits(126);
  if (c.cpus) ::syscall(SYS_sched_setaffinity, 0, sizeof(cpu_set_t), c.cpus);
  for (int target = 0; target < kFirstFree; ++target)
    if (c.fds[target] >= 0) ::syscall(SYS_dup3, c.fds[target], target, 0);
  // Nothing else of arena's (results files, other bots' pipes) reaches the program.
  ::syscall(SYS_close_range, kFirstFree, ~0U, 0);
  for (const int unused : {kCgroupFd, kGameFd})
    if (c.fds[unused] < 0) ::syscall(SYS_close, unused);
  if (c.dir && ::syscall(SYS_chdir, c.dir) != 0) child_exits(126);
  ::syscall(SYS_execve, c.argv[0], c.argv, environ);
  child_exits(127);
}

}  // namespace

Spawner::Spawner() {
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stop_ || (job_ && !done_); });
      if (stop_) return;
      result_ = (*job_)();
      done_ = true;
      wake_.notify_all();
    }
  });
}

Spawner::~Spawner() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

pid_t Spawner::run(const std::function<pid_t()>& fork_child) {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [this] { return job_ == nullptr; });  // one fork at a time
  job_ = &fork_child;
  done_ = false;
  wake_.notify_all();
  wake_.wait(lock, [this] { return done_; });
  const pid_t pid = result_;
  job_ = nullptr;
  wake_.notify_all();
  return pid;
}

BotProcess::BotProcess(Spawner& spawner, const std::vector<std::string>& argv,
                       const std::filesystem::path& cwd, const std::filesystem::path& log,
                       const BotLimits& limits, int cpu)
    : limits_(limits) {
  BotLaunch launch;
  try {
    launch = plan_launch(argv, cwd, limits);
  } catch (const std::runtime_error& e) {
    throw BotError(Fault::kCrashed, fmt::format("cannot start {}: {}", argv.front(), e.what()));
  }
  int in[2] = {-1, -1}, out[2] = {-1, -1}, report[2] = {-1, -1}, game[2] = {-1, -1};
  const auto close_all = [&] {
    for (int* fd : {&in[0], &in[1], &out[0], &out[1], &report[0], &report[1], &game[0], &game[1]})
      close_fd(*fd);
  };
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 ||
      ::pipe2(report, O_CLOEXEC) != 0 ||
      (limits.cpu_seconds > 0 && ::pipe2(game, O_CLOEXEC) != 0)) {
    const int error = errno;
    close_all();
    throw BotError(Fault::kCrashed, fmt::format("cannot make pipes: {}", std::strerror(error)));
  }
  int err = open_log(log);
  if (err < 0) {
    // Else the program would write its stderr on arena's, where nobody looks for it.
    const int error = errno;
    close_all();
    throw BotError(Fault::kCrashed,
                   fmt::format("cannot open its log {}: {}",
                               log.empty() ? "/dev/null" : log.string(), std::strerror(error)));
  }
  // With arena's own stdin, stdout or stderr closed, a pipe could land on fd
  // 0-4, where the child's moves would overwrite one with another.
  for (int* fd : {&in[0], &in[1], &out[0], &out[1], &report[0], &report[1], &game[0], &game[1]})
    *fd = moved_up(*fd);
  int cgroup = launch.cgroup ? ::fcntl(launch.cgroup->procs_fd(), F_DUPFD_CLOEXEC, kFirstFree) : -1;
  // Everything the child touches is prepared here: after the clone it only makes system calls.
  std::vector<char*> args;
  for (const std::string& a : launch.argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string dir = cwd.string();
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  if (cpu >= 0) CPU_SET(cpu, &cpus);
  const Child child{launch.clone_flags,
                    ::getpid(),
                    launch.uid_map.c_str(),
                    launch.gid_map.c_str(),
                    cpu >= 0 ? &cpus : nullptr,
                    {in[0], out[1], err, report[1], cgroup, game[0]},
                    dir.empty() ? nullptr : dir.c_str(),
                    args.data()};
  int fork_error = 0;
  pid_ = spawner.run([&]() -> pid_t {
    const pid_t pid = clone_process(child.flags, exec_child, &child);
    if (pid < 0) fork_error = errno;   // errno is the spawner thread's
    if (pid > 0) ::setpgid(pid, pid);  // as the child does: the group exists before any kill
    return pid;
  });
  for (int* fd : {&in[0], &out[1], &err, &report[1], &cgroup, &game[0]})
    close_fd(*fd);
  to_bot_ = in[1];
  from_bot_ = out[0];
  report_ = report[0];
  game_ = game[1];
  if (pid_ < 0) {
    close_fd(to_bot_);
    close_fd(from_bot_);
    close_fd(report_);
    close_fd(game_);
    throw BotError(Fault::kCrashed,
                   fmt::format("cannot start {}: {}", argv.front(), std::strerror(fork_error)));
  }
  // Readable once the init exits: noticed even while another process holds the pipes.
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
  sweep_ = launch.sweep;
  cgroup_ = std::move(launch.cgroup);
  for (const int fd : {to_bot_, from_bot_, report_, game_})
    if (fd >= 0) ::fcntl(fd, F_SETFL, O_NONBLOCK);
}

void BotProcess::new_game() {
  // One byte: the init moves the CPU limit on. A full pipe (the init has not
  // read the last ones) already says it.
  if (game_ < 0) return;
  [[maybe_unused]] const ssize_t n = ::write(game_, "g", 1);
}

BotProcess::~BotProcess() {
  kill();
}

BotProcess::Wait BotProcess::wait_for(int fd, short events, BotClock::time_point deadline) {
  for (;;) {
    pollfd p[2] = {{fd, events, 0}, {pidfd_, POLLIN, 0}};
    const nfds_t watched = pidfd_ >= 0 && !ended_ ? 2 : 1;
    const timespec left = remaining(deadline);
    const int n = ::ppoll(p, watched, &left, nullptr);
    if (n > 0 && p[0].revents != 0) return Wait::kReady;
    if (n > 0) {
      ended_ = true;
      return Wait::kEnded;
    }
    if (n == 0) return Wait::kTimeout;
    if (errno != EINTR) return Wait::kReady;  // let the read or write report the error
  }
}

void BotProcess::fail(Fault fault, const std::string& why) {
  kill();
  throw BotError(fault, why);
}

// How long a program whose pipe broke has to be seen ending before it is
// called alive ("it closed its output"). The words are in the moves log,
// so they must not depend on the machine's load: the init notices its
// program's exit within microseconds on a quiet machine, but a loaded CI
// runner took over 100 ms. A program that really runs on costs this once.
constexpr std::chrono::milliseconds kExitGrace{2000};

void BotProcess::crashed(const char* if_alive) {
  // A moment for its init to say how it ended, before it is killed.
  const bool exited = exited_within(kExitGrace);
  const std::string how = how_it_ended();
  kill();
  throw BotError(Fault::kCrashed, fmt::format("{} ({})", exited ? "it exited" : if_alive, how));
}

void BotProcess::send(const std::string& line, BotClock::time_point deadline) {
  const std::string bytes = line + '\n';
  size_t sent = 0;
  while (sent < bytes.size()) {
    if (to_bot_ < 0) fail(Fault::kCrashed, "its input is closed");
    const ssize_t n = ::write(to_bot_, bytes.data() + sent, bytes.size() - sent);
    if (n > 0) {
      sent += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) {
      crashed("it stopped reading its input");
    }
    if (ended_) crashed("it exited");  // what still holds its input is not the program
    if (wait_for(to_bot_, POLLOUT, deadline) == Wait::kTimeout)
      fail(Fault::kOverBudget, "it did not read its input in time");
  }
}

std::string BotProcess::read_line(BotClock::time_point deadline) {
  // A fast bot answers within microseconds: trying the pipe for a moment
  // before sleeping in ppoll saves arena's wake-up, much of the round trip
  // on a quiet machine (docs/measurements.md). Only while spinning pays
  // (SpinBackoff): for a slow bot, or on a busy core, it is CPU taken from
  // the bot and the others.
  const bool spin = spin_.count() > 0 && backoff_.try_spin();
  const BotClock::time_point spin_until =
      spin ? std::min(deadline, BotClock::now() + spin_) : BotClock::time_point{};
  bool slept = false;
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      if (end > max_line_) {
        fail(Fault::kProtocolError,
             fmt::format("a line longer than {} bytes: {}...", max_line_, buffer_.substr(0, 200)));
      }
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (spin) backoff_.spun(!slept);
      return line;
    }
    if (buffer_.size() > max_line_) {
      fail(Fault::kProtocolError,
           fmt::format("a line longer than {} bytes: {}...", max_line_, buffer_.substr(0, 200)));
    }
    char chunk[65536];
    const ssize_t n = ::read(from_bot_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
    } else if (n == 0) {
      // End of file: the program ended (its init says so at once: a child
      // that held the pipe dies with it), or it closed its output and runs on.
      crashed("it closed its output");
    } else if (errno != EAGAIN && errno != EINTR) {
      fail(Fault::kCrashed, fmt::format("cannot read its output: {}", std::strerror(errno)));
    } else if (errno == EAGAIN && ended_) {
      crashed("it exited");  // all it wrote is read; what holds its output is not the program
    } else if (errno == EAGAIN && BotClock::now() >= spin_until) {
      slept = true;
      if (wait_for(from_bot_, POLLIN, deadline) == Wait::kTimeout)
        fail(Fault::kOverBudget, "no reply in time");
    }
  }
}

std::string BotProcess::unasked_output() {
  if (buffer_.empty() && from_bot_ >= 0) {
    char chunk[4096];
    const ssize_t n = ::read(from_bot_, chunk, sizeof chunk);
    if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
  }
  return buffer_;
}

std::string BotProcess::read_to_end(BotClock::time_point deadline, bool& closed) {
  std::string out = std::move(buffer_);
  buffer_.clear();
  closed = from_bot_ < 0;
  bool ended = false;  // it exited: what is in the pipe is all there is
  while (!closed) {
    char chunk[4096];
    const ssize_t n = ::read(from_bot_, chunk, sizeof chunk);
    if (n > 0) {
      if (out.size() < max_line_) out.append(chunk, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      closed = true;
    } else if (errno == EAGAIN) {
      // Something may hold its output after the program exits (not in a namespace).
      if (ended) {
        closed = true;
      } else if (exited_within(std::chrono::milliseconds(0))) {
        ended = true;
      } else if (BotClock::now() >= deadline) {
        break;
      } else {
        wait_for(from_bot_, POLLIN,
                 std::min(deadline, BotClock::now() + std::chrono::milliseconds(10)));
      }
    }
  }
  return out;
}

void BotProcess::close_input() {
  close_fd(to_bot_);
}

bool BotProcess::exited_by(BotClock::time_point until) {
  for (;;) {
    // Noticed without reaping: while it is a zombie its pid cannot be reused,
    // so killing its process group (what it started) hits nobody else.
    siginfo_t info{};
    const int r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid_) return true;
    if (r < 0 && errno == ECHILD) return true;
    if (BotClock::now() >= until) return false;
    if (pidfd_ >= 0) {
      pollfd p{pidfd_, POLLIN, 0};
      const timespec left = remaining(until);
      ::ppoll(&p, 1, &left, nullptr);
    } else {
      ::usleep(1000);
    }
  }
}

bool BotProcess::exited_within(std::chrono::milliseconds wait) {
  if (reaped_) return true;
  if (!exited_by(BotClock::now() + wait)) return false;
  reap();
  return true;
}

void BotProcess::reap() {
  // Without a PID namespace the init sweeps what the program left, when asked.
  if (sweep_ && !exited_by(BotClock::now())) {
    ::kill(pid_, SIGTERM);
    exited_by(BotClock::now() + std::chrono::seconds(1));
  }
  ::kill(-pid_, SIGKILL);  // its process group, if any of it is left
  ::kill(pid_, SIGKILL);   // the init, and with it its PID namespace
  while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  read_report();
  if (cgroup_) cgroup_hit_ = cgroup_->hit_max();
  cgroup_.reset();  // removed, now that its processes are gone
  close_fd(report_);
  close_fd(pidfd_);
}

void BotProcess::read_report() {
  char text[128];
  const ssize_t n = report_ >= 0 ? ::read(report_, text, sizeof text - 1) : -1;
  if (n <= 0) return;
  text[n] = '\0';
  int status = 0;
  long long cpu_us = 0;
  long maxrss = 0;
  if (std::sscanf(text, "%d %lld %ld", &status, &cpu_us, &maxrss) == 3)
    program_ = Ending{status, static_cast<int64_t>(cpu_us)};
}

void BotProcess::kill() {
  if (pid_ > 0 && !reaped_) reap();
  close_fd(to_bot_);
  close_fd(from_bot_);
  close_fd(game_);
}

std::string BotProcess::limit_notes(int status) const {
  const bool signaled = WIFSIGNALED(status);
  const int sig = signaled ? WTERMSIG(status) : 0;
  // Limits the kernel reports: a signal, or a CPU time at the limit when killed.
  if (limits_.cpu_seconds > 0 &&
      (sig == SIGXCPU ||
       (sig == SIGKILL && program_ && program_->cpu_us >= limits_.cpu_seconds * 1'000'000))) {
    return fmt::format(": over its CPU limit of {} s in one game", limits_.cpu_seconds);
  }
  if (limits_.file_mb > 0 && sig == SIGXFSZ)
    return fmt::format(": over its file size limit of {} MiB", limits_.file_mb);
  if (cgroup_hit_)
    return fmt::format(": over its process limit of {}: starting one more failed",
                       limits_.processes);
  // Limits the program alone sees: a call past one fails, which may be why it failed.
  if (!signaled && !(WIFEXITED(status) && WEXITSTATUS(status) != 0)) return "";
  std::vector<std::string> limits;
  if (limits_.memory_mb > 0)
    limits.push_back(fmt::format("its memory limit of {} MiB", limits_.memory_mb));
  if (limits_.file_mb > 0)
    limits.push_back(fmt::format("its file size limit of {} MiB", limits_.file_mb));
  if (limits_.processes > 0 && !cgroup_hit_)
    limits.push_back(fmt::format("its process limit of {}", limits_.processes));
  if (limits.empty()) return "";
  std::string which = limits.front();
  for (size_t i = 1; i < limits.size(); ++i)
    which += (i + 1 == limits.size() ? " or " : ", ") + limits[i];
  return fmt::format("; it may have hit {}, past which {} fails inside the program: see its log",
                     which,
                     limits.size() > 1       ? "a call"
                     : limits_.memory_mb > 0 ? "an allocation"
                     : limits_.file_mb > 0   ? "a write"
                                             : "starting a process");
}

std::string BotProcess::how_it_ended() const {
  if (!reaped_) return "still running";
  // The program's ending as its init saw it; else the init's own (killed by arena, say).
  const int status = program_ ? program_->status : status_;
  std::string how = "ended";
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    how = code == 127 ? "exit code 127: the program could not be run"
          : code == 125 && !program_
              ? "exit code 125: arena_bot_init could not start it (its log says why)"
              : fmt::format("exit code {}", code);
  } else if (WIFSIGNALED(status)) {
    how = "killed by " + signal_name(WTERMSIG(status));
  }
  return how + limit_notes(status);
}

}  // namespace arena
