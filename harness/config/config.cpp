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

#include "harness/registry/registry.hpp"

namespace arena {

ConfigError RunConfig::error_at(const std::string& path, const std::string& message) const {
  // Walk up "players[1].params.x" -> "players[1].params" -> "players[1]" -> ...
  std::string key = path;
  while (!key.empty()) {
    if (auto it = marks.find(key); it != marks.end())
      return {file, it->second, path + ": " + message};
    const auto cut = key.find_last_of(".[");
    key = cut == std::string::npos ? "" : key.substr(0, cut);
  }
  return {file, SourceMark{}, path + ": " + message};
}

namespace {

// `train` is read by `arena train` (harness/train/train_config.cpp); `arena run` ignores it.
const std::vector<std::string> kTopLevelKeys = {
    "name",  "engine", "seed",    "games",  "threads", "mode",   "format", "anchor",
    "pairs", "rules",  "players", "expect", "stop",    "limits", "output", "train"};
const std::vector<std::string> kStopKeys = {"sprt", "ci_width", "max_games", "batch"};
const std::vector<std::string> kLimitKeys = {"decision_ms"};
const std::vector<std::string> kOutputKeys = {"games_csv", "moves"};
const std::vector<std::string> kSprtKeys = {"elo0", "elo1", "alpha", "beta", "model"};
const std::vector<std::string> kExpectKeys = {"variant", "metric",    "stat",
                                              "value",   "tolerance", "source"};
const std::vector<std::string> kStats = {"mean", "median", "p90", "min", "max"};
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
class Loader {
 public:
  Loader(std::string file, const Registry& registry) : registry_(registry) {
    config_.file = std::move(file);
  }

  RunConfig load(const std::string& text);

 private:
  ConfigError error(const YAML::Node& node, const std::string& path, const std::string& msg) const {
    return {config_.file, mark_of(node), path.empty() ? msg : path + ": " + msg};
  }
  static SourceMark mark_of(const YAML::Node& node) {
    const YAML::Mark m = node.Mark();
    if (m.is_null()) return SourceMark{};
    return SourceMark{m.line + 1, m.column + 1};
  }
  static std::string kind_of(const YAML::Node& node) {
    if (node.IsMap()) return "a map";
    if (node.IsSequence()) return "a list";
    if (node.IsNull()) return "nothing";
    return fmt::format("'{}'", node.Scalar());
  }

  // Checks keys of `map` against `allowed` (unknown and duplicate keys are
  // errors) and records where each value was written.
  void check_keys(const YAML::Node& map, const std::string& prefix,
                  const std::vector<std::string>& allowed, const std::string& what);
  // A list item that must be a map with keys from `allowed`; records its mark.
  void open_list_item(const YAML::Node& node, const std::string& path,
                      const std::vector<std::string>& allowed, const std::string& what) {
    if (!node.IsMap())
      throw error(node, path, fmt::format("expected a map, got {}", kind_of(node)));
    config_.marks[path] = mark_of(node);
    check_keys(node, path, allowed, what);
  }
  YAML::Node require(const YAML::Node& map, const std::string& key, const std::string& prefix,
                     const std::string& what) const;

