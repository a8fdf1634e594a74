// The subcommands of `arena`. Each returns the process exit code:
// 0 success, 1 the run itself failed, 2 bad input (config, flags, files),
// 3 (run --strict) a published figure in `expect` was not reproduced.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/output/results_dir.hpp"
#include "harness/registry/registry.hpp"
#include "harness/stats/sprt.hpp"

namespace arena {

struct BotSpec;  // harness/runner/bots.hpp

struct RunOptions {
  std::string config_path;
  std::optional<int> threads;  // overrides the config's; 0 = all cores
  std::optional<uint64_t> games;
  std::optional<uint64_t> seed;
  std::optional<std::string> out;
  bool quiet = false;
  bool strict = false;  // exit 3 when a published figure is not reproduced
  bool detail = false;  // print the full tables before the first screen
  bool resume = false;  // continue the interrupted run's checkpoint
  std::optional<std::pair<uint64_t, uint64_t>> shard;  // play slice I of N (1-based)
  double checkpoint_seconds = 5;
  // Seconds between rewrites of the live report (play_run: LiveReport); 0: none.
  double report_seconds = 3;
  // The config's YAML text, when it is not the file config_path (Python's
  // dict configs): config_path then only names it in messages.
  std::optional<std::string> config_text = std::nullopt;
  // false: the results are not printed (Python shows them its own way).
  bool print_results = true;
  // false: no progress bar or lines on stderr; unlike quiet, the notes (the
  // seed drawn, each kind of forfeit) are still told.
  bool progress = true;
  // How to continue an interrupted run, in the caller's words, "{out}"
  // standing for the results folder; empty: the `arena run ... --resume` line.
  std::string resume_hint = "";
  // The signal (SIGINT, SIGTERM) that ends the process at once: the second
  // in the CLI; Python asks for the third, so that a second Ctrl-C while the
  // games in flight finish does not end the interpreter.
  int signals_to_quit = 2;
  // Sees the spec of every external and python player before the run
  // starts: Python's arena.run gives its python players their links here.
  std::function<void(BotSpec&)> adjust_bot = nullptr;
  // Tests only: how the finished results folder is renamed into place
  // (StagedResults' seam, harness/output/results_dir.hpp); null: renameat2.
  RenameFolder rename_results = nullptr;
};

int run_command(const RunOptions& options, const Registry& registry);

// The config as written: config_text, else the file config_path. Throws ConfigError.
RunConfig written_config(const RunOptions& options, const Registry& registry);

// `arena run` for a caller in this process (Python): the same run and
// results, but bad input throws (ConfigError, InputError) instead of
// printing; returns 0 done, 1 failed, 3 (strict) not reproduced, 130
// interrupted (its checkpoint kept, as the CLI's). Without MPI.
int run_in_process(const RunOptions& options, const Registry& registry);

struct TuneOptions {
  std::string config_path;
  std::optional<int> threads;  // overrides the config's; 0 = all cores
  std::optional<uint64_t> seed;
  std::optional<std::string> out;
  bool quiet = false;
  bool resume = false;  // continue the interrupted tuning's checkpoint
  double checkpoint_seconds = 5;
};

// `arena tune`: searches the `tune:` section's parameters (docs/tuning.md);
// 0 done, 1 failed, 2 bad input, 130 interrupted (a checkpoint is left).
int tune_command(const TuneOptions& options, const Registry& registry);

struct SolveOptions {
  std::string engine;               // the puzzle (an engine with EngineSpec::solve)
  std::optional<std::string> file;  // judge-format boards; standard input when empty
  bool show = false;                // also print each placement ('R' for rooks)
  bool solitaire = false;           // the engine's one-player puzzle (EngineSpec::solitaire)
  std::optional<int> beam;          // --solitaire only
  std::optional<std::string> out;   // --solitaire only
};

// `arena solve rooks [FILE]`: one optimum per board, in input order.
// `arena solve ENGINE --solitaire [--beam N] [--out DIR] [--show]`: the
// engine's one-player puzzle (EngineSpec::solitaire), printed move by move
// and, with --out, written as DIR/solution.json and DIR/solution.html.
int solve_command(const SolveOptions& options, const Registry& registry);
// The puzzles `arena solve` takes: "rooks", then "chinese-checkers --solitaire".
std::vector<std::string> puzzle_names(const Registry& registry);

struct LayoutsOptions {
  std::string source;  // a config file, or an engine's name for its default rules
  bool heat = false;   // also each cell's share of the layouts
  bool json = false;   // one JSON object instead of text
};

// `arena layouts CONFIG.yaml|ENGINE`: the exact number of legal layouts of the
// rules (EngineSpec::layouts); 2 for bad input or an engine without layouts.
int layouts_command(const LayoutsOptions& options, const Registry& registry);

struct StatsOptions {
  std::vector<uint64_t> trinomial;    // wins, losses, draws
  std::vector<uint64_t> pentanomial;  // LL, LD, WL+DD, WD, WW
  std::optional<SprtTest> sprt;
  bool json = false;
};

// `arena stats`: the match statistics of counts given on the command line.
int stats_command(const StatsOptions& options);

struct PerftOptions {
  std::string engine;  // an engine with EngineSpec::perft
  int depth = 1;
  int players = 2;
};

// `arena perft chinese-checkers --depth D [--players P]`: move sequences from
// the start for every depth up to D, with the time each took.
int perft_command(const PerftOptions& options, const Registry& registry);

struct ReplayOptions {
  std::string dir;                     // a results folder of arena run (finished or interrupted)
  uint64_t game = 0;                   // the game index (games.csv's first column)
  std::optional<std::string> variant;  // where variants play apart: only this one's game
  bool json = false;                   // the documented JSON instead of text
  std::optional<std::string> html;     // a self-contained page that steps through the game
};

// `arena replay DIR --game N`: one game move by move, checked against games.csv.
int replay_command(const ReplayOptions& options, const Registry& registry);

struct MergeOptions {
  std::vector<std::string> dirs;  // shard results folders
  std::optional<std::string> out;
  bool detail = false;  // print the full tables before the first screen
};

// `arena merge DIR...`: the shards of one run combined into its whole results.
int merge_command(const MergeOptions& options, const Registry& registry);

// `arena report DIR`: rewrites DIR/report.html from DIR/summary.json.
int report_command(const std::string& dir);

// `arena bench`: plays the fixed suite and prints decisions, signature and time.
int bench_command(const Registry& registry, int threads);

// `arena list [ENGINE]`: every engine (or only ENGINE) with its modes, rules,
// strategies and parameters and their defaults; exit 2 for an unknown engine.
int list_command(const Registry& registry, const std::optional<std::string>& engine);
// The text it prints for one engine.
std::string list_text(const EngineSpec& engine);

struct NewOptions {
  std::string engine;
  std::vector<std::string> strategies;  // empty: every strategy of the engine
};

// `arena new ENGINE [STRATEGY...]`: prints a commented config with every rule and
// parameter at its default; exit 2 for an unknown engine or strategy.
int new_command(const NewOptions& options, const Registry& registry);
// The text it prints (`strategies` known to `engine`; empty: all of them).
std::string new_config_text(const EngineSpec& engine, std::vector<std::string> strategies);

struct CheckBotOptions {
  std::string engine;
  std::vector<std::string> command;  // the program and its arguments
  uint64_t games = 5;                // per table, twice that (both seat orders)
  double decision_ms = 2000;
  int64_t startup_ms = 5000;
};

// `arena check-bot ENGINE -- COMMAND...`: plays the bot through a few games and
// reports each fault with the messages before it; exit 0 when compliant, 1
// when a game was forfeited, 2 when the command cannot be found.
int check_bot_command(const CheckBotOptions& options, const Registry& registry);

// `arena schema`: prints the JSON Schema (draft-07) of configs.
int schema_command(const Registry& registry);
std::string config_schema(const Registry& registry);

}  // namespace arena
