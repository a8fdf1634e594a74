// Test support: runs the real `arena` binary in a scratch folder.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "harness/stats/summary.hpp"
#include "scratch.hpp"

namespace arena::testing {

// The Python bot tests need python3 3.9 or later, which the README's test
// command installs: without it they fail rather than pass unseen.
inline void require_python() {
  static const bool yes =
      std::system("python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2>/dev/null") == 0;
  if (!yes) FAIL("python3 (3.9 or later) is not installed; the README's test command installs it");
}

// True in a build with AddressSanitizer or ThreadSanitizer (the CI's
// checks), where games run 5 to 20 times slower than in Release (18 times for
// monte-carlo's bit loops under ASan+UBSan). A test whose run is long only so
// that a signal lands mid-run, or so that threads share it, keeps the same
// length in seconds there, not the same work (fewer games, or random instead
// of monte-carlo). The checks are the same, in a sanitizer stage of the CI
// that stays within its time.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#else
inline constexpr bool kSanitizerBuild = false;
#endif

// The source tree, and the Python bot that misbehaves on request.
inline const std::filesystem::path kSource = ARENA_SOURCE_DIR;
inline const std::string kFaultBot = (kSource / "tests/bots/fault_bot.py").string();

struct Outcome {
  int code = -1;
  std::string out;
  std::string err;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines of `text` wider than `columns` on a terminal (counted in
// characters, not bytes: "±" and "≈" are two and three bytes of UTF-8).
inline std::vector<std::string> lines_wider_than(const std::string& text, size_t columns) {
  std::vector<std::string> wide;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    size_t width = 0;
    for (const char c : line)
      width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (width > columns) wide.push_back(line);
  }
  return wide;
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Runs `env ENV arena ARGS` (ENV: NAME=VALUE words, may be empty) with
// stdout and stderr captured in `dir`.
inline Outcome arena_cli_env(const std::string& env, const std::string& args,
                             const std::filesystem::path& dir) {
  const auto out = dir / "stdout.txt";
  const auto err = dir / "stderr.txt";
  const std::string command = (env.empty() ? "" : "env " + env + " ") + std::string(ARENA_EXE) +
                              " " + args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(command.c_str());
  return {WEXITSTATUS(status), read_file(out), read_file(err)};
}

// Runs `body` (arena's code, in this process) with stdout and stderr
// captured in `dir`; its result is the exit code.
inline Outcome captured(const std::filesystem::path& dir, const std::function<int()>& body) {
  std::fflush(stdout);
  std::fflush(stderr);
  const int saved_out = ::dup(1);
  const int saved_err = ::dup(2);
  std::FILE* out = std::fopen((dir / "stdout.txt").c_str(), "w");
  std::FILE* err = std::fopen((dir / "stderr.txt").c_str(), "w");
  ::dup2(fileno(out), 1);
  ::dup2(fileno(err), 2);
  Outcome result;
  result.code = body();
  std::fflush(stdout);
  std::fflush(stderr);
  ::dup2(saved_out, 1);
  ::dup2(saved_err, 2);
  ::close(saved_out);
  ::close(saved_err);
  std::fclose(out);
  std::fclose(err);
  result.out = read_file(dir / "stdout.txt");
  result.err = read_file(dir / "stderr.txt");
  return result;
}

// Runs `arena ARGS` with stdout and stderr captured in `dir`.
inline Outcome arena_cli(const std::string& args, const std::filesystem::path& dir) {
  return arena_cli_env("", args, dir);
}

// Runs `arena ARGS` from `dir` (relative paths in ARGS are in `dir`), output captured there.
inline Outcome arena_in(const std::filesystem::path& dir, const std::string& args) {
  const auto out = dir / "stdout.txt";
  const auto err = dir / "stderr.txt";
  const std::string command = "cd '" + dir.string() + "' && " + std::string(ARENA_EXE) + " " +
                              args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(command.c_str());
  return {WEXITSTATUS(status), read_file(out), read_file(err)};
}

// Starts `arena ARGS` in `dir` in the background, sends `signal` after
// `seconds`, waits; the exit code (stderr in dir/err.txt).
inline int run_and_signal(const std::string& args, const char* signal, double seconds,
                          const std::filesystem::path& dir) {
  const std::string command = "cd " + dir.string() + " && (" + ARENA_EXE + " " + args +
                              " >/dev/null 2>err.txt & pid=$!; sleep " + std::to_string(seconds) +
                              "; kill -" + signal + " $pid; wait $pid; echo $? >rc.txt)";
  std::system(command.c_str());
  return std::stoi(read_file(dir / "rc.txt"));
}

// Starts `arena ARGS` in `dir` in the background and sends it `signal` as
// soon as the shell test `ready` holds (polled every 10 ms, for up to two
// minutes), whatever the machine's speed: e.g. once a checkpoint is on disk.
// Waits; returns the exit code (stdout in dir/out.txt, stderr in dir/err.txt).
inline int signal_when(const std::string& args, const char* signal, const std::string& ready,
                       const std::filesystem::path& dir) {
  const std::string command = "cd '" + dir.string() + "' && (" + ARENA_EXE + " " + args +
                              " >out.txt 2>err.txt & pid=$!; for i in $(seq 12000); do " + ready +
                              " && break; sleep 0.01; done; kill -" + signal +
                              " $pid; wait $pid; echo $? >rc.txt) 2>/dev/null";
  std::system(command.c_str());
  return std::stoi(read_file(dir / "rc.txt"));
}

// signal_when with kill -9.
inline void kill_when(const std::string& args, const std::string& ready,
                      const std::filesystem::path& dir) {
  signal_when(args, "9", ready, dir);
}

// summary.json without the fields that depend on timing.
inline nlohmann::json untimed(const std::filesystem::path& summary) {
  nlohmann::json j = nlohmann::json::parse(read_file(summary));
  for (const auto& field : arena::timing_fields()) {
    j.erase(field);
    for (auto& v : j["variants"])
      v.erase(field);
  }
  return j;
}

// Two results folders hold the same games and the same untimed summary.
// The same summary (timing aside) and, byte for byte, the same files per game:
// games.csv or games.csv.gz, and moves.jsonl.gz, whichever `a` has.
inline void require_same_results(const std::filesystem::path& a, const std::filesystem::path& b) {
  for (const char* name : {"games.csv", "games.csv.gz", "moves.jsonl.gz"}) {
    INFO(name);
    REQUIRE(std::filesystem::exists(a / name) == std::filesystem::exists(b / name));
    if (!std::filesystem::exists(a / name)) continue;
    REQUIRE(read_file(a / name) == read_file(b / name));
  }
  REQUIRE(untimed(a / "summary.json") == untimed(b / "summary.json"));
}

}  // namespace arena::testing
