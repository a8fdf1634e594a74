#include "harness/config/config.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "engines/core/bot_link.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/config/yaml_reader.hpp"
#include "harness/registry/registry.hpp"

namespace arena {

namespace {

// "players[1].params.x" -> "players[1].params" -> "players[1]" -> "players" -> "".
std::string enclosing_key(const std::string& key) {
  const auto cut = key.find_last_of(".[");
  return cut == std::string::npos ? "" : key.substr(0, cut);
}

}  // namespace

ConfigError RunConfig::error_at(const std::string& path, const std::string& message) const {
  for (std::string key = path; !key.empty(); key = enclosing_key(key)) {
    if (auto it = flags.find(key); it != flags.end())
      return ConfigError::of_flag(it->second, message);
  }
  for (std::string key = path; !key.empty(); key = enclosing_key(key)) {
    if (auto it = marks.find(key); it != marks.end())
      return {file, it->second, path + ": " + message};
  }
  return {file, SourceMark{}, path + ": " + message};
}

namespace {

// `train` is read by `arena train` (harness/train/train_config.cpp); `arena run` ignores it.
const std::vector<std::string> kTopLevelKeys = {
    "name",  "engine",  "seed",   "games", "threads", "mode",   "format", "anchor", "pairs",
    "rules", "players", "expect", "stop",  "limits",  "output", "train",  "tune"};
const std::vector<std::string> kStopKeys = {"sprt", "ci_width", "max_games", "batch"};
const std::vector<std::string> kLimitKeys = {"decision_ms"};
const std::vector<std::string> kOutputKeys = {"games_csv", "moves"};
const std::vector<std::string> kExpectKeys = {"variant", "metric", "stat",      "at",
                                              "value",   "range",  "tolerance", "source"};
const std::vector<std::string> kStats = {"mean", "median", "p90", "min", "max", "mode", "share"};
const std::vector<std::string> kPlayerKeys = {"name", "strategy", "params"};

// Whether `name` can name a file or folder as it is, on any system: letters,
// digits, '-', '_', '.', not starting with '.' (so never "..", a hidden file,
// or a path). Config names name results folders; player names name bot logs
// and CSV cells.
bool is_file_name(const std::string& name) {
  const bool safe = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
  return safe && !name.empty() && name.front() != '.';
}

// Reads one YAML document into a RunConfig, keeping the file name for errors.
class Loader : public YamlReader {
 public:
  Loader(std::string file, const Registry& registry)
      : YamlReader(std::move(file)), registry_(registry) {
    config_.file = this->file();
  }

  RunConfig load(const std::string& text);

 private:
  ParamValue parse_param(const YAML::Node& node, const ParamSpec& spec, const std::string& path);
  // With `open` (an external strategy), keys beyond `specs` are the program's
  // own parameters, passed on in its handshake: scalars, typed as YAML reads
  // them; a key one typo away from a declared one is still refused.
  ParamSet parse_params(const YAML::Node& node, const std::vector<ParamSpec>& specs,
                        const std::string& path, const std::string& owner, bool open = false);
  ParamValue parse_scalar(const YAML::Node& node, const std::string& path) const;

  void parse_name(const YAML::Node& root);
  const EngineSpec& parse_engine(const YAML::Node& root);
  void parse_players(const YAML::Node& root, const EngineSpec& engine, const ModeSpec& mode);
  void parse_expectations(const YAML::Node& root);
  void parse_mode(const YAML::Node& root, const EngineSpec& engine);
  void parse_format(const YAML::Node& root);
  void parse_stop(const YAML::Node& root);
  void parse_limits(const YAML::Node& root);
  void parse_output(const YAML::Node& root);

