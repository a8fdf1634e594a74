// `arena solve PUZZLE [FILE] [--show]`: the optimum of each puzzle in FILE, by
// the engine's EngineSpec::solve (rooks: judge-format boards); `arena solve
// ENGINE --solitaire [--beam N] [--out DIR] [--show]`: the engine's
// one-player puzzle, by EngineSpec::solitaire (Chinese Checkers: the crossing).
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/output/replay_page.hpp"

namespace arena {

std::vector<std::string> puzzle_names(const Registry& registry) {
  std::vector<std::string> names = registry.names_where([](auto& e) { return bool(e.solve); });
  for (const std::string& name : registry.names_where([](auto& e) { return bool(e.solitaire); }))
    names.push_back(name + " --solitaire");
  return names;
}

namespace {

// Writes `text` to `file`; "" or why not.
std::string write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (!out.flush()) return fmt::format("cannot write {}: {}", file.string(), std::strerror(errno));
  return "";
}

// DIR/solution.json (the replay's JSON) and DIR/solution.html (its page); "" or why not.
std::string write_solution(const std::string& dir, const nlohmann::ordered_json& replay) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create {}: {}", dir, ec.message());
  const std::filesystem::path base(dir);
  std::string why = write_text(base / "solution.json", replay.dump(2) + "\n");
  if (why.empty()) why = write_text(base / "solution.html", render_replay_page(replay));
  return why;
}

// The solution move by move, as `arena replay` prints a game (the board after
// each move with --show), then its summary.
int solve_solitaire(const SolveOptions& options, const EngineSpec& engine) {
  if (options.file) {
    fmt::print(stderr, "arena: solve: --solitaire reads no file ('{}'); leave it out\n",
               *options.file);
    return 2;
  }
  const auto begin = std::chrono::steady_clock::now();
  const SolitaireSolution solved = engine.solitaire(options.beam);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - begin;
  fmt::print(stderr, "arena: solve: searched for {:.1f} s\n", took.count());
  if (solved.replay.is_null()) {
    fmt::print("{}\n", solved.summary);
    return 1;
  }
  int k = 0;
  for (const auto& step : solved.replay.at("steps")) {
    fmt::print("{:2}. {}\n", ++k, step.at("text").get<std::string>());
    if (options.show)
      for (const auto& line : step.at("board"))
        fmt::print("{}\n", line.get<std::string>());
  }
  fmt::print("{}\n", solved.summary);
  if (options.out) {
    if (const std::string why = write_solution(*options.out, solved.replay); !why.empty()) {
      fmt::print(stderr, "arena: solve: --out: {}\n", why);
      return 2;
    }
    fmt::print("written: {}/solution.json, {}/solution.html\n", *options.out, *options.out);
  }
  return 0;
}

}  // namespace

int solve_command(const SolveOptions& options, const Registry& registry) {
  const EngineSpec* engine = registry.find(options.engine);
  const bool known = engine && (options.solitaire ? bool(engine->solitaire) : bool(engine->solve));
  if (!known) {
    const char* hint = engine && engine->solitaire ? " (did you mean --solitaire?)" : "";
    fmt::print(stderr, "arena: solve: unknown puzzle '{}{}'; puzzles: {}{}\n", options.engine,
               options.solitaire ? " --solitaire" : "", fmt::join(puzzle_names(registry), ", "),
               hint);
    return 2;
  }
  if (options.solitaire) return solve_solitaire(options, *engine);
  if (options.beam || options.out) {
    fmt::print(stderr, "arena: solve: {} is given with --solitaire only\n",
               options.beam ? "--beam" : "--out");
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
