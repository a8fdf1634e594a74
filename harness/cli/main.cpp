// arena: tournaments and benchmarks for game-playing strategies.
#include <charconv>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"

namespace {

// Accepts only plain decimal integers in [min, max], with a message naming the value.
CLI::Validator integer_in(uint64_t min, uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ec == std::errc::invalid_argument || stop != end) {
          return "'" + text + "' is not a non-negative integer";
        }
        if (ec == std::errc::result_out_of_range || value < min || value > max) {
          return fmt::format("{} is out of range [{}, {}]", text, min, max);
        }
        return "";
      },
      "");
}

// Reads an optional flag into `target` only when it was given.
template <class T>
void copy_if_given(const CLI::Option* option, const T& value, std::optional<T>& target) {
  if (option->count() > 0) target = value;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arena;
  const Registry registry = make_registry();

  CLI::App app{
      "arena: play seeded games between strategy variants in parallel, and report win "
      "rates, game metrics and decision latency"};
  app.set_version_flag("--version", std::string("arena ") + ARENA_VERSION);
  app.require_subcommand(1);

  RunOptions run_options;
  int threads = 0;
  uint64_t games = 0;
  uint64_t seed = 0;
  std::string out;
  auto* run = app.add_subcommand("run",
                                 "play the games of a config; write summary.json, "
                                 "games.csv and config.resolved.yaml");
  run->add_option("config", run_options.config_path, "YAML config file")
      ->required()
      ->type_name("CONFIG.yaml");
  auto* threads_option =
      run->add_option("--threads", threads,
                      "worker threads, 0 = all cores (default: the config's 'threads', else all "
                      "cores); results do not depend on it")
          ->type_name("N")
          ->check(integer_in(0, kMaxThreads));
  auto* games_option = run->add_option("--games", games, "number of games (overrides 'games')")
                           ->type_name("N")
                           ->check(integer_in(1, kMaxGames));
  auto* seed_option = run->add_option("--seed", seed, "master seed, 0 to 2^64-1 (overrides 'seed')")
                          ->type_name("S")
                          ->check(integer_in(0, UINT64_MAX));
  auto* out_option = run->add_option("--out", out,
                                     "results folder (default: results/<config name>/); replaced "
                                     "only by a complete run")
                         ->type_name("DIR");
  run->add_flag("--quiet,-q", run_options.quiet, "no progress on stderr");
  run->add_flag("--strict", run_options.strict,
                "exit 3 when a published figure in the config's 'expect' is not reproduced");

  app.add_subcommand("list", "show every engine, mode, strategy and parameter with its default");

  SolveOptions solve_options;
  std::string solve_file;
  auto* solve = app.add_subcommand(
      "solve",
      "solve judge-format boards exactly: 'arena solve rooks [FILE]' prints one optimum "
      "per board (boards: a line with n, then n rows of '.' and 'X'; a line 0 ends)");
  solve->add_option("puzzle", solve_options.engine, "the puzzle: rooks")->required();
  auto* solve_file_option =
      solve->add_option("file", solve_file, "boards to read (default: standard input)");
  solve->add_flag("--show", solve_options.show, "also print each placement, 'R' for rooks");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "arena: {} (see 'arena --help')\n", e.what());
    return 2;
  }

  if (app.got_subcommand("solve")) {
    if (solve_file_option->count() > 0) solve_options.file = solve_file;
    return solve_command(solve_options);
  }
  if (app.got_subcommand("list")) {
    fmt::print("{}", list_text(registry));
    return 0;
  }
  copy_if_given(threads_option, threads, run_options.threads);
  copy_if_given(games_option, games, run_options.games);
  copy_if_given(seed_option, seed, run_options.seed);
  copy_if_given(out_option, out, run_options.out);
  return run_command(run_options, registry);
}
