// arena_bot_init: the first process of every external strategy's program
// (docs/protocol.md, Processes and Limits), started by BotProcess
// (harness/runner/bot_process.cpp) as
//
//   arena_bot_init [--status-fd N] [--cgroup-fd N] [--memory BYTES] [--cpu SECONDS]
//                  [--game-fd N] [--nproc N] [--file BYTES] [--sweep] -- PROGRAM [ARGS...]
//   arena_bot_init --probe          (exits 0: it runs, e.g. under bubblewrap)
//
// Contract: it starts PROGRAM (a path) as its only child with stdin, stdout
// and stderr as it got them, the resource limits asked for (setrlimit: an
// address space of BYTES, CPU seconds, processes of its user (in its user
// namespace), the size of a file it writes), after joining the cgroup whose
// cgroup.procs is open as --cgroup-fd, with no signal blocked or ignored but
// what PROGRAM sets itself, and SIGKILL as its parent-death signal. It keeps
// none of the program's pipes, so they close when the program's processes
// end. With --game-fd, every byte read there is a new game: the program's
// CPU limit is moved on to SECONDS more than the CPU time it has used
// (RLIMIT_CPU counts whole seconds: between SECONDS and SECONDS + 1 more),
// so that --cpu limits each game, not the program's life; its hard limit
// is then left as it was (raising it back would need privilege), so a
// program that handles SIGXCPU is stopped by arena's decision budget. When the program ends it
// writes "STATUS CPU_US MAXRSS_KIB\n" (its wait status, CPU time in microseconds and peak resident
// size, from wait4) on
// --status-fd, then exits 0. It is the init of the program's PID namespace
// when arena could make one: its exit then makes the kernel kill every
// process left in it, whatever session or group they moved to. With --sweep
// (no namespace) it is a child subreaper instead: orphans of the program
// become its children, and it kills them all before it exits. SIGTERM makes
// it kill the program (and, with --sweep, the rest) and exit as above.
//
// It is a program of its own, not arena forked, so that a bot's first process
// holds no copy of arena's memory. It uses nothing but the C library.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <dirent.h>

namespace {

struct Options {
  int status_fd = -1;
  int cgroup_fd = -1;
  rlim_t memory = 0;  // bytes; 0: no limit
  rlim_t cpu = 0;     // seconds
  int game_fd = -1;   // a byte per new game: the CPU limit moves on (--cpu per game)
  rlim_t nproc = 0;
  rlim_t file = 0;  // bytes
  bool sweep = false;
  bool probe = false;
  char** program = nullptr;  // argv of the program, null-terminated
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "arena_bot_init: %s (it is started by arena, not by hand)\n", why);
  std::_Exit(125);
}

rlim_t number(const char* text) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') usage("a limit that is not a number");
  return static_cast<rlim_t>(value);
}

Options parse(int argc, char** argv) {
  Options o;
  int i = 1;
  for (; i < argc; ++i) {
    const char* a = argv[i];
    const auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage("an option without its value");
      return argv[++i];
    };
    if (std::strcmp(a, "--") == 0) {
      ++i;
      break;
    } else if (std::strcmp(a, "--probe") == 0) {
      o.probe = true;
    } else if (std::strcmp(a, "--sweep") == 0) {
      o.sweep = true;
    } else if (std::strcmp(a, "--status-fd") == 0) {
      o.status_fd = static_cast<int>(number(value()));
    } else if (std::strcmp(a, "--cgroup-fd") == 0) {
      o.cgroup_fd = static_cast<int>(number(value()));
    } else if (std::strcmp(a, "--memory") == 0) {
      o.memory = number(value());
    } else if (std::strcmp(a, "--cpu") == 0) {
      o.cpu = number(value());
    } else if (std::strcmp(a, "--game-fd") == 0) {
      o.game_fd = static_cast<int>(number(value()));
    } else if (std::strcmp(a, "--nproc") == 0) {
      o.nproc = number(value());
    } else if (std::strcmp(a, "--file") == 0) {
      o.file = number(value());
    } else {
      usage("an unknown option");
    }
  }
  if (!o.probe && i >= argc) usage("no program to run");
  o.program = argv + i;
  return o;
}

