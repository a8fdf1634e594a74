// The command line of arena (harness/cli/cli_main.hpp).
//
// Each subcommand is declared by one add_* function: its options, and the
// callback that runs it (harness/cli/commands.hpp) once the command line
// parsed, setting the exit code.
#include "harness/cli/cli_main.hpp"

#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <memory>
#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "harness/adapters/adapters.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/distributed.hpp"
#include "harness/cli/flags.hpp"
#include "harness/cli/train_command.hpp"
#include "harness/config/config.hpp"

namespace arena {
namespace {

// `--shard I/N`, parsed once into (I, N).
void add_shard_option(CLI::App* sub, RunOptions& options) {
  sub->add_option_function<std::string>(
         "--shard",
         [&options](const std::string& text) {
           // Digits only on each side: no sign, space or wrap-around (sscanf's %u took all three).
           const auto number = [](std::string_view digits) -> uint64_t {
             uint64_t value = 0;
             const char* end = digits.data() + digits.size();
             const auto [at, error] = std::from_chars(digits.data(), end, value);
             return !digits.empty() && error == std::errc() && at == end ? value : 0;
           };
           const size_t slash = text.find('/');
           const uint64_t i = slash == std::string::npos ? 0 : number(text.substr(0, slash));
           const uint64_t n = slash == std::string::npos ? 0 : number(text.substr(slash + 1));
           if (i < 1 || n < 1 || i > n || n > 100000) {
             throw CLI::ValidationError("--shard", "'" + text + "' is not I/N with 1 <= I <= N");
           }
           options.shard = std::make_pair(i, n);
         },
         "play slice I of N of the games (whole series), for 'arena merge'; results in "
         "results/<name>.shard-I-of-N/")
      ->type_name("I/N");
}

void add_run(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<RunOptions>();
  auto* run = app.add_subcommand("run",
                                 "play the games of a config; write summary.json, games.csv, "
                                 "config.resolved.yaml and report.html");
  path_option(run, "config", options->config_path, "CONFIG.yaml", "YAML config file")->required();
  integer_option(run, "--threads", options->threads, 0, kMaxThreads,
                 "worker threads, 0 = all cores (default: the config's 'threads', else all "
                 "cores); results do not depend on it");
  integer_option(run, "--games", options->games, 1, kMaxGames,
                 "number of games (overrides 'games')");
  integer_option(run, "--seed", options->seed, 0, UINT64_MAX,
                 "master seed, 0 to 2^64-1 (overrides 'seed')")
      ->type_name("S");
  path_option(run, "--out", options->out, "DIR",
              "results folder (default: results/<config name>/); replaced only by a complete run");
  run->add_flag("--quiet,-q", options->quiet,
                "no progress on stderr (forfeits and faults are still reported)");
  run->add_flag("--resume", options->resume,
                "continue the interrupted run of this config from its checkpoint (same config "
                "and flags; any --threads); a run already complete is left as it is (exit 0)");
  add_shard_option(run, *options);
  real_option(run, "--checkpoint-every", options->checkpoint_seconds, 0, 86400,
              "seconds between checkpoints (default 5)")
      ->type_name("S");
  real_option(run, "--report-every", options->report_seconds, 0, 86400,
              "seconds between rewrites of the live report, report.html in the hidden staging "
              "folder while the games play (default 3; 0: none)")
      ->type_name("S");
  run->add_flag("--detail", options->detail,
                "also print the full tables (every pair, crosstable, groups, both ratings) "
                "before the summary");
  run->add_flag("--strict", options->strict,
                "exit 3 when a published figure in the config's 'expect' is not reproduced");
  run->callback([options, &registry, &exit_code] { exit_code = run_command(*options, registry); });
}

void add_train(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<TrainOptions>();
  auto* train = app.add_subcommand(
      "train",
      "teach a Go Fish q-learning player to ask by Q-learning (the config's 'train' section): "
      "write policy.json, train.json, learning_curve.csv, report.html and config.trained.yaml");
  path_option(train, "config", options->config_path, "CONFIG.yaml",
              "YAML config file with a 'train' section")
      ->required();
  integer_option(train, "--threads", options->threads, 0, kMaxThreads,
                 "worker threads, 0 = all cores (default: the config's 'threads', else all "
                 "cores); the table learnt does not depend on it");
  integer_option(train, "--seed", options->seed, 0, UINT64_MAX,
                 "master seed, 0 to 2^64-1 (overrides 'seed')")
      ->type_name("S");
  path_option(train, "--out", options->out, "DIR",
              "results folder (default: results/<config name>/); replaced only when training ends");
  train->add_flag("--quiet,-q", options->quiet, "no progress on stderr");
  train->add_flag("--resume", options->resume,
                  "continue interrupted training of this config from its checkpoint (same "
                  "config and flags; any --threads); finished training is left as it is (exit 0)");
  train->callback(
      [options, &registry, &exit_code] { exit_code = train_command(*options, registry); });
}

void add_tune(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<TuneOptions>();
  auto* tune = app.add_subcommand(
      "tune",
      "search a player's numeric parameters by the config's 'tune' section (SPSA as fishtest "
      "runs it, or a genetic algorithm), then verify the result in a match of its own; write "
      "tune.json, trajectory.csv, config.tuned.yaml and report.html");
  path_option(tune, "config", options->config_path, "CONFIG.yaml",
              "YAML config file with a 'tune' section")
      ->required();
  integer_option(tune, "--threads", options->threads, 0, kMaxThreads,
                 "worker threads, 0 = all cores (default: the config's 'threads', else all "
                 "cores); results do not depend on it");
  integer_option(tune, "--seed", options->seed, 0, UINT64_MAX,
                 "master seed, 0 to 2^64-1 (overrides 'seed')")
      ->type_name("S");
  path_option(
      tune, "--out", options->out, "DIR",
      "results folder (default: results/<config name>/); replaced only by a complete tuning");
  tune->add_flag("--quiet,-q", options->quiet, "no progress on stderr");
  tune->add_flag("--resume", options->resume,
                 "continue the interrupted tuning of this config from its checkpoint (same "
                 "config and flags; any --threads); one already complete is left as it is");
  real_option(tune, "--checkpoint-every", options->checkpoint_seconds, 0, 86400,
              "seconds between checkpoints, taken between steps (default 5; 0: every step)")
      ->type_name("S");
  tune->callback(
      [options, &registry, &exit_code] { exit_code = tune_command(*options, registry); });
}

void add_list(CLI::App& app, const Registry& registry, int& exit_code) {
  auto engine = std::make_shared<std::optional<std::string>>();
  auto* list = app.add_subcommand(
      "list",
      "show every engine (or only ENGINE): its modes, rules and strategies, and every "
      "parameter with its default");
  list->add_option_function<std::string>(
          "engine", [engine](const std::string& name) { *engine = name; },
          "only this engine (default: all)")
      ->type_name("ENGINE");
  list->callback([engine, &registry, &exit_code] { exit_code = list_command(registry, *engine); });
}

void add_solve(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<SolveOptions>();
  auto* solve = app.add_subcommand(
      "solve",
      "solve puzzles: 'arena solve rooks [FILE]' prints one optimum per judge-format board "
      "(boards: a line with n, then n rows of '.' and 'X'; a line 0 ends), exactly; 'arena "
      "solve chinese-checkers --solitaire' the shortest crossing of the star by one player "
      "alone that its search finds (27 moves, the published shortest)");
  solve
      ->add_option("puzzle", options->engine,
                   fmt::format("the puzzle: {}", fmt::join(puzzle_names(registry), " | ")))
      ->required()
      ->type_name("PUZZLE");
  solve
      ->add_option_function<std::string>(
          "file", [options](const std::string& file) { options->file = file; },
          "boards to read (default: standard input; not with --solitaire)")
      ->type_name("FILE");
  solve->add_flag("--show", options->show,
                  "also print each placement, 'R' for rooks; with --solitaire the board after "
                  "every move");
  solve->add_flag("--solitaire", options->solitaire,
                  "the engine's one-player puzzle (chinese-checkers: move all ten pieces to the "
                  "opposite triangle in the fewest moves)");
  integer_option(solve, "--beam", options->beam, 1, 200'000,
                 "with --solitaire: positions the search keeps at each depth, at most 200000 "
                 "(chinese-checkers: default 5000; 200000 takes about 12 s and 115 MB, and finds "
                 "27 moves too)");
  path_option(solve, "--out", options->out, "DIR",
              "with --solitaire: also write the solution to DIR/solution.json (the shape of "
              "'arena replay --json') and DIR/solution.html (its replay page)");
  solve->callback(
      [options, &registry, &exit_code] { exit_code = solve_command(*options, registry); });
}

void add_layouts(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<LayoutsOptions>();
  auto* sub = app.add_subcommand(
      "layouts",
      "count exactly the legal fleet layouts of a config's rules, or of an engine's default "
      "rules: arena layouts battleship (ships told apart by name)");
  sub->add_option(
         "source", options->source,
         fmt::format(
             "a config file, or an engine for its default rules: {}",
             fmt::join(registry.names_where([](auto& e) { return bool(e.layouts); }), " | ")))
      ->required()
      ->type_name("CONFIG.yaml|ENGINE");
  sub->add_flag("--heat", options->heat,
                "also the share of the layouts with a ship on each cell, as a grid in percent");
  sub->add_flag("--json", options->json,
                "one JSON object (the count as a string of digits; with --heat, the shares "
                "row by row) instead of text");
  sub->callback(
      [options, &registry, &exit_code] { exit_code = layouts_command(*options, registry); });
}

void add_merge(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<MergeOptions>();
  auto* merge = app.add_subcommand(
      "merge",
      "combine the shards of one run ('arena run CONFIG --shard I/N', every I once) into the "
      "results of the whole run");
  merge->add_option("dirs", options->dirs, "the shards' results folders")
      ->required()
      ->type_name("DIR...");
  path_option(merge, "--out", options->out, "DIR",
              "results folder (default: results/<config name>/)");
  merge->add_flag("--detail", options->detail,
                  "also print the full tables (every pair, crosstable, groups, both ratings) "
                  "before the summary");
  merge->callback(
      [options, &registry, &exit_code] { exit_code = merge_command(*options, registry); });
}

void add_report(CLI::App& app, int& exit_code) {
  auto dir = std::make_shared<std::string>();
  auto* report = app.add_subcommand(
      "report", "regenerate DIR/report.html (charts and tables of a run) from DIR/summary.json");
  path_option(report, "dir", *dir, "DIR", "a results folder written by 'arena run'")->required();
  report->callback([dir, &exit_code] { exit_code = report_command(*dir); });
}

void add_replay(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<ReplayOptions>();
  auto* replay = app.add_subcommand(
      "replay",
      "show one game of a run move by move, with the board after each move; from the seed, or "
      "from moves.jsonl.gz for games the seed cannot rebuild; checked against games.csv");
  path_option(replay, "dir", options->dir, "DIR", "a results folder written by 'arena run'")
      ->required();
  integer_option(replay, "--game", options->game, 0, UINT64_MAX,
                 "the game's index (games.csv's first column)")
      ->required();
  replay
      ->add_option("--variant", options->variant,
                   "where variants play apart on one board each (battleship solo, rooks): only "
                   "this one's; refused where they play each other")
      ->type_name("NAME");
  auto* json =
      replay->add_flag("--json", options->json,
                       "print the moves and boards as JSON (docs/results.md); not with --html");
  path_option(replay, "--html", options->html, "FILE",
              "write a self-contained page that steps through the game; not with --json")
      ->excludes(json);
  replay->callback(
      [options, &registry, &exit_code] { exit_code = replay_command(*options, registry); });
}

void add_perft(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<PerftOptions>();
  auto* perft = app.add_subcommand(
      "perft",
      "count the move sequences from the start position, for each depth up to D (moves are "
      "distinct (from, to) pairs); checks and times the move generator");
  perft
      ->add_option(
          "game", options->engine,
          fmt::format(
              "the game: {}",
              fmt::join(registry.names_where([](auto& e) { return bool(e.perft); }), " | ")))
      ->required()
      ->type_name("GAME");
  integer_option(perft, "--depth", options->depth, 1, 8, "deepest depth to count (1 to 8)")
      ->required()
      ->type_name("D");
  integer_option(perft, "--players", options->players, 1, 100,
                 "players at the table, as the game allows (default 2)")
      ->type_name("P");
  perft->callback(
      [options, &registry, &exit_code] { exit_code = perft_command(*options, registry); });
}

void add_bench(CLI::App& app, const Registry& registry, int& exit_code) {
  auto threads = std::make_shared<std::optional<int>>();
  auto* bench = app.add_subcommand(
      "bench",
      "play a fixed list of deterministic games of every engine and strategy; print the "
      "decisions, a signature (hash of every move) and the time taken");
  integer_option(bench, "--threads", *threads, 0, kMaxThreads,
                 "worker threads, 0 = all cores (default)");
  bench->callback([threads, &registry, &exit_code] {
    exit_code = bench_command(registry, threads->value_or(0));
  });
}

void add_new(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<NewOptions>();
  auto* sub = app.add_subcommand(
      "new",
      "print a commented config for ENGINE with every rule and parameter at its default, one "
      "player per STRATEGY (default: every strategy): arena new battleship density > my.yaml");
  sub->add_option("engine", options->engine, "the engine (see 'arena list')")
      ->required()
      ->type_name("ENGINE");
  sub->add_option("strategies", options->strategies, "strategies to play, in order")
      ->type_name("STRATEGY...");
  sub->callback([options, &registry, &exit_code] { exit_code = new_command(*options, registry); });
}

void add_check_bot(CLI::App& app, const Registry& registry, int& exit_code) {
  auto options = std::make_shared<CheckBotOptions>();
  auto* sub = app.add_subcommand(
      "check-bot",
      "play a program that speaks Arena's line protocol (docs/protocol.md) through a few games "
      "and report what it got wrong: arena check-bot battleship -- python3 my_bot.py");
  sub->add_option("engine", options->engine, "the engine (see 'arena list')")
      ->required()
      ->type_name("ENGINE");
  sub->add_option("command", options->command, "the program and its arguments, after --")
      ->type_name("-- COMMAND...");
  integer_option(sub, "--games", options->games, 1, 10000, "games per seat order (default 5)");
  real_option(sub, "--decision-ms", options->decision_ms, 0.001, 3.6e6,
              "a decision's budget in milliseconds (default 2000)")
      ->type_name("MS");
  sub->callback(
      [options, &registry, &exit_code] { exit_code = check_bot_command(*options, registry); });
}

void add_schema(CLI::App& app, const Registry& registry, int& exit_code) {
  app.add_subcommand("schema",
                     "print the JSON Schema of configs (engines, strategies and parameters "
                     "included), for editors: yaml-language-server $schema")
      ->callback([&registry, &exit_code] { exit_code = schema_command(registry); });
}

// Checks the SPRT bounds against the model's range (config files get the same check).
SprtTest sprt_of(double elo0, double elo1, double alpha, double beta, const std::string& model) {
  const SprtModel m = *value_of<SprtModel>(kSprtModelNames, model);
  const double max_elo = max_sprt_elo(m);
  for (const double bound : {elo0, elo1}) {
    if (std::abs(bound) > max_elo) {
      throw CLI::ValidationError("--elo0/--elo1",
                                 fmt::format("{} is out of range [{}, {}] for the {} model", bound,
                                             -max_elo, max_elo, model));
    }
  }
  if (elo1 <= elo0) throw CLI::ValidationError("--elo1", "must be greater than --elo0");
  return {elo0, elo1, alpha, beta, m};
}

void add_stats(CLI::App& app, int& exit_code) {
  struct Args {
    StatsOptions options;
    double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
    std::string model = "normalized";
  };
  auto args = std::make_shared<Args>();
  auto* stats = app.add_subcommand(
      "stats", "Elo, nElo, LOS and SPRT from counts: --wld W L D or --penta LL LD WL+DD WD WW");
  auto* wld =
      counts_option(stats, "--wld", args->options.trinomial, 3, "wins, losses, draws (or --penta)")
          ->type_name("W L D");
  auto* penta = counts_option(stats, "--penta", args->options.pentanomial, 5,
                              "pair counts LL, LD, WL+DD, WD, WW (or --wld)")
                    ->type_name("LL LD D WD WW");
  wld->excludes(penta);
  auto* elo0 = real_option(stats, "--elo0", args->elo0, -400, 400,
                           "SPRT H0 bound, in [-400, 400] (normalized: [-200, 200]); with --elo1")
                   ->type_name("A");
  auto* elo1 = real_option(stats, "--elo1", args->elo1, -400, 400,
                           "SPRT H1 bound, above --elo0; with --elo0")
                   ->type_name("B");
  elo0->needs(elo1);
  elo1->needs(elo0);
  real_option(stats, "--alpha", args->alpha, 1e-9, 0.999999999, "SPRT type I error (default 0.05)",
              "(0, 1)")
      ->type_name("a");
  real_option(stats, "--beta", args->beta, 1e-9, 0.999999999, "SPRT type II error (default 0.05)",
              "(0, 1)")
      ->type_name("b");
  choice_option(stats, "--model", args->model, names_of<SprtModel>(kSprtModelNames),
                "SPRT bounds are logistic or normalized Elo (default normalized)")
      ->type_name("M");
  stats->add_flag("--json", args->options.json, "one JSON object instead of a table");
  stats->callback([args, wld, penta, elo0, &exit_code] {
    if (wld->count() == 0 && penta->count() == 0)
      throw CLI::ValidationError("stats needs --wld W L D or --penta LL LD D WD WW");
    if (elo0->count() > 0)
      args->options.sprt = sprt_of(args->elo0, args->elo1, args->alpha, args->beta, args->model);
    exit_code = stats_command(args->options);
  });
}

}  // namespace

int cli_main(int argc, char** argv) {
  if (const std::string why = mpi_launch_refusal(built_with_mpi(), launched_processes());
      !why.empty()) {
    fmt::print(stderr, "{}\n", why);
    return 2;
  }
  const MpiSession mpi(argc, argv);  // under mpirun or srun: `arena run` spans every process
  const Registry registry = make_registry();

  CLI::App app{
      "arena: play seeded games between strategy variants in parallel, and report win "
      "rates, game metrics and decision latency",
      "arena"};
  app.formatter(help_formatter());
  app.set_version_flag("--version", std::string("arena ") + ARENA_VERSION);
  app.require_subcommand(1);
  int exit_code = 0;
  add_run(app, registry, exit_code);
  add_train(app, registry, exit_code);
  add_tune(app, registry, exit_code);
  add_list(app, registry, exit_code);
  add_new(app, registry, exit_code);
  add_schema(app, registry, exit_code);
  add_check_bot(app, registry, exit_code);
  add_solve(app, registry, exit_code);
  add_layouts(app, registry, exit_code);
  add_merge(app, registry, exit_code);
  add_report(app, exit_code);
  add_replay(app, registry, exit_code);
  add_perft(app, registry, exit_code);
  add_bench(app, registry, exit_code);
  add_stats(app, exit_code);
  try {
    app.parse(argc, argv);  // runs the chosen subcommand's callback
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "{}\n", usage_error(app, e));
    return 2;
  } catch (const std::system_error& e) {
    // SIGPIPE is ignored (for the bots' pipes), so `arena ... | head` ends here
    // when head closes the pipe: end quietly, as if by the signal.
    if (e.code() != std::errc::broken_pipe) throw;
    return 128 + SIGPIPE;
  }
  return exit_code;
}

}  // namespace arena