  std::string parse_string(const YAML::Node& node, const std::string& path) const;
  int64_t parse_int(const YAML::Node& node, const std::string& path, double min, double max) const;
  uint64_t parse_uint64(const YAML::Node& node, const std::string& path) const;
  double parse_real(const YAML::Node& node, const std::string& path, double min, double max) const;
  bool parse_bool(const YAML::Node& node, const std::string& path) const;
  // A name that must be one of `choices` (with a suggestion when it is not).
  template <class E>
  E parse_enum(const YAML::Node& node, const std::string& path,
               std::span<const EnumName<E>> table) const;
  std::string parse_one_of(const YAML::Node& node, const std::string& path,
                           const std::vector<std::string>& choices) const;
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

void Loader::check_keys(const YAML::Node& map, const std::string& prefix,
                        const std::vector<std::string>& allowed, const std::string& what) {
  std::set<std::string> seen;
  for (const auto& item : map) {
    const YAML::Node& key_node = item.first;
    if (!key_node.IsScalar()) throw error(key_node, prefix, "keys must be plain names");
    const std::string key = key_node.Scalar();
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      throw error(key_node, path,
                  fmt::format("unknown key '{}' in {}{}", key, what, did_you_mean(key, allowed)));
    }
    if (!seen.insert(key).second) throw error(key_node, path, "duplicate key");
    const SourceMark value_mark = mark_of(item.second);
    config_.marks[path] = item.second.IsNull() ? mark_of(key_node) : value_mark;
  }
}

YAML::Node Loader::require(const YAML::Node& map, const std::string& key, const std::string& prefix,
                           const std::string& what) const {
  YAML::Node node = map[key];
  if (!node.IsDefined()) {
    throw error(map, prefix.empty() ? key : prefix + "." + key,
                fmt::format("missing required key '{}' in {}", key, what));
  }
  return node;
}

std::string Loader::parse_string(const YAML::Node& node, const std::string& path) const {
  if (!node.IsScalar() || node.Scalar().empty()) {
    throw error(node, path, fmt::format("expected a name, got {}", kind_of(node)));
  }
  return node.Scalar();
}

int64_t Loader::parse_int(const YAML::Node& node, const std::string& path, double min,
                          double max) const {
  if (!node.IsScalar())
    throw error(node, path, fmt::format("expected an integer, got {}", kind_of(node)));
  const std::string& text = node.Scalar();
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) {
    // Accept integral numbers written as 1e6 or 100000.0.
    double real = 0;
    auto [rend, rec] = std::from_chars(text.data(), text.data() + text.size(), real);
    if (rec != std::errc{} || rend != text.data() + text.size() || real != std::floor(real) ||
        std::fabs(real) > 9.0e15) {
      throw error(node, path, fmt::format("expected an integer, got '{}'", text));
    }
    value = static_cast<int64_t>(real);
  }
  if (static_cast<double>(value) < min || static_cast<double>(value) > max) {
    throw error(node, path, fmt::format("value {} is out of range [{}, {}]", value, min, max));
  }
  return value;
}

uint64_t Loader::parse_uint64(const YAML::Node& node, const std::string& path) const {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    throw error(node, path,
                fmt::format("expected an integer in [0, 2^64-1], got {}", kind_of(node)));
  }
  return value;
}

double Loader::parse_real(const YAML::Node& node, const std::string& path, double min,
                          double max) const {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    throw error(node, path, fmt::format("expected a number, got {}", kind_of(node)));
  }
  if (value < min || value > max) {
    throw error(node, path, fmt::format("value {} is out of range [{}, {}]", value, min, max));
  }
  return value;
}

bool Loader::parse_bool(const YAML::Node& node, const std::string& path) const {
  static const std::set<std::string> kTrue = {"true", "True", "TRUE", "yes", "Yes", "on", "On"};
  static const std::set<std::string> kFalse = {"false", "False", "FALSE", "no", "No", "off", "Off"};
  if (node.IsScalar() && kTrue.count(node.Scalar())) return true;
  if (node.IsScalar() && kFalse.count(node.Scalar())) return false;
  throw error(node, path, fmt::format("expected true or false, got {}", kind_of(node)));
}

std::string Loader::parse_one_of(const YAML::Node& node, const std::string& path,
                                 const std::vector<std::string>& choices) const {
  std::string value = parse_string(node, path);
  if (std::find(choices.begin(), choices.end(), value) == choices.end()) {
    throw error(node, path,
                fmt::format("'{}' is not one of {}{}", value, fmt::join(choices, " | "),
                            did_you_mean(value, choices)));
  }
  return value;
}

