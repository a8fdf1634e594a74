// `arena new ENGINE [STRATEGY...]`: a commented config with every rule and
// parameter at its default, ready to edit and run. Without strategy names it
// names every built-in strategy, so it runs as written; `external` only when
// named, since its program is the user's to give.
#include <map>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/config/params.hpp"

namespace arena {
namespace {

// `# help (type)` then `key: default`, indented.
void append_param(std::string& out, const ParamSpec& p, const std::string& indent) {
  // Text is quoted: an empty path must stay an empty string, not YAML's null.
  const std::string value = p.type == ParamType::kText
                                ? fmt::format("\"{}\"", format_value(p.default_value))
                                : format_value(p.default_value);
  out += fmt::format("{}# {} ({})\n{}{}: {}\n", indent, p.help, describe_type(p), indent, p.name,
                     value);
}

// The players: each named strategy once, at its defaults.
std::string players_text(const EngineSpec& engine, const std::vector<std::string>& strategies) {
  std::string out = "players:\n";
  std::map<std::string, int> seen;
  for (const std::string& name : strategies) {
    const StrategySpec& s = *engine.find_strategy(name);
    const int n = ++seen[name];  // a strategy named twice plays as name, name-2, ...
    const std::string player = n == 1 ? name : fmt::format("{}-{}", name, n);
    out += fmt::format("  # {}\n  - name: {}\n    strategy: {}\n", s.help, player, s.name);
    if (s.params.empty()) {
      out += "    params: {}\n";
      continue;
    }
    out += "    params:\n";
    for (const ParamSpec& p : s.params) {
      if (s.external && p.name == "command") {
        // No default program exists: `arena run` refuses the empty command until it is filled in.
        out +=
            "      # REQUIRED, the program to run, e.g. \"python3 my_bot.py\" (docs/protocol.md);\n"
            "      # arena run refuses the config while this is empty\n"
            "      command: \"\"\n";
        continue;
      }
      append_param(out, p, "      ");
    }
  }
  return out;
}

// `games:` with what it costs and how to scale it.
std::string games_text(const EngineSpec& engine) {
  const uint64_t games = engine.new_config_games;
  std::string out = fmt::format(
      "# games per pairing or table: {} play every built-in strategy within about a\n"
      "# minute on two cores (a run says at its start when it will take over ten\n"
      "# minutes); four times the games halve the confidence intervals.\n",
      games);
  out += games % 120 == 0
             ? fmt::format("# {} splits into whole deals at any table size\n", games)
             : "# With more seats, use a multiple of the seat orders (120 fits any table size)\n";
  return out + fmt::format("games: {}\n", games);
}

}  // namespace

std::string new_config_text(const EngineSpec& engine, std::vector<std::string> strategies) {
  if (strategies.empty()) {
    for (const StrategySpec& s : engine.strategies)
      if (!s.external) strategies.push_back(s.name);
  }
  std::string name = engine.name;
  for (const std::string& s : strategies)
    name += "-" + s;
  if (name.size() > 60) name = engine.name + "-tournament";
  std::string out = fmt::format(
      "# A config for {} ({}), written by `arena new`.\n"
      "# Every rule and parameter is at its default: edit what you need, delete the rest.\n"
      "# Run it: build/arena run THIS_FILE.yaml   (`arena list` shows every choice)\n"
      "name: {}\nengine: {}\n",
      engine.name, engine.help, name, engine.name);
  out += "# the mode, one of:\n";
  for (const ModeSpec& m : engine.modes)
    out += fmt::format("#   {}: {}\n", m.name, m.help);
  out += fmt::format("mode: {}\n", engine.modes.front().name);
  out +=
      "# the master seed: the same seed gives the same games (omit it to draw one)\n"
      "seed: 1\n";
  out += games_text(engine);
  out +=
      "# worker threads, 0 = all cores; results do not depend on it\n"
      "threads: 0\n"
      "# who meets whom: round-robin | gauntlet (the first against each other) | head-to-head\n"
      "format: round-robin\n"
      "# paired games: each deal played with the seats swapped (modes with seats)\n"
      "pairs: true\n"
      "# what is written besides summary.json: games.csv (true | false | gzip), and the\n"
      "# moves of which games go to moves.jsonl.gz for `arena replay` (none | forfeits |\n"
      "# all | {sample: K}; forfeits: the games the seed cannot rebuild, the others replay\n"
      "# from the seed)\n"
      "output: {games_csv: true, moves: forfeits}\n";
  if (engine.rules.empty()) {
    out += "rules: {}\n";
  } else {
    out += "rules:\n";
    for (const ParamSpec& p : engine.rules)
      append_param(out, p, "  ");
  }
  return out + players_text(engine, strategies);
}

int new_command(const NewOptions& options, const Registry& registry) {
  const EngineSpec* engine = registry.find(options.engine);
  if (!engine) {
    fmt::print(stderr, "arena: new: unknown engine '{}'; engines: {}{}\n", options.engine,
               fmt::join(registry.names(), ", "), did_you_mean(options.engine, registry.names()));
    return 2;
  }
  std::vector<std::string> names;
  for (const StrategySpec& s : engine->strategies)
    names.push_back(s.name);
  for (const std::string& s : options.strategies) {
    if (!engine->find_strategy(s)) {
      fmt::print(stderr, "arena: new: unknown strategy '{}' for engine '{}'; strategies: {}{}\n", s,
                 engine->name, fmt::join(names, ", "), did_you_mean(s, names));
      return 2;
    }
  }
  fmt::print("{}", new_config_text(*engine, options.strategies));
  return 0;
}

}  // namespace arena