  const Registry& registry_;
  RunConfig config_;
};

ParamValue Loader::parse_param(const YAML::Node& node, const ParamSpec& spec,
                               const std::string& path) {
  switch (spec.type) {
    case ParamType::kInt:
      return parse_int(node, path, spec.min, spec.max);
    case ParamType::kReal:
      return parse_real(node, path, spec.min, spec.max);
    case ParamType::kBool:
      return parse_bool(node, path);
    case ParamType::kChoice:
      return parse_one_of(node, path, spec.choices);
    case ParamType::kText: {
      if (!node.IsScalar())
        throw error(node, path, fmt::format("expected text, got {}", kind_of(node)));
      const std::filesystem::path given = node.Scalar();
      if (!spec.is_file || given.empty() || given.is_absolute()) return node.Scalar();
      return (std::filesystem::absolute(file()).parent_path() / given).lexically_normal().string();
    }
    case ParamType::kIntList: {
      // A single integer is a list of one.
      if (node.IsScalar()) return IntList{parse_int(node, path, spec.min, spec.max)};
      if (!node.IsSequence() || node.size() == 0) {
        throw error(node, path,
                    fmt::format("expected one or more integers, got {}", kind_of(node)));
      }
      IntList values;
      for (size_t i = 0; i < node.size(); ++i) {
        values.push_back(parse_int(node[i], fmt::format("{}[{}]", path, i), spec.min, spec.max));
      }
      return values;
    }
    case ParamType::kNameToInt: {
      if (!node.IsMap() || node.size() == 0) {
        throw error(
            node, path,
            fmt::format("expected one or more 'name: integer' entries, got {}", kind_of(node)));
      }
      NameToInt entries;
      for (const auto& item : node) {
        const std::string name = parse_string(item.first, path);
        const std::string item_path = path + "." + name;
        for (const auto& existing : entries) {
          if (existing.first == name) throw error(item.first, item_path, "duplicate key");
        }
        mark(item_path, mark_of(item.second));
        entries.emplace_back(name, parse_int(item.second, item_path, spec.min, spec.max));
      }
      return entries;
    }
  }
  throw error(node, path, "unsupported parameter type");
}

ParamSet Loader::parse_params(const YAML::Node& node, const std::vector<ParamSpec>& specs,
                              const std::string& path, const std::string& owner, bool open) {
  ParamSet params = defaults_of(specs);
  if (!node.IsDefined() || node.IsNull()) return params;
  if (!node.IsMap()) throw error(node, path, fmt::format("expected a map, got {}", kind_of(node)));
  std::vector<std::string> names;
  for (const auto& spec : specs)
    names.push_back(spec.name);
  const std::string what = names.empty() ? owner + " (which takes no parameters)" : owner;
  if (!open) check_keys(node, path, names, what);
  for (const auto& spec : specs) {
    if (node[spec.name].IsDefined()) {
      params.set(spec.name, parse_param(node[spec.name], spec, path + "." + spec.name));
    }
  }
  if (!open) return params;
  for (const auto& item : node) {
    if (!item.first.IsScalar()) throw error(item.first, path, "keys must be plain names");
    const std::string key = item.first.Scalar();
    if (params.contains(key)) {
      if (std::find(names.begin(), names.end(), key) == names.end())
        throw error(item.first, path + "." + key, "duplicate key");
      continue;
    }
    if (const std::string hint = did_you_mean(key, names); !hint.empty()) {
      throw error(item.first, path + "." + key,
                  fmt::format("unknown key '{}' in {}{}; a key not this close to a declared "
                              "one goes to the program as its own parameter",
                              key, what, hint));
    }
    mark(path + "." + key, mark_of(item.second));
    params.set(key, parse_scalar(item.second, path + "." + key));
  }
  return params;
}

ParamValue Loader::parse_scalar(const YAML::Node& node, const std::string& path) const {
  if (!node.IsScalar()) {
    throw error(node, path,
                fmt::format("expected a number, true/false or text (a program's own parameter), "
                            "got {}",
                            kind_of(node)));
  }
  if (node.Tag() != "!") {  // unquoted: YAML's own reading
    int64_t i = 0;
    if (YAML::convert<int64_t>::decode(node, i)) return i;
    double d = 0;
    if (YAML::convert<double>::decode(node, d)) return d;
    bool b = false;
    if (YAML::convert<bool>::decode(node, b)) return b;
  }
  return node.Scalar();
}

void Loader::parse_name(const YAML::Node& root) {
  const YAML::Node node = require(root, "name", "", "the config");
  config_.name = parse_string(node, "name");
  if (!is_file_name(config_.name)) {
    throw error(node, "name",
                fmt::format("'{}' is not a valid name (letters, digits, '-', '_', '.'; it names "
                            "the results folder)",
                            config_.name));
  }
}

const EngineSpec& Loader::parse_engine(const YAML::Node& root) {
  const YAML::Node node = require(root, "engine", "", "the config");
  config_.engine = parse_string(node, "engine");
  const EngineSpec* engine = registry_.find(config_.engine);
  if (!engine) {
    throw error(node, "engine",
                fmt::format("unknown engine '{}'; engines: {}{}", config_.engine,
                            fmt::join(registry_.names(), ", "),
                            did_you_mean(config_.engine, registry_.names())));
  }
  return *engine;
}

void Loader::parse_players(const YAML::Node& root, const EngineSpec& engine, const ModeSpec& mode) {
  const YAML::Node list = require(root, "players", "", "the config");
  if (!list.IsSequence() || list.size() == 0) {
    throw error(list, "players", fmt::format("expected a list of players, got {}", kind_of(list)));
  }
  if (static_cast<int>(list.size()) < mode.min_players ||
      static_cast<int>(list.size()) > std::min(mode.max_players, kMaxPlayers)) {
    throw error(list, "players",
                fmt::format("mode '{}' takes {} to {} players, got {}", mode.name, mode.min_players,
                            std::min(mode.max_players, kMaxPlayers), list.size()));
  }
  std::vector<std::string> strategy_names;
  for (const auto& s : engine.strategies)
    strategy_names.push_back(s.name);
  for (size_t i = 0; i < list.size(); ++i) {
    const YAML::Node node = list[i];
    const std::string path = fmt::format("players[{}]", i);
    open_map(node, path, kPlayerKeys, "a player");
    PlayerConfig player;
    const YAML::Node strategy_node = require(node, "strategy", path, "a player");
    player.strategy = parse_string(strategy_node, path + ".strategy");
    const StrategySpec* strategy = engine.find_strategy(player.strategy);
    if (!strategy) {
      throw error(strategy_node, path + ".strategy",
                  fmt::format("unknown strategy '{}' for engine '{}'; strategies: {}{}",
                              player.strategy, engine.name, fmt::join(strategy_names, ", "),
                              did_you_mean(player.strategy, strategy_names)));
    }
    player.name =
        node["name"].IsDefined() ? parse_string(node["name"], path + ".name") : player.strategy;
    if (!is_file_name(player.name)) {
      throw error(node["name"], path + ".name",
                  fmt::format("'{}' is not a valid player name (letters, digits, '-', '_', '.', "
                              "not starting with '.'; it names files: bots/<name>.log)",
                              player.name));
    }
    for (const auto& other : config_.players) {
      if (other.name == player.name) {
        throw error(
            node["name"].IsDefined() ? node["name"] : node, path + ".name",
            fmt::format("duplicate player name '{}' (give each player its own name)", player.name));
      }
    }
    player.params = parse_params(node["params"], strategy->params, path + ".params",
                                 fmt::format("the parameters of strategy '{}'", strategy->name),
                                 strategy->external);
    for (const ParamSpec& spec : strategy->params)
      if (spec.clock_budget) player.clock_budgets.push_back(spec.name);
    // A program runs in the config's folder unless told otherwise: recorded
    // as a path, so that the resolved config, read from the results folder,
    // starts it in the same place.
    if (strategy->name == kExternalName && player.params.text(kWorkdirParam).empty()) {
      player.params.set(
          kWorkdirParam,
          std::filesystem::absolute(file()).parent_path().lexically_normal().string());
    }
    config_.players.push_back(std::move(player));
  }
}

void Loader::parse_limits(const YAML::Node& root) {
  const YAML::Node node = root["limits"];
  if (!node.IsDefined() || node.IsNull()) return;
  if (!node.IsMap())
    throw error(node, "limits", fmt::format("expected a map, got {}", kind_of(node)));
  check_keys(node, "limits", kLimitKeys, "the limits");
  if (node["decision_ms"].IsDefined()) {
    // Up to a day: beyond that a budget is no budget.
    config_.limits.decision_ms = parse_real(node["decision_ms"], "limits.decision_ms", 1e-3, 864e5);
  }
}

void Loader::parse_output(const YAML::Node& root) {
  const YAML::Node node = root["output"];
  if (!node.IsDefined() || node.IsNull()) return;
  if (!node.IsMap())
    throw error(node, "output", fmt::format("expected a map, got {}", kind_of(node)));
  check_keys(node, "output", kOutputKeys, "the output settings");
  OutputConfig& out = config_.output;
  if (const YAML::Node csv = node["games_csv"]; csv.IsDefined())
    out.games_csv = parse_enum<GamesCsv>(csv, "output.games_csv", kGamesCsvNames);
  const YAML::Node moves = node["moves"];
  if (!moves.IsDefined()) return;
  if (moves.IsMap()) {
    check_keys(moves, "output.moves", {"sample"}, "the moves setting");
    out.moves = MovesRecord::kSample;
    out.sample = static_cast<uint64_t>(
        parse_int(require(moves, "sample", "output.moves", "the moves setting"),
                  "output.moves.sample", 1, static_cast<double>(kMaxGames)));
    return;
  }
  out.moves = parse_enum<MovesRecord>(moves, "output.moves", kMovesNames);
}

void Loader::parse_stop(const YAML::Node& root) {
  const YAML::Node node = root["stop"];
  if (!node.IsDefined() || node.IsNull()) return;
  if (!node.IsMap())
    throw error(node, "stop", fmt::format("expected a map, got {}", kind_of(node)));
  check_keys(node, "stop", kStopKeys, "the stop rules");
  StopRules& stop = config_.stop;
  if (node["batch"].IsDefined()) {
    stop.batch = static_cast<uint64_t>(parse_int(node["batch"], "stop.batch", 1, 1e9));
  }
  if (node["max_games"].IsDefined()) {
    stop.max_games = static_cast<uint64_t>(
        parse_int(node["max_games"], "stop.max_games", 1, static_cast<double>(kMaxGames)));
  }
  if (node["ci_width"].IsDefined()) {
    stop.ci_width = parse_real(node["ci_width"], "stop.ci_width", 1e-9, 1);
  }
  const YAML::Node sprt = node["sprt"];
  if (!sprt.IsDefined()) return;
  stop.sprt = parse_sprt(sprt, "stop.sprt");
  if (config_.players.size() != 2) {
    throw error(sprt, "stop.sprt",
                fmt::format("an SPRT needs exactly 2 players, got {}", config_.players.size()));
  }
}

// The mode by name (the engine's first when none is given), kept as its index.
void Loader::parse_mode(const YAML::Node& root, const EngineSpec& engine) {
  std::vector<std::string> modes;
  for (const auto& m : engine.modes)
    modes.push_back(m.name);
  const YAML::Node node = root["mode"];
  const std::string name = node.IsDefined() ? parse_string(node, "mode") : modes.front();
  const auto found = std::find(modes.begin(), modes.end(), name);
  if (found == modes.end()) {
    throw error(node, "mode",
                fmt::format("unknown mode '{}' for engine '{}'; modes: {}{}", name, engine.name,
                            fmt::join(modes, ", "), did_you_mean(name, modes)));
  }
  const auto index = static_cast<size_t>(found - modes.begin());
  config_.mode = {static_cast<int>(index), name, engine.modes[index].apart};
}

void Loader::parse_format(const YAML::Node& root) {
  const YAML::Node node = root["format"];
  if (!node.IsDefined()) return;
  config_.format = parse_enum<Format>(node, "format", kFormatNames);
  if (config_.format == Format::kHeadToHead && config_.players.size() != 2) {
    throw error(
        node, "format",
        fmt::format("head-to-head takes exactly 2 players, got {}", config_.players.size()));
  }
}

// `expect`: a list of published figures. Variants are checked here; metric
// names are checked when the match is built (they belong to the engine's mode).
void Loader::parse_expectations(const YAML::Node& root) {
  const YAML::Node list = root["expect"];
  if (!list.IsDefined() || list.IsNull()) return;
  if (!list.IsSequence()) {
    throw error(list, "expect", fmt::format("expected a list of figures, got {}", kind_of(list)));
  }
  for (size_t i = 0; i < list.size(); ++i) {
    const YAML::Node node = list[i];
    const std::string path = fmt::format("expect[{}]", i);
    open_map(node, path, kExpectKeys, "an expectation");
    Expectation e;
    const YAML::Node variant = require(node, "variant", path, "an expectation");
    e.variant = parse_string(variant, path + ".variant");
    std::vector<std::string> names;
    for (const auto& p : config_.players)
      names.push_back(p.name);
    if (std::find(names.begin(), names.end(), e.variant) == names.end()) {
      throw error(variant, path + ".variant",
                  fmt::format("no player named '{}'{}", e.variant, did_you_mean(e.variant, names)));
    }
    e.metric = parse_string(require(node, "metric", path, "an expectation"), path + ".metric");
    if (node["stat"].IsDefined()) {
      e.stat = parse_one_of(node["stat"], path + ".stat", kStats);
    }
    // `at` belongs to `share` alone: the value whose share of the games is the figure.
    if (e.stat == "share") {
      e.at = parse_int(require(node, "at", path, "an expectation with `stat: share`"), path + ".at",
                       -1e15, 1e15);
    } else if (node["at"].IsDefined()) {
      throw error(node["at"], path + ".at", "`at` goes with `stat: share` only");
    }
    const double inf = std::numeric_limits<double>::infinity();
    // A figure is one value or, published as "about 42-44", a range.
    if (node["range"].IsDefined()) {
      const YAML::Node range = node["range"];
      if (node["value"].IsDefined())
        throw error(range, path + ".range", "give `value` or `range`, not both");
      if (!range.IsSequence() || range.size() != 2)
        throw error(range, path + ".range", "a range is two numbers, [low, high]");
      e.value = parse_real(range[0], path + ".range[0]", -inf, inf);
      e.up_to = parse_real(range[1], path + ".range[1]", -inf, inf);
      if (!(*e.up_to > e.value))
        throw error(range, path + ".range",
                    fmt::format("the range's high end ({:g}) must be above its low end ({:g})",
                                *e.up_to, e.value));
    } else {
      e.value = parse_real(require(node, "value", path, "an expectation (or `range`)"),
                           path + ".value", -inf, inf);
    }
    e.tolerance =
        parse_real(require(node, "tolerance", path, "an expectation"), path + ".tolerance", 0, inf);
    e.source = parse_string(require(node, "source", path, "an expectation"), path + ".source");
    config_.expect.push_back(std::move(e));
  }
}

RunConfig Loader::load(const std::string& text) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw ConfigError(config_.file, SourceMark{e.mark.line + 1, e.mark.column + 1},
                      "YAML syntax error: " + e.msg);
  }
  if (root.IsNull()) throw ConfigError(config_.file, SourceMark{}, "the config is empty");
  if (!root.IsMap()) throw error(root, "", "expected a map of settings at the top level");
  check_keys(root, "", kTopLevelKeys, "the config");