template <class E>
E Loader::parse_enum(const YAML::Node& node, const std::string& path,
                     std::span<const EnumName<E>> table) const {
  return *value_of(table, parse_one_of(node, path, names_of(table)));
}

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
      return (std::filesystem::absolute(config_.file).parent_path() / given)
          .lexically_normal()
          .string();
    }
    case ParamType::kIntList: {
      // A single integer is a list of one.
      if (node.IsScalar()) return IntList{parse_int(node, path, spec.min, spec.max)};
      if (!node.IsSequence() || node.size() == 0) {
        throw error(node, path, fmt::format("expected a list of integers, got {}", kind_of(node)));
      }
      IntList values;
      for (size_t i = 0; i < node.size(); ++i) {
        values.push_back(parse_int(node[i], fmt::format("{}[{}]", path, i), spec.min, spec.max));
      }
      return values;
    }
    case ParamType::kNameToInt: {
      if (!node.IsMap() || node.size() == 0) {
        throw error(node, path,
                    fmt::format("expected a map of name: integer, got {}", kind_of(node)));
      }
      NameToInt entries;
      for (const auto& item : node) {
        const std::string name = parse_string(item.first, path);
        const std::string item_path = path + "." + name;
        for (const auto& existing : entries) {
          if (existing.first == name) throw error(item.first, item_path, "duplicate key");
        }
        config_.marks[item_path] = mark_of(item.second);
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
    config_.marks[path + "." + key] = mark_of(item.second);
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
    open_list_item(node, path, kPlayerKeys, "a player");
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
  if (const YAML::Node csv = node["games_csv"]; csv.IsDefined()) {
    if (csv.IsScalar() && csv.Scalar() == "gzip") {
      out.games_csv = GamesCsv::kGzip;
    } else if (csv.IsScalar() && (csv.Scalar() == "true" || csv.Scalar() == "false")) {
      out.games_csv = csv.Scalar() == "true" ? GamesCsv::kPlain : GamesCsv::kNone;
    } else {
      parse_one_of(csv, "output.games_csv", {"true", "false", "gzip"});  // throws, naming them
    }
  }
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
  const std::string value = parse_one_of(moves, "output.moves", {"none", "forfeits", "all"});
  out.moves = value == "none"  ? MovesRecord::kNone
              : value == "all" ? MovesRecord::kAll
                               : MovesRecord::kForfeits;
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
  if (!sprt.IsMap())
    throw error(sprt, "stop.sprt", fmt::format("expected a map, got {}", kind_of(sprt)));
  check_keys(sprt, "stop.sprt", kSprtKeys, "an SPRT");
  if (config_.players.size() != 2) {
    throw error(sprt, "stop.sprt",
                fmt::format("an SPRT needs exactly 2 players, got {}", config_.players.size()));
  }
  SprtTest test;
  if (sprt["model"].IsDefined()) {
    test.model = parse_enum<SprtModel>(sprt["model"], "stop.sprt.model", kSprtModelNames);
  }
  const double max_elo = max_sprt_elo(test.model);
  test.elo0 = parse_real(require(sprt, "elo0", "stop.sprt", "an SPRT"), "stop.sprt.elo0", -max_elo,
                         max_elo);
  test.elo1 = parse_real(require(sprt, "elo1", "stop.sprt", "an SPRT"), "stop.sprt.elo1", -max_elo,
                         max_elo);
  if (test.elo1 <= test.elo0) {
    throw error(sprt["elo1"], "stop.sprt.elo1", "elo1 must be greater than elo0");
  }
  if (sprt["alpha"].IsDefined())
    test.alpha = parse_real(sprt["alpha"], "stop.sprt.alpha", 1e-9, 0.5);
  if (sprt["beta"].IsDefined()) test.beta = parse_real(sprt["beta"], "stop.sprt.beta", 1e-9, 0.5);
  stop.sprt = test;
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
  config_.mode = {static_cast<int>(found - modes.begin()), name};
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
    open_list_item(node, path, kExpectKeys, "an expectation");
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
    const double inf = std::numeric_limits<double>::infinity();
    e.value =
        parse_real(require(node, "value", path, "an expectation"), path + ".value", -inf, inf);
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
  return std::move(config_);
}

}  // namespace

RunConfig parse_config(const std::string& text, const std::string& file, const Registry& registry) {
  return Loader(file, registry).load(text);
}

RunConfig load_config(const std::string& path, const Registry& registry) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ConfigError(path, SourceMark{},
                      fmt::format("cannot read the config: {}", std::strerror(errno)));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigError(path, SourceMark{}, "cannot read the config: read error");
  return parse_config(text.str(), path, registry);
}

bool follows_from_seed(const PlayerConfig& player) {
  if (player.strategy == "external") return false;
  if (!player.params.contains("time_ms")) return true;
  const ParamValue& limit = player.params.at("time_ms");
  if (const auto* ms = std::get_if<int64_t>(&limit)) return *ms <= 0;
  if (const auto* ms = std::get_if<double>(&limit)) return *ms <= 0;
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
