// `arena replay DIR --game N [--variant V] [--json | --html FILE]`: one game
// of a finished or interrupted run, move by move, with the board after every
// move and the game's result checked against games.csv.
//
// A game is rebuilt from the seed when every move in it follows from the
// seed; from its line in moves.jsonl.gz when the run recorded it (external
// programs, time-limited search, forfeits: see output.moves); otherwise
// replay explains why it cannot.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/cli/exit_code.hpp"
#include "harness/config/config.hpp"
#include "harness/output/append_file.hpp"
#include "harness/output/replay_page.hpp"
#include "harness/output/results_dir.hpp"
#include "harness/runner/bot_text.hpp"
#include "harness/runner/replay_game.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace fs = std::filesystem;
using OrderedJson = nlohmann::ordered_json;

namespace {

// The run whose game is shown: its config as resolved, and its match.
struct Run {
  RunConfig config;
  std::unique_ptr<Match> match;
};

Run load_run(const fs::path& dir, const Registry& registry) {
  const fs::path file = dir / "config.resolved.yaml";
  if (!fs::exists(file)) {
    throw InputError(fmt::format("{}: no config.resolved.yaml: not a results folder of arena run",
                                 dir.string()));
  }
  Run run{load_config(file.string(), registry), nullptr};
  if (!run.config.seed) throw InputError(file.string() + ": no seed (not written by arena run)");
  run.match = registry.find(run.config.engine)->make_match(run.config, *run.config.seed);
  return run;
}

// Game `game`'s line in the run's moves.jsonl.gz, if it recorded one.
std::optional<nlohmann::json> recorded(const fs::path& dir, uint64_t game) {
  const fs::path file = dir / kMovesFile;
  if (!fs::exists(file)) return std::nullopt;
  std::optional<nlohmann::json> found;
  const std::string prefix = fmt::format("{{\"game\":{},", game);
  for_each_line(file, [&](std::string_view line) {
    if (line.substr(0, prefix.size()) != prefix) return true;  // lines are in game order
    found = nlohmann::json::parse(line);
    return false;
  });
  return found;
}

// The rows of game `game` in the run's games.csv (plain or gzip), "" when it
// has none; nullopt when the run kept no games.csv.
std::optional<std::string> rows_in_games_csv(const fs::path& dir, uint64_t game) {
  fs::path file = dir / "games.csv";
  if (!fs::exists(file)) file = dir / "games.csv.gz";
  if (!fs::exists(file)) return std::nullopt;
  const std::string prefix = fmt::format("{},", game);
  std::string rows;
  for_each_line(file, [&](std::string_view line) {
    if (line.substr(0, prefix.size()) == prefix) {
      rows += line;
      rows += '\n';
    } else if (!rows.empty()) {
      return false;  // past the game's rows
    }
    return true;
  });
  return rows;
}

// The variant --variant names, in a mode where variants play apart.
int variant_index(const RunConfig& config, const ModeSpec& mode, const std::string& name) {
  if (!mode.apart) {
    throw InputError(fmt::format(
        "--variant {}: in mode '{}' of {} the variants play each other, so a game is shown "
        "whole; leave out --variant",
        name, mode.name, config.engine));
  }
  std::vector<std::string> names;
  for (const PlayerConfig& p : config.players)
    names.push_back(p.name);
  for (size_t v = 0; v < names.size(); ++v)
    if (names[v] == name) return static_cast<int>(v);
  throw InputError(fmt::format("--variant: no variant '{}' in this run; variants: {}{}", name,
                               fmt::join(names, ", "), did_you_mean(name, names)));
}

// Why game `game` cannot be shown, for a game that needs a record and has none.
std::string no_record_message(const RunConfig& config, uint64_t game, const NotFromSeed& why) {
  const char* level = config.output.moves == MovesRecord::kNone ? "none" : "not this game";
  return fmt::format(
      "game {} cannot be replayed: {}; and the run recorded no moves for it (output.moves: "
      "{}). Run again with output: {{moves: all}} to record every game.",
      game, why.what(), level);
}

OrderedJson result_json(const RunConfig& config, const Match& match, const ReplayedGame& g) {
  OrderedJson result = OrderedJson::array();
  for (const SeatResult& seat : g.seats) {
    OrderedJson metrics = OrderedJson::object();
    if (seat.has_metrics) {
      for (size_t m = 0; m < match.metrics().size(); ++m)
        metrics[match.metrics()[m].name] = seat.metrics[m];
    }
    result.push_back(
        {{"variant", config.players[static_cast<size_t>(seat.variant)].name},
         {"rank", seat.rank},
         {"outcome", outcome_of(seat, g.seats)},
         {"metrics", metrics},
         {"forfeit", seat.fault ? OrderedJson(fault_name(*seat.fault)) : OrderedJson(nullptr)}});
  }
  return result;
}

// What the comparison with games.csv found, in words.
std::string check_text(const std::string& check, const std::optional<std::string>& csv_rows) {
  if (check == "matches") return "The replayed result equals this game's rows in games.csv.";
  if (check == "absent") return "The run kept no games.csv to compare with.";
  if (check == "missing") return "games.csv has no rows for this game.";
  return "The replayed result DIFFERS from games.csv: " + *csv_rows;
}

OrderedJson replay_json(const fs::path& dir, const Run& run, const ReplayOptions& options,
                        bool apart, bool from_record, const ReplayedGame& g,
                        const GameReplay& replay, const std::optional<std::string>& csv_rows) {
  const RunConfig& config = run.config;
  std::vector<std::string> names;
  for (const PlayerConfig& p : config.players)
    names.push_back(p.name);
  const std::string rows = game_rows(options.game, g.seats, names, run.match->metrics().size());
  OrderedJson steps = OrderedJson::array();
  for (const ReplayStep& step : replay.steps) {
    steps.push_back(
        {{"variant", step.variant >= 0 ? OrderedJson(names[static_cast<size_t>(step.variant)])
                                       : OrderedJson(nullptr)},
         {"text", step.text},
         {"move", step.move},
         {"board", step.board}});
    if (!step.state.is_null()) steps.back()["state"] = step.state;
    if (!step.explain.is_null()) steps.back()["explain"] = step.explain;
  }
  OrderedJson seats = OrderedJson::array();
  for (const auto& [variant, group] : g.lineup)
    seats.push_back(names[static_cast<size_t>(variant)]);
  const char* check = !csv_rows           ? "absent"
                      : csv_rows->empty() ? "missing"
                      : *csv_rows == rows ? "matches"
                                          : "differs";
  const std::string source_text =
      from_record ? fmt::format("replayed from its record in {}", kMovesFile)
                  : fmt::format(
                        "replayed from the seed {} (every move follows from the seed and "
                        "the game index)",
                        *config.seed);
  return {{"run", dir.string()},
          {"engine", config.engine},
          {"mode", config.mode.name},
          {"game", options.game},
          {"seed", *config.seed},
          {"source", from_record ? "record" : "seed"},
          {"source_text", source_text},
          {"variants", names},
          {"apart", apart},
          {"seats", seats},
          {"legend", replay.legend},
          {"start", replay.start},
          {"start_state", replay.start_state},
          {"steps", steps},
          {"result", result_json(config, *run.match, g)},
          {"rows", rows},
          {"games_csv", check},
          {"check", check_text(check, csv_rows)}};
}

// The most of an explanation's text a step shows, in bytes: a bot may send
// megabytes, and a replay is read on a terminal.
constexpr size_t kWhyShown = 2000;

// A step's "why" line: its explanation's text as the strategy gave it (an
// external program's may be any JSON value), escaped and cut as every text
// of a bot is (harness/runner/bot_text.hpp), so that no escape sequence,
// reordering control or newline reaches the terminal and fakes a line.
std::optional<std::string> why_line(const OrderedJson& step) {
  const auto why = step.find("explain");
  if (why == step.end() || !why->is_object()) return std::nullopt;
  const auto text = why->find("text");
  if (text == why->end() || text->is_null()) return std::nullopt;
  const std::string raw =
      text->is_string() ? text->get<std::string>()
                        : text->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return bot_excerpt(raw, kWhyShown);
}

void print_text(const OrderedJson& r) {
  fmt::print("game {} of {} ({}, mode {}), {}\n", r["game"].get<uint64_t>(),
             r["run"].get<std::string>(), r["engine"].get<std::string>(),
             r["mode"].get<std::string>(), r["source_text"].get<std::string>());
  for (const auto& line : r["legend"])
    fmt::print("  {}\n", line.get<std::string>());
  fmt::print("\nstart\n");
  for (const auto& line : r["start"])
    fmt::print("{}\n", line.get<std::string>());
  int k = 0;
  for (const auto& step : r["steps"]) {
    fmt::print("\n{}. {}\n", ++k, step["text"].get<std::string>());
    if (const auto why = why_line(step)) fmt::print("   why: {}\n", *why);
    for (const auto& line : step["board"])
      fmt::print("{}\n", line.get<std::string>());
  }
  fmt::print("\nresult (as games.csv rows):\n{}{}\n", r["rows"].get<std::string>(),
             r["check"].get<std::string>());
}

int replay(const ReplayOptions& options, const Registry& registry) {
  const fs::path dir = options.dir;
  const Run run = load_run(dir, registry);
  const RunConfig& config = run.config;
  if (options.game >= run.match->game_count()) {
    throw InputError(fmt::format("--game {}: the run has games 0 to {}", options.game,
                                 run.match->game_count() - 1));
  }
  const ModeSpec& mode =
      registry.find(config.engine)->modes[static_cast<size_t>(config.mode.index)];
  const int only = options.variant ? variant_index(config, mode, *options.variant) : -1;
  const auto record = recorded(dir, options.game);
  ReplayedGame g;
  if (record) {
    g = replay_from_record(config, *run.match, options.game,
                           MoveLog::from_json(record->at("moves")));
  } else {
    try {
      g = replay_from_seed(config, *run.match, options.game);
    } catch (const NotFromSeed& why) {
      throw InputError(no_record_message(config, options.game, why));
    }
  }
  if (only >= 0 && std::none_of(g.seats.begin(), g.seats.end(),
                                [&](const SeatResult& s) { return s.variant == only; })) {
    throw InputError(fmt::format("--variant {}: not in game {}", *options.variant, options.game));
  }
  const std::optional<GameReplay> replay = run.match->replay(options.game, g.moves, only);
  if (!replay) {
    throw std::runtime_error(fmt::format("engine {} cannot show its games", config.engine));
  }
  const OrderedJson r = replay_json(dir, run, options, mode.apart, record.has_value(), g, *replay,
                                    rows_in_games_csv(dir, options.game));
  if (options.json) {
    fmt::print("{}\n", r.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  } else if (options.html) {
    std::ofstream out(*options.html, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw InputError(
          fmt::format("--html: cannot write {}: {}", *options.html, std::strerror(errno)));
    }
    out << render_replay_page(r);
    if (!out.flush()) throw InputError(fmt::format("--html: cannot write {}", *options.html));
    fmt::print(stderr, "arena: game {} written to {}\n", options.game, *options.html);
  } else {
    print_text(r);
  }
  return r["games_csv"] == "differs" ? 1 : 0;
}

}  // namespace

int replay_command(const ReplayOptions& options, const Registry& registry) {
  return exit_code_of("replay", "arena: replay: ", [&] {
    try {
      return replay(options, registry);
    } catch (const RecordMismatch& e) {
      fmt::print(stderr, "arena: replay: game {}: {}\n", options.game, e.what());
      return 2;
    }
  });
}

}  // namespace arena
