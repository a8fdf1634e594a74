// arena: tournaments and benchmarks for game-playing strategies.
#include <charconv>
#include <cmath>
#include <cstdio>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "harness/adapters/adapters.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/distributed.hpp"
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
  if (const std::string why = mpi_launch_refusal(built_with_mpi(), launched_processes());
      !why.empty()) {
    fmt::print(stderr, "{}\n", why);
    return 2;
  }
  const MpiSession mpi(argc, argv);  // under mpirun or srun: `arena run` spans every process
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
  run->add_flag("--resume", run_options.resume,
                "continue the interrupted run of this config from its checkpoint (same config "
                "and flags; any --threads)");
  std::string shard;
  auto* shard_option =
      run->add_option("--shard", shard,
                      "play slice I of N of the games (whole series), for 'arena merge'; "
                      "results in results/<name>.shard-I-of-N/")
          ->type_name("I/N")
          ->check(CLI::Validator(
              [](std::string& text) -> std::string {
                unsigned i = 0, n = 0;
                char slash = 0, extra = 0;
                if (std::sscanf(text.c_str(), "%u%c%u%c", &i, &slash, &n, &extra) != 3 ||
                    slash != '/' || i < 1 || n < 1 || i > n || n > 100000) {
                  return "'" + text + "' is not I/N with 1 <= I <= N";
                }
                return "";
              },
              ""));
  run->add_option("--checkpoint-every", run_options.checkpoint_seconds,
                  "seconds between checkpoints (default 5)")
      ->type_name("S")
      ->check(CLI::Range(0.0, 86400.0));
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

  MergeOptions merge_options;
  std::string merge_out;
  auto* merge = app.add_subcommand(
      "merge",
      "combine the shards of one run ('arena run CONFIG --shard I/N', every I once) into the "
      "results of the whole run");
  merge->add_option("dirs", merge_options.dirs, "the shards' results folders")
      ->required()
      ->type_name("DIR...");
  auto* merge_out_option =
      merge->add_option("--out", merge_out, "results folder (default: results/<config name>/)")
          ->type_name("DIR");

  std::string report_dir;
  auto* report = app.add_subcommand(
      "report", "regenerate DIR/report.html (charts and tables of a run) from DIR/summary.json");
  report->add_option("dir", report_dir, "a results folder written by 'arena run'")
      ->required()
      ->type_name("DIR");

  PerftOptions perft_options;
  auto* perft = app.add_subcommand(
      "perft",
      "count the move sequences from the start position, for each depth up to D (moves are "
      "distinct (from, to) pairs); checks and times the move generator");
  perft->add_option("game", perft_options.engine, "the game: chinese-checkers")->required();
  perft->add_option("--depth", perft_options.depth, "deepest depth to count (1 to 8)")
      ->required()
      ->type_name("D")
      ->check(integer_in(1, 8));
  perft->add_option("--players", perft_options.players, "players at the table: 2, 3, 4 or 6")
      ->type_name("P")
      ->check(CLI::IsMember({2, 3, 4, 6}));

  int bench_threads = 0;
  auto* bench = app.add_subcommand(
      "bench",
      "play a fixed list of deterministic games of every engine; print the decisions, "
      "a signature (hash of every move) and the time taken");
  bench->add_option("--threads", bench_threads, "worker threads, 0 = all cores (default)")
      ->type_name("N")
      ->check(integer_in(0, kMaxThreads));

  StatsOptions stats_options;
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  std::string model = "normalized";
  auto* stats = app.add_subcommand(
      "stats", "Elo, nElo, LOS and SPRT from counts: --wld W L D or --penta LL LD WL+DD WD WW");
  auto* wld = stats->add_option("--wld", stats_options.trinomial, "wins, losses, draws")
                  ->expected(3)
                  ->type_name("W L D");
  auto* penta =
      stats->add_option("--penta", stats_options.pentanomial, "pair counts LL, LD, WL+DD, WD, WW")
          ->expected(5)
          ->type_name("LL LD D WD WW");
  wld->excludes(penta);
  auto* elo0_option =
      stats->add_option("--elo0", elo0, "SPRT H0 bound, in [-400, 400] (normalized: [-200, 200])");
  auto* elo1_option = stats->add_option("--elo1", elo1, "SPRT H1 bound, above --elo0");
  elo0_option->needs(elo1_option);
  elo1_option->needs(elo0_option);
  stats->add_option("--alpha", alpha, "SPRT type I error (default 0.05)")
      ->check(CLI::Range(1e-9, 0.999999999));
  stats->add_option("--beta", beta, "SPRT type II error (default 0.05)")
      ->check(CLI::Range(1e-9, 0.999999999));
  stats
      ->add_option("--model", model,
                   "SPRT bounds are logistic or normalized Elo (default normalized)")
      ->check(CLI::IsMember({"logistic", "normalized"}));
  stats->add_flag("--json", stats_options.json, "one JSON object instead of a table");

  try {
    app.parse(argc, argv);
    if (app.got_subcommand("stats") && wld->count() == 0 && penta->count() == 0) {
      throw CLI::RequiredError("--wld or --penta");
    }
    if (app.got_subcommand("stats") && elo0_option->count() > 0) {
      const double max_elo =
          max_sprt_elo(model == "logistic" ? SprtModel::kLogistic : SprtModel::kNormalized);
      for (const double bound : {elo0, elo1}) {
        if (std::abs(bound) > max_elo) {
          throw CLI::ValidationError(
              "--elo0/--elo1", fmt::format("{} is out of range [{}, {}] for the {} model", bound,
                                           -max_elo, max_elo, model));
        }
      }
      if (elo1 <= elo0) throw CLI::ValidationError("--elo1", "must be greater than --elo0");
    }
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "arena: {} (see 'arena --help')\n", e.what());
    return 2;
  }

  if (app.got_subcommand("report")) return report_command(report_dir);
  if (app.got_subcommand("merge")) {
    if (merge_out_option->count() > 0) merge_options.out = merge_out;
    return merge_command(merge_options, registry);
  }
  if (app.got_subcommand("perft")) return perft_command(perft_options);
  if (app.got_subcommand("bench")) return bench_command(registry, bench_threads);
  if (app.got_subcommand("stats")) {
    if (elo0_option->count() > 0) {
      stats_options.sprt =
          SprtTest{elo0, elo1, alpha, beta,
                   model == "logistic" ? SprtModel::kLogistic : SprtModel::kNormalized};
    }
    return stats_command(stats_options);
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
  if (shard_option->count() > 0) {
    unsigned i = 0, n = 0;
    std::sscanf(shard.c_str(), "%u/%u", &i, &n);
    run_options.shard = std::make_pair(uint64_t{i}, uint64_t{n});
  }
  return run_command(run_options, registry);
}
