// arena: tournaments and benchmarks for game-playing strategies.
#include "harness/cli/cli_main.hpp"

int main(int argc, char** argv) {
  return arena::cli_main(argc, argv);
}
