// `arena solve PUZZLE [FILE] [--show]`: the optimum of each puzzle in FILE, by
// the engine's EngineSpec::solve (rooks: judge-format boards).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"

namespace arena {

int solve_command(const SolveOptions& options, const Registry& registry) {
  const EngineSpec* engine = registry.find(options.engine);
  if (!engine || !engine->solve) {
    fmt::print(stderr, "arena: solve: unknown puzzle '{}'; puzzles: {}\n", options.engine,
               fmt::join(registry.names_where([](auto& e) { return bool(e.solve); }), ", "));
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
  return engine->solve(in, name, options.show);
}

}  // namespace arena
