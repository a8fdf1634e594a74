#include "harness/runner/bot_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

namespace arena {
namespace {

// `fd` moved to a number above 2 (close-on-exec), or -1 as it was.
int above_stdio(int fd) {
  if (fd < 0 || fd > 2) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  ::close(fd);
  return moved;
}

// Time left until `deadline`, for ppoll (zero once it passed).
timespec remaining(BotClock::time_point deadline) {
  const auto left = std::max(deadline - BotClock::now(), BotClock::duration::zero());
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
  return {static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
}

// Waits until `fd` is ready for `events`; false when the deadline passed first.
bool wait_for(int fd, short events, BotClock::time_point deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    const timespec left = remaining(deadline);
    const int n = ::ppoll(&p, 1, &left, nullptr);
    if (n > 0) return true;
    if (n == 0) return false;
    if (errno != EINTR) return true;  // let the read or write report the error
  }
}

// The descriptor a program's stderr goes to (above fd 2, close-on-exec), or
// -1 with errno set.
int open_log(const std::filesystem::path& log) {
  if (log.empty()) return above_stdio(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  // arena's own stderr is shared, not reopened: reopening fails for a socket.
  if (log == "/dev/stderr") return ::fcntl(2, F_DUPFD_CLOEXEC, 3);
  return above_stdio(::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
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
                       const std::filesystem::path& cwd, const std::filesystem::path& log) {
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) {
    const int error = errno;
    for (int fd : {in[0], in[1], out[0], out[1]})
      close_fd(fd);
    throw BotError(Fault::kCrashed, fmt::format("cannot make pipes: {}", std::strerror(error)));
  }
  const int err = open_log(log);
  if (err < 0) {
    // Else the program would write its stderr on arena's, where nobody looks for it.
    const int error = errno;
    for (int fd : {in[0], in[1], out[0], out[1]})
      close_fd(fd);
    throw BotError(Fault::kCrashed,
                   fmt::format("cannot open its log {}: {}",
                               log.empty() ? "/dev/null" : log.string(), std::strerror(error)));
  }
  // With arena's own stdin, stdout or stderr closed a pipe could land on fd
  // 0-2, where the child's dup2 calls would overwrite one with another.
  for (int* fd : {&in[0], &in[1], &out[0], &out[1]})
    *fd = above_stdio(*fd);
  // Everything the child touches is prepared here: after fork it only makes system calls.
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string dir = cwd.string();
  const pid_t parent = ::getpid();
  int fork_error = 0;
  pid_ = spawner.run([&]() -> pid_t {
    const pid_t pid = ::fork();
    if (pid < 0) fork_error = errno;   // errno is the spawner thread's
    if (pid > 0) ::setpgid(pid, pid);  // as the child does: the group exists before any kill
    if (pid != 0) return pid;
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // arena died before the signal was set
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err, 2);
    // Nothing else of arena's (results files, other bots' pipes) reaches the program.
    ::close_range(3, ~0U, 0);
    if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(126);
    ::signal(SIGPIPE, SIG_DFL);
    ::execv(args[0], args.data());  // argv[0] is the resolved path (bots.cpp)
    ::_exit(127);
  });
  ::close(in[0]);
  ::close(out[1]);
  ::close(err);
  to_bot_ = in[1];
  from_bot_ = out[0];
  if (pid_ < 0) {
    close_fd(to_bot_);
    close_fd(from_bot_);
    throw BotError(Fault::kCrashed,
                   fmt::format("cannot start {}: {}", argv.front(), std::strerror(fork_error)));
  }
  ::fcntl(to_bot_, F_SETFL, O_NONBLOCK);
  ::fcntl(from_bot_, F_SETFL, O_NONBLOCK);
}

BotProcess::~BotProcess() {
  kill();
}

void BotProcess::fail(Fault fault, const std::string& why) {
  kill();
  throw BotError(fault, why);
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
      kill();
      throw BotError(Fault::kCrashed,
                     fmt::format("it stopped reading its input ({})", how_it_ended()));
    }
    if (!wait_for(to_bot_, POLLOUT, deadline))
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
      if (end > kMaxLine) {
        fail(Fault::kProtocolError,
             fmt::format("a line longer than {} bytes: {}...", kMaxLine, buffer_.substr(0, 200)));
      }
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (spin) backoff_.spun(!slept);
      return line;
    }
    if (buffer_.size() > kMaxLine) {
      fail(Fault::kProtocolError,
           fmt::format("a line longer than {} bytes: {}...", kMaxLine, buffer_.substr(0, 200)));
    }
    char chunk[65536];
    const ssize_t n = ::read(from_bot_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
    } else if (n == 0) {
      exited_within(std::chrono::milliseconds(100));
      const std::string how = how_it_ended();
      kill();
      throw BotError(Fault::kCrashed, "it closed its output (" + how + ")");
    } else if (errno != EAGAIN && errno != EINTR) {
      fail(Fault::kCrashed, fmt::format("cannot read its output: {}", std::strerror(errno)));
    } else if (errno == EAGAIN && BotClock::now() >= spin_until) {
      slept = true;
      if (!wait_for(from_bot_, POLLIN, deadline)) fail(Fault::kOverBudget, "no reply in time");
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
      if (out.size() < kMaxLine) out.append(chunk, static_cast<size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      closed = true;
    } else if (errno == EAGAIN) {
      // A child of the bot may hold its output open after the bot exits.
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

bool BotProcess::exited_within(std::chrono::milliseconds wait) {
  if (reaped_) return true;
  const auto until = BotClock::now() + wait;
  for (;;) {
    // Noticed without reaping: while it is a zombie its pid cannot be reused,
    // so killing its process group (what it started) hits nobody else.
    siginfo_t info{};
    const int r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid_) {
      reap();
      return true;
    }
    if (r < 0 && errno == ECHILD) {  // reaped already: nothing of it is left to signal
      reaped_ = true;
      return true;
    }
    if (BotClock::now() >= until) return false;
    ::usleep(1000);
  }
}

void BotProcess::reap() {
  ::kill(-pid_, SIGKILL);  // the program's own children, if it left any
  ::kill(pid_, SIGKILL);   // itself, even if it left its group
  while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
}

void BotProcess::kill() {
  if (pid_ > 0 && !reaped_) reap();
  close_fd(to_bot_);
  close_fd(from_bot_);
}

std::string BotProcess::how_it_ended() const {
  if (!reaped_) return "still running";
  if (WIFEXITED(status_)) {
    const int code = WEXITSTATUS(status_);
    return code == 127 ? "exit code 127: the program could not be run"
                       : fmt::format("exit code {}", code);
  }
  if (WIFSIGNALED(status_)) return fmt::format("killed by signal {}", WTERMSIG(status_));
  return "ended";
}

}  // namespace arena