// Sets limit `resource` to `soft` (hard: `hard`), or within the hard limit
// already in force when that is lower (a stricter limit stays).
void limit(int resource, rlim_t soft, rlim_t hard, const char* name) {
  rlimit now{};
  ::getrlimit(resource, &now);
  rlimit want{std::min(soft, now.rlim_max), std::min(hard, now.rlim_max)};
  if (::setrlimit(resource, &want) != 0) {
    std::fprintf(stderr, "arena_bot_init: cannot set the %s limit: %s\n", name,
                 std::strerror(errno));
    std::_Exit(125);
  }
}

// The program's own process: limits, cgroup, signals, then exec.
[[noreturn]] void run_program(const Options& o, pid_t init, const sigset_t& mask) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != init) std::_Exit(125);  // the init died before the signal was set
  if (o.cgroup_fd >= 0) {
    // "0" is the writer: the program and all it starts count, the init does not.
    if (::write(o.cgroup_fd, "0\n", 2) != 2) {
      std::fprintf(stderr, "arena_bot_init: cannot join the process limit's cgroup: %s\n",
                   std::strerror(errno));
      std::_Exit(125);
    }
    ::close(o.cgroup_fd);
  }
  if (o.status_fd >= 0) ::close(o.status_fd);
  if (o.game_fd >= 0) ::close(o.game_fd);
  if (o.memory) limit(RLIMIT_AS, o.memory, o.memory, "memory");
  // SIGXCPU at the limit; SIGKILL a second later if the program handles that,
  // unless the limit moves on with each game (its hard limit must stay above).
  if (o.cpu) limit(RLIMIT_CPU, o.cpu, o.game_fd >= 0 ? RLIM_INFINITY : o.cpu + 1, "CPU time");
  if (o.nproc) limit(RLIMIT_NPROC, o.nproc, o.nproc, "process");
  if (o.file) limit(RLIMIT_FSIZE, o.file, o.file, "file size");
  // arena ignores SIGPIPE (a write to an ended bot is an error there, not a
  // signal); ignored signals survive exec, so the default is restored here.
  ::signal(SIGPIPE, SIG_DFL);
  ::sigprocmask(SIG_SETMASK, &mask, nullptr);
  ::execv(o.program[0], o.program);
  std::fprintf(stderr, "arena_bot_init: cannot run %s: %s\n", o.program[0], std::strerror(errno));
  std::_Exit(127);
}

// The parent of `pid` as /proc/PID/stat gives it, or -1.
pid_t parent_of(const char* pid) {
  char path[300];
  std::snprintf(path, sizeof path, "/proc/%s/stat", pid);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char text[512];
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return -1;
  text[n] = '\0';
  // "PID (COMM) STATE PPID ...": COMM may hold spaces and ')', so from the last ')'.
  const char* close_paren = std::strrchr(text, ')');
  if (!close_paren) return -1;
  char state = 0;
  int parent = -1;
  if (std::sscanf(close_paren + 1, " %c %d", &state, &parent) != 2) return -1;
  return parent;
}

// Kills every child left (orphans of the program came to this subreaper) and
// reaps them, until none is left: a child that forks as it is killed leaves
// an orphan that comes here too, and is found on the next pass.
void sweep() {
  const pid_t self = ::getpid();
  for (;;) {
    if (DIR* proc = ::opendir("/proc")) {
      while (const dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        if (parent_of(entry->d_name) == self) ::kill(std::atoi(entry->d_name), SIGKILL);
      }
      ::closedir(proc);
    }
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (::waitpid(-1, nullptr, WNOHANG) < 0 && errno == ECHILD) return;
    const timespec pause{0, 1'000'000};
    ::nanosleep(&pause, nullptr);
  }
}

