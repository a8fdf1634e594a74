// Catch2's main, and then the scratch folder of the tests that write files
// (scratch.hpp): removed when every test passed, named when one failed.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <iostream>
#include <system_error>

#include "scratch.hpp"

int main(int argc, char* argv[]) {
  const int failed = Catch::Session().run(argc, argv);
  const std::filesystem::path root = arena::testing::scratch_root();
  std::error_code ignored;
  if (failed == 0)
    std::filesystem::remove_all(root, ignored);
  else if (std::filesystem::exists(root, ignored))
    std::cerr << "The failed tests' files are in " << root.string() << "\n";
  return failed;
}