  parse_name(root);
  const EngineSpec& engine = parse_engine(root);
  if (root["seed"].IsDefined()) config_.seed = parse_uint64(root["seed"], "seed");
  if (root["games"].IsDefined()) {
    config_.games =
        static_cast<uint64_t>(parse_int(root["games"], "games", 1, static_cast<double>(kMaxGames)));
  }
  if (root["threads"].IsDefined()) {
    config_.threads = static_cast<int>(parse_int(root["threads"], "threads", 0, kMaxThreads));
  }
  parse_mode(root, engine);
  config_.rules = parse_params(root["rules"], engine.rules, "rules",
                               fmt::format("the rules of engine '{}'", engine.name));
  parse_players(root, engine, engine.modes[static_cast<size_t>(config_.mode.index)]);
  parse_format(root);
  parse_stop(root);
  parse_limits(root);
  parse_output(root);
  if (root["pairs"].IsDefined()) config_.pairs = parse_bool(root["pairs"], "pairs");
  if (root["anchor"].IsDefined())
    config_.anchor = parse_enum<Anchor>(root["anchor"], "anchor", kAnchorNames);
  parse_expectations(root);
  if (root["tune"].IsDefined()) config_.tune = parse_tune(*this, root["tune"], config_, engine);
  config_.marks = take_marks();
  return std::move(config_);
}

}  // namespace

