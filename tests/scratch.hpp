// Test support: the scratch folders of tests that write files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace arena::testing {

// This test process's scratch root, /tmp/arena-cli-test-PID: removed when
// every test of the process passed (tests/main.cpp), kept for a look when
// one failed.
inline std::filesystem::path scratch_root() {
  return std::filesystem::temp_directory_path() / ("arena-cli-test-" + std::to_string(::getpid()));
}

// A fresh folder per test case.
inline std::filesystem::path scratch(const std::string& name) {
  const std::filesystem::path dir = scratch_root() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace arena::testing
