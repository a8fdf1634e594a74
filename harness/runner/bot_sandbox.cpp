#include "harness/runner/bot_sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace arena {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool executable(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// arena_bot_init: beside the running program (arena), else where the build put it.
fs::path find_bot_init(std::string& why) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) candidates.push_back(exe.parent_path() / "arena_bot_init");
#ifdef ARENA_BOT_INIT
  candidates.emplace_back(ARENA_BOT_INIT);
#endif
  for (const fs::path& p : candidates)
    if (executable(p)) return p;
  why = "arena_bot_init, which starts every external program, is missing (looked for";
  for (const fs::path& p : candidates) {
    why += ' ';  // not `" " + p.string()`: GCC 12 warns wrongly on it (-Wrestrict) when inlined
    why += p.string();
  }
  why += "): build it with arena (cmake --build build)";
  return {};
}

// What this machine offers, probed once per arena process.
struct Offer {
  fs::path init;  // arena_bot_init
  std::string no_init;
  int clone_flags = 0;  // namespaces every program gets
  std::string uid_map, gid_map;
  std::string no_namespaces;
};

struct Probe {
  int flags;
  const char* uid_map;
  const char* gid_map;
};

ARENA_IN_CLONE void probe_child(const void* arg) {
  const auto& p = *static_cast<const Probe*>(arg);
  const bool mapped = !(p.flags & CLONE_NEWUSER) || write_id_maps(p.uid_map, p.gid_map);
  ::syscall(SYS_exit_group, mapped ? 0 : 1);
}

// Whether a clone into `flags` (mapping ids with CLONE_NEWUSER) works here.
std::string try_namespaces(int flags, const std::string& uid_map, const std::string& gid_map) {
  const Probe probe{flags, uid_map.c_str(), gid_map.c_str()};
  const pid_t pid = clone_process(flags, probe_child, &probe);
  if (pid < 0) return std::strerror(errno);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0
             ? ""
             : "the user namespace's ids cannot be mapped";
}

const Offer& offer() {
  static const Offer probed = [] {
    Offer o;
    o.init = find_bot_init(o.no_init);
    const bool root = ::geteuid() == 0;
    const int flags = CLONE_NEWPID | (root ? 0 : CLONE_NEWUSER);
    o.uid_map = fmt::format("{0} {0} 1", ::geteuid());
    o.gid_map = fmt::format("{0} {0} 1", ::getegid());
    o.no_namespaces = try_namespaces(flags, o.uid_map, o.gid_map);
    if (o.no_namespaces.empty()) o.clone_flags = flags;
    return o;
  }();
  return probed;
}

// bubblewrap, found in PATH, or empty.
fs::path find_bwrap() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && executable(fs::path(dir) / "bwrap")) return fs::path(dir) / "bwrap";
  return {};
}

// What a scratch /tmp would hide that the program needs: `cwd` and the files
// its command names, when they are in /tmp (a config tried out there).
std::vector<fs::path> kept_from_tmp(const std::vector<std::string>& program, const fs::path& cwd) {
  std::vector<fs::path> kept;
  const auto keep = [&](const fs::path& path) {
    const fs::path p = path.lexically_normal();
    std::error_code ec;
    if (p.string().rfind("/tmp/", 0) != 0 || !fs::exists(p, ec)) return;
    for (const fs::path& k : kept)  // inside one kept already: seen through it
      if (p.string().rfind(k.string() + "/", 0) == 0 || p == k) return;
    kept.push_back(p);
  };
  if (!cwd.empty()) keep(cwd);
  for (const std::string& word : program)
    if (!word.empty()) keep(fs::path(word).is_absolute() ? fs::path(word) : cwd / word);
  return kept;
}

// bubblewrap's arguments before the init's, for `program` in `cwd` under `limits`.
std::vector<std::string> bwrap_args(const fs::path& bwrap, const std::vector<std::string>& program,
                                    const fs::path& cwd, const BotLimits& limits) {
  std::vector<std::string> args = {bwrap.string(), "--die-with-parent", "--unshare-pid",
                                   "--as-pid-1"};
  if (!limits.network) args.push_back("--unshare-net");
  if (limits.scratch) {
    for (const char* a : {"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs",
                          "/tmp", "--setenv", "TMPDIR", "/tmp"})
      args.emplace_back(a);
    for (const fs::path& kept : kept_from_tmp(program, cwd))
      args.insert(args.end(), {"--ro-bind", kept.string(), kept.string()});
  } else {
    for (const char* a : {"--dev-bind", "/", "/"})
      args.emplace_back(a);
  }
  if (!cwd.empty()) {
    args.emplace_back("--chdir");
    args.push_back(cwd.string());
  }
  args.emplace_back("--");
  return args;
}

