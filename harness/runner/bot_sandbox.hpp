// How an external strategy's program is contained and limited
// (docs/protocol.md, Limits and Processes): what BotProcess starts, in which
// namespaces, with which limits.
//
// Contract: every program starts under arena_bot_init (bot_init_main.cpp),
// its init, which BotProcess clones into a PID namespace of its own (and a
// user namespace mapping only arena's user, when arena is not root) when the
// kernel allows, so the program's whole process tree ends with it; else the
// init is a child subreaper that kills what the program leaves (`sweep`).
// Limits are the kernel's: setrlimit for memory (address space), CPU time and
// file size, applied by the init to the program; the process limit is
// RLIMIT_NPROC in the program's own user namespace, or for root (whom
// RLIMIT_NPROC does not bind) a pids cgroup of its own; `network: false` and
// `scratch: true` run the init under bubblewrap. A limit this machine cannot
// enforce is refused when the config is loaded (unenforceable), never
// dropped. What the machine offers is probed once per arena process.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace arena {

// The limits of one external player (its params; docs/protocol.md, Limits).
struct BotLimits {
  int64_t memory_mb = 0;    // address space of each of its processes (RLIMIT_AS); 0: none
  int64_t cpu_seconds = 0;  // CPU time of its process in one game (RLIMIT_CPU, moved on); 0: none
  int64_t processes = 0;    // its processes and threads at once, itself included; 0: none
  int64_t file_mb = 0;      // size of a file it writes (RLIMIT_FSIZE); 0: none
  bool network = true;      // false: a network namespace with loopback only (bubblewrap)
  bool scratch = false;     // true: the file system read-only but a private /tmp (bubblewrap)
  bool pin = false;         // on its worker's core (BotPool picks the core)

  bool needs_bwrap() const { return !network || scratch; }
};

// A limit that cannot be enforced on this machine: the parameter's name and
// why, said so that the user can act; an empty `key` when every one can.
struct Unenforceable {
  std::string key;
  std::string why;
};
// Whether `limits` (and the init every program needs) can be enforced here.
Unenforceable unenforceable(const BotLimits& limits);

// A pids cgroup of one program (the process limit when arena is root):
// created with pids.max set, removed when destroyed (once its processes are
// gone). Throws std::runtime_error when it cannot be made.
class PidsCgroup {
 public:
  explicit PidsCgroup(int64_t max);
  ~PidsCgroup();
  PidsCgroup(const PidsCgroup&) = delete;
  PidsCgroup& operator=(const PidsCgroup&) = delete;

  // Its cgroup.procs, open for writing: the program joins by writing "0".
  int procs_fd() const { return procs_fd_; }
  // Whether a fork in it has failed for the limit (pids.events "max").
  bool hit_max() const;

 private:
  std::filesystem::path dir_;
  int procs_fd_ = -1;
};

// Why programs get no PID namespace here (then what a program leaves is
// swept when it ends, but survives kill -9 of arena); "" when they do.
const std::string& why_no_pid_namespace();

// How to start one program.
struct BotLaunch {
  // What the clone execs: arena_bot_init (or bwrap, which runs it) and the program.
  std::vector<std::string> argv;
  int clone_flags = 0;           // namespaces of the clone (CLONE_NEWPID, CLONE_NEWUSER)
  std::string uid_map, gid_map;  // written by the clone itself with CLONE_NEWUSER
  bool sweep = false;            // no PID namespace: stop the init with SIGTERM, not SIGKILL
  std::unique_ptr<PidsCgroup> cgroup;
};

// File descriptors the init is given: where it writes how the program ended,
// the cgroup.procs it joins the program to, and (with a CPU limit) where
// arena tells it of each new game.
inline constexpr int kStatusFd = 3;
inline constexpr int kCgroupFd = 4;
inline constexpr int kGameFd = 5;

// The launch of `program` (argv[0] a path) in `cwd` under `limits`. Throws
// std::runtime_error when a limit cannot be enforced (see unenforceable).
BotLaunch plan_launch(const std::vector<std::string>& program, const std::filesystem::path& cwd,
                      const BotLimits& limits);

// Code that runs in a clone of this threaded process before it execs: only
// system calls, made raw (no allocation, no lock, no sanitizer interceptor),
// and no ThreadSanitizer instrumentation (its runtime state is a copy of a
// process where other threads may have held its locks).
#define ARENA_IN_CLONE __attribute__((no_sanitize("thread")))

// A fork in the namespaces of `flags` (raw clone, SIGCHLD to the parent):
// -1 with errno, or the child's pid in the parent; in the child it runs
// `child(arg)`, which must exec or exit (ARENA_IN_CLONE).
pid_t clone_process(int flags, void (*child)(const void* arg), const void* arg);
// In such a child with CLONE_NEWUSER: maps its own user and group (no other
// id exists in the namespace); false when the kernel refuses.
bool write_id_maps(const char* uid_map, const char* gid_map);

}  // namespace arena
