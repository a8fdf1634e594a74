// `arena solve rooks [FILE] [--show]`: the optimum of each judge-format board.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"
#include "harness/cli/commands.hpp"

namespace arena {

int solve_command(const SolveOptions& options) {
  if (options.engine != "rooks") {
    fmt::print(stderr, "arena: solve: unknown puzzle '{}'; puzzles: rooks\n", options.engine);
    return 2;
  }
  std::ifstream file;
  if (options.file) {
    std::error_code ec;
    if (std::filesystem::is_directory(*options.file, ec)) {  // opens, and reads as no boards
      fmt::print(stderr, "{}:1:1: cannot read the boards: it is a folder, not a file\n",
                 *options.file);
      return 2;
    }
    file.open(*options.file);
    if (!file) {
      fmt::print(stderr, "{}:1:1: cannot read the boards: {}\n", *options.file,
                 std::strerror(errno));
      return 2;
    }
  }
  const std::string name = options.file ? *options.file : "<stdin>";
  std::istream& in = options.file ? static_cast<std::istream&>(file) : std::cin;
  try {
    for (const rooks::Board& board : rooks::parse_judge_format(in)) {
      const rooks::Placement best = rooks::solve_exact(board);
      fmt::print("{}\n", best.size());
      if (options.show) fmt::print("{}\n", rooks::render(board, best));
    }
  } catch (const rooks::JudgeFormatError& e) {
    fmt::print(stderr, "{}:{}:{}: {}\n", name, e.line(), e.column(), e.what());
    return 2;
  }
  return 0;
}

}  // namespace arena