// Runs `argv` with its stderr captured; "" when it exits 0, else what it said.
std::string run_captured(const std::vector<std::string>& argv) {
  int err[2];
  if (::pipe2(err, O_CLOEXEC) != 0) return std::strerror(errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int failed = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(err[1]);
  std::string said;
  char chunk[512];
  for (ssize_t n; (n = ::read(err[0], chunk, sizeof chunk)) > 0;)
    said.append(chunk, static_cast<size_t>(n));
  ::close(err[0]);
  if (failed) return std::strerror(failed);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  while (!said.empty() && (said.back() == '\n' || said.back() == ' '))
    said.pop_back();
  return said.empty() ? fmt::format("exit status {}", status) : said;
}

// Why bubblewrap cannot run programs for these limits here ("" when it can).
std::string bwrap_problem() {
  static const std::string problem = [] {
    const Offer& o = offer();
    const fs::path bwrap = find_bwrap();
    if (bwrap.empty())
      return std::string(
          "needs bubblewrap (bwrap), which is not installed (apt-get install "
          "bubblewrap)");
    if (o.init.empty()) return o.no_init;
    BotLimits all;
    all.network = false;
    all.scratch = true;
    std::vector<std::string> argv = bwrap_args(bwrap, {}, {}, all);
    argv.push_back(o.init.string());
    argv.emplace_back("--probe");
    const std::string said = run_captured(argv);
    return said.empty()
               ? said
               : fmt::format("needs bubblewrap, which cannot make its sandbox here ({})", said);
  }();
  return problem;
}

// The v1 "pids" or v2 hierarchy where arena, as root, may make a cgroup per
// program (checked by making one), or empty with `why`.
fs::path pids_cgroup_base(std::string& why) {
  // mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [TAGS...] - FSTYPE SOURCE SUPEROPTS
  std::istringstream mounts(read_text("/proc/self/mountinfo"));
  fs::path v1, v2;
  std::string v1_root;
  for (std::string line; std::getline(mounts, line);) {
    std::istringstream fields(line);
    std::string id, parent, dev, root, point, word, type, source, super;
    fields >> id >> parent >> dev >> root >> point;
    while (fields >> word && word != "-") {
    }
    fields >> type >> source >> super;
    if (type == "cgroup2" && v2.empty()) v2 = point;
    if (type == "cgroup" && ("," + super + ",").find(",pids,") != std::string::npos) {
      v1 = point;
      v1_root = root;
    }
  }
  fs::path base;
  if (!v1.empty()) {
    // This process's pids cgroup, "N:pids:/path" (controllers may share a line).
    std::istringstream groups(read_text("/proc/self/cgroup"));
    std::string path = "/";
    for (std::string line; std::getline(groups, line);) {
      const size_t a = line.find(':'), b = line.find(':', a + 1);
      if (b == std::string::npos) continue;
      if (("," + line.substr(a + 1, b - a - 1) + ",").find(",pids,") != std::string::npos)
        path = line.substr(b + 1);
    }
    if (path.rfind(v1_root, 0) == 0) path = path.substr(v1_root.size());
    base = v1 / fs::path(path).relative_path();
  } else if (!v2.empty() &&
             read_text(v2 / "cgroup.controllers").find("pids") != std::string::npos) {
    // The hierarchy's root is exempt from "no processes in an inner cgroup".
    base = v2;
    if (read_text(v2 / "cgroup.subtree_control").find("pids") == std::string::npos)
      std::ofstream(v2 / "cgroup.subtree_control") << "+pids";
  } else {
    why = "no cgroup file system with the pids controller is mounted (/sys/fs/cgroup)";
    return {};
  }
  const fs::path probe = base / fmt::format("arena-probe-{}", ::getpid());
  std::error_code ec;
  fs::create_directory(probe, ec);
  if (ec) {
    why = fmt::format("cannot make a cgroup in {}: {}", base.string(), ec.message());
    return {};
  }
  // A cgroup made where the pids controller is not enabled for children (a
  // root that holds processes refuses "+pids") has no pids.max: no limit.
  const bool limits = fs::exists(probe / "pids.max", ec);
  fs::remove(probe, ec);
  if (!limits) {
    why = fmt::format("the pids controller is not enabled for cgroups in {}", base.string());
    return {};
  }
  return base;
}

const fs::path& pids_base(std::string& why) {
  static std::string problem;
  static const fs::path base = pids_cgroup_base(problem);
  why = problem;
  return base;
}

std::atomic<int> g_cgroups{0};

}  // namespace

ARENA_IN_CLONE pid_t clone_process(int flags, void (*child)(const void* arg), const void* arg) {
  // Raw, like fork without glibc's handlers (x86-64 and arm64 order of arguments).
  const long pid = ::syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, 0);
  if (pid == 0) {
    child(arg);
    ::syscall(SYS_exit_group, 127);  // child() execs or exits; never here
  }
  return static_cast<pid_t>(pid);
}