std::string Expectation::published() const {
  const std::string tolerated = tolerance > 0 ? fmt::format(" ± {:g}", tolerance) : "";
  return up_to ? fmt::format("{:g}–{:g}{}", value, *up_to, tolerated)
               : fmt::format("{:g}{}", value, tolerated);
}

std::string Expectation::figure() const {
  if (metric == "win_rate") return metric;
  if (stat == "share") return fmt::format("{} share at {}", metric, at);
  return metric + " " + stat;
}

RunConfig parse_config(const std::string& text, const std::string& file, const Registry& registry) {
  return Loader(file, registry).load(text);
}

std::string read_config_text(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    // A folder opens like a file and reads as nothing: say what it is.
    throw ConfigError(path, SourceMark{}, "cannot read the config: it is a folder, not a file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ConfigError(path, SourceMark{},
                      fmt::format("cannot read the config: {}", std::strerror(errno)));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigError(path, SourceMark{}, "cannot read the config: read error");
  return text.str();
}

RunConfig load_config(const std::string& path, const Registry& registry) {
  return parse_config(read_config_text(path), path, registry);
}

bool follows_from_seed(const PlayerConfig& player) {
  if (is_linked(player.strategy)) return false;  // a program's or a Python function's choices
  for (const std::string& name : player.clock_budgets) {
    if (!player.params.contains(name)) continue;
    const ParamValue& limit = player.params.at(name);
    if (const auto* ms = std::get_if<int64_t>(&limit); ms && *ms > 0) return false;
  }
  return true;
}

const char* OutputConfig::games_file() const {
  switch (games_csv) {
    case GamesCsv::kGzip:
      return "games.csv.gz";
    case GamesCsv::kNone:
      return "";
    case GamesCsv::kPlain:
      break;
  }
  return "games.csv";
}

}  // namespace arena