// A new game: `program` may use `cpu` more seconds of CPU time from now.
void renew_cpu(pid_t program, rlim_t cpu) {
  clockid_t clock{};
  timespec used{};
  if (::clock_getcpuclockid(program, &clock) != 0 || ::clock_gettime(clock, &used) != 0) return;
  rlimit now{};
  if (::prlimit(program, RLIMIT_CPU, nullptr, &now) != 0) return;
  const rlim_t seconds = static_cast<rlim_t>(used.tv_sec) + (used.tv_nsec > 0 ? 1 : 0);
  const rlimit want{std::min(seconds + cpu, now.rlim_max), now.rlim_max};
  ::prlimit(program, RLIMIT_CPU, &want, nullptr);
}

void report(int fd, int status, const rusage& usage) {
  if (fd < 0) return;
  const long long cpu_us = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1'000'000LL +
                           usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
  char line[96];
  const int n = std::snprintf(line, sizeof line, "%d %lld %ld\n", status, cpu_us, usage.ru_maxrss);
  [[maybe_unused]] const ssize_t written = ::write(fd, line, static_cast<size_t>(n));
  ::close(fd);
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (o.probe) return 0;
  // SIGCHLD and SIGTERM are read from a signalfd below. Blocked, they also
  // reach a namespace's init, which ignores signals it has no handler for.
  sigset_t waited, mask;
  sigemptyset(&waited);
  sigaddset(&waited, SIGCHLD);
  sigaddset(&waited, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &waited, &mask);
  if (o.sweep) ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  const pid_t init = ::getpid();
  const pid_t program = ::fork();
  if (program < 0) {
    std::fprintf(stderr, "arena_bot_init: cannot start %s: %s\n", o.program[0],
                 std::strerror(errno));
    std::_Exit(125);
  }
  if (program == 0) {
    sigemptyset(&mask);  // what arena's thread blocked is not the program's affair
    run_program(o, init, mask);
  }
  // Only the program holds its pipes: when its processes end, arena reads end of file.
  if (o.cgroup_fd >= 0) ::close(o.cgroup_fd);
  const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  ::dup2(null, 0);
  ::dup2(null, 1);
  // SIGCHLD and SIGTERM come on a signalfd, polled with the game descriptor.
  const int signals = ::signalfd(-1, &waited, SFD_CLOEXEC);
  if (signals < 0) {
    std::fprintf(stderr, "arena_bot_init: no signalfd: %s\n", std::strerror(errno));
    ::kill(program, SIGKILL);
    int status = 0;
    rusage usage{};
    ::wait4(program, &status, 0, &usage);
    report(o.status_fd, status, usage);
    std::_Exit(0);
  }
  int game_fd = o.game_fd;
  for (;;) {
    pollfd watched[2] = {{signals, POLLIN, 0}, {game_fd, POLLIN, 0}};
    if (::poll(watched, game_fd >= 0 ? 2 : 1, -1) < 0) continue;  // EINTR
    if (watched[1].revents != 0) {
      char games[64];
      const ssize_t n = ::read(game_fd, games, sizeof games);
      if (n > 0) renew_cpu(program, o.cpu);
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) game_fd = -1;  // arena closed it
    }
    if ((watched[0].revents & POLLIN) == 0) continue;
    signalfd_siginfo info{};
    if (::read(signals, &info, sizeof info) == static_cast<ssize_t>(sizeof info) &&
        info.ssi_signo == SIGTERM) {
      ::kill(program, SIGKILL);
    }
    int status = 0;
    rusage usage{};
    for (pid_t pid; (pid = ::wait4(-1, &status, WNOHANG, &usage)) > 0;) {
      if (pid != program) continue;  // an orphan of the program, reaped
      report(o.status_fd, status, usage);
      if (o.sweep) sweep();
      std::_Exit(0);  // as a namespace's init: the kernel kills what is left
    }
  }
}