ARENA_IN_CLONE bool write_id_maps(const char* uid_map, const char* gid_map) {
  const auto put = [](const char* path, const char* text) {
    const long fd = ::syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    size_t length = 0;
    while (text[length] != '\0')
      ++length;
    const bool ok = ::syscall(SYS_write, fd, text, length) == static_cast<long>(length);
    ::syscall(SYS_close, fd);
    return ok;
  };
  // An unprivileged user may map its own group only after giving up setgroups.
  return put("/proc/self/setgroups", "deny") && put("/proc/self/uid_map", uid_map) &&
         put("/proc/self/gid_map", gid_map);
}

Unenforceable unenforceable(const BotLimits& limits) {
  const Offer& o = offer();
  if (o.init.empty()) return {"command", o.no_init};
  if (limits.needs_bwrap()) {
    if (const std::string why = bwrap_problem(); !why.empty())
      return {limits.network ? "scratch" : "network", why};
  }
  if (limits.processes > 0) {
    if (::geteuid() == 0) {
      std::string why;
      if (pids_base(why).empty()) {
        return {"processes",
                fmt::format("a process limit for a program run as root needs a pids cgroup (root "
                            "is exempt from RLIMIT_NPROC), and {}; run arena as another user "
                            "(the limit then works in a user namespace) or leave it out",
                            why)};
      }
    } else if (!limits.needs_bwrap() && !o.no_namespaces.empty()) {
      return {"processes",
              fmt::format("a process limit needs a user namespace of the program's own (else it "
                          "would count all your processes), and this machine refuses one ({})",
                          o.no_namespaces)};
    }
  }
  return {};
}

const std::string& why_no_pid_namespace() {
  return offer().no_namespaces;
}

PidsCgroup::PidsCgroup(int64_t max) {
  std::string why;
  const fs::path& base = pids_base(why);
  if (base.empty()) throw std::runtime_error(why);
  dir_ = base / fmt::format("arena-{}-{}", ::getpid(), g_cgroups++);
  std::error_code ec;
  fs::create_directory(dir_, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot make {}: {}", dir_.string(), ec.message()));
  if (!(std::ofstream(dir_ / "pids.max") << max << std::flush)) {
    fs::remove(dir_, ec);
    throw std::runtime_error(fmt::format("cannot write {}", (dir_ / "pids.max").string()));
  }
  procs_fd_ = ::open((dir_ / "cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
  if (procs_fd_ < 0) {
    const int error = errno;
    fs::remove(dir_, ec);
    throw std::runtime_error(
        fmt::format("cannot open {}: {}", (dir_ / "cgroup.procs").string(), std::strerror(error)));
  }
}

PidsCgroup::~PidsCgroup() {
  if (procs_fd_ >= 0) ::close(procs_fd_);
  // Its processes are killed by now; the kernel may take a moment to empty it.
  for (int i = 0; i < 200 && ::rmdir(dir_.c_str()) != 0 && errno == EBUSY; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

bool PidsCgroup::hit_max() const {
  std::istringstream events(read_text(dir_ / "pids.events"));
  for (std::string key; events >> key;) {
    uint64_t count = 0;
    events >> count;
    if (key == "max") return count > 0;
  }
  return false;
}

BotLaunch plan_launch(const std::vector<std::string>& program, const fs::path& cwd,
                      const BotLimits& limits) {
  if (const Unenforceable u = unenforceable(limits); !u.key.empty())
    throw std::runtime_error(u.key + ": " + u.why);
  const Offer& o = offer();
  BotLaunch launch;
  if (limits.needs_bwrap()) {
    launch.argv = bwrap_args(find_bwrap(), program, cwd, limits);
  } else {
    launch.clone_flags = o.clone_flags;
    launch.uid_map = o.uid_map;
    launch.gid_map = o.gid_map;
    launch.sweep = o.clone_flags == 0;
  }
  launch.argv.push_back(o.init.string());
  const auto option = [&](const char* name, int64_t value) {
    launch.argv.emplace_back(name);
    launch.argv.push_back(std::to_string(value));
  };
  option("--status-fd", kStatusFd);
  constexpr int64_t kMiB = 1 << 20;
  if (limits.memory_mb > 0) option("--memory", limits.memory_mb * kMiB);
  if (limits.cpu_seconds > 0) {
    option("--cpu", limits.cpu_seconds);
    option("--game-fd", kGameFd);  // the limit is per game (BotProcess::new_game)
  }
  if (limits.file_mb > 0) option("--file", limits.file_mb * kMiB);
  if (limits.processes > 0) {
    if (::geteuid() == 0) {
      launch.cgroup = std::make_unique<PidsCgroup>(limits.processes);
      option("--cgroup-fd", kCgroupFd);
    } else {
      // Its own user namespace counts the program's processes and the init's.
      option("--nproc", limits.processes + 1);
    }
  }
  if (launch.sweep) launch.argv.emplace_back("--sweep");
  launch.argv.emplace_back("--");
  launch.argv.insert(launch.argv.end(), program.begin(), program.end());
  return launch;
}

}  // namespace arena
