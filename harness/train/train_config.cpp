#include "harness/train/train_config.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace arena {
namespace {

const std::vector<std::string> kTrainKeys = {
    "variant",  "opponents",   "seats", "games",    "batch",           "learning_rate",
    "discount", "exploration", "start", "evaluate", "checkpoint_every"};
const std::vector<std::string> kExplorationKeys = {"start", "end"};
const std::vector<std::string> kEvaluateKeys = {"against", "seats", "games", "every", "at"};
constexpr const char* kSelfName = "self";

// Reads the train section of one YAML document; errors name file:line:col and key.
class TrainLoader {
 public:
  TrainLoader(TrainConfig& config, std::string file) : c_(config), file_(std::move(file)) {}

  void load(const YAML::Node& section);

 private:
  ConfigError error(const YAML::Node& node, const std::string& path,
                    const std::string& message) const {
    const YAML::Mark m = node.Mark();
    const SourceMark mark = m.is_null() ? SourceMark{} : SourceMark{m.line + 1, m.column + 1};
    return {file_, mark, path + ": " + message};
  }
  void check_map(const YAML::Node& node, const std::string& path,
                 const std::vector<std::string>& allowed) const;
  double real(const YAML::Node& node, const std::string& path, double min, double max) const;
  uint64_t integer(const YAML::Node& node, const std::string& path, double min, double max) const;
  int player(const YAML::Node& node, const std::string& path, bool self_allowed) const;
  std::vector<int> players(const YAML::Node& node, const std::string& path,
                           bool self_allowed) const;
  void load_seats(const YAML::Node& node);
  void load_exploration(const YAML::Node& node);
  void load_evaluate(const YAML::Node& node);
  void check_counts(const YAML::Node& section) const;

  TrainConfig& c_;
  std::string file_;
};

void TrainLoader::check_map(const YAML::Node& node, const std::string& path,
                            const std::vector<std::string>& allowed) const {
  if (!node.IsMap()) throw error(node, path, "expected a map");
  std::set<std::string> seen;
  for (const auto& item : node) {
    const std::string key = item.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      throw error(item.first, path + "." + key,
                  fmt::format("unknown key '{}' in {}{}", key, path, did_you_mean(key, allowed)));
    }
    if (!seen.insert(key).second) throw error(item.first, path + "." + key, "duplicate key");
  }
}

double TrainLoader::real(const YAML::Node& node, const std::string& path, double min,
                         double max) const {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
      !std::isfinite(value))
    throw error(node, path, "expected a number");
  if (value < min || value > max)
    throw error(node, path, fmt::format("value {} is out of range [{}, {}]", value, min, max));
  return value;
}

uint64_t TrainLoader::integer(const YAML::Node& node, const std::string& path, double min,
                              double max) const {
  const double value = real(node, path, min, max);
  if (value != std::floor(value)) throw error(node, path, "expected an integer");
  return static_cast<uint64_t>(value);
}

// A player by name ("self": the learner's own current table, where allowed).
int TrainLoader::player(const YAML::Node& node, const std::string& path, bool self_allowed) const {
  const std::string name = node.IsScalar() ? node.Scalar() : "";
  if (self_allowed && name == kSelfName) return TrainConfig::kSelf;
  std::vector<std::string> names;
  for (const PlayerConfig& p : c_.run.players)
    names.push_back(p.name);
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) {
    throw error(node, path,
                fmt::format("no player named '{}'{}{}", name, self_allowed ? " (nor 'self')" : "",
                            did_you_mean(name, names)));
  }
  return static_cast<int>(it - names.begin());
}

std::vector<int> TrainLoader::players(const YAML::Node& node, const std::string& path,
                                      bool self_allowed) const {
  if (node.IsScalar()) return {player(node, path, self_allowed)};
  if (!node.IsSequence() || node.size() == 0)
    throw error(node, path, "expected a list of player names");
  std::vector<int> out;
  for (size_t i = 0; i < node.size(); ++i)
    out.push_back(player(node[i], fmt::format("{}[{}]", path, i), self_allowed));
  return out;
}

void TrainLoader::load_seats(const YAML::Node& node) {
  c_.seats.clear();
  if (node.IsScalar()) {
    c_.seats.push_back(static_cast<int>(integer(node, "train.seats", 2, 10)));
    return;
  }
  if (!node.IsSequence() || node.size() == 0)
    throw error(node, "train.seats", "expected a list of table sizes (2 to 10)");
  for (size_t i = 0; i < node.size(); ++i)
    c_.seats.push_back(
        static_cast<int>(integer(node[i], fmt::format("train.seats[{}]", i), 2, 10)));
}

void TrainLoader::load_exploration(const YAML::Node& node) {
  if (node.IsScalar()) {
    c_.exploration_start = c_.exploration_end = real(node, "train.exploration", 0, 1);
    return;
  }
  check_map(node, "train.exploration", kExplorationKeys);
  if (node["start"]) c_.exploration_start = real(node["start"], "train.exploration.start", 0, 1);
  if (node["end"]) c_.exploration_end = real(node["end"], "train.exploration.end", 0, 1);
}

void TrainLoader::load_evaluate(const YAML::Node& node) {
  check_map(node, "train.evaluate", kEvaluateKeys);
  TrainEvaluation& e = c_.evaluate;
  if (node["against"]) e.against = players(node["against"], "train.evaluate.against", false);
  if (node["seats"])
    e.seats = static_cast<int>(integer(node["seats"], "train.evaluate.seats", 2, 10));
  if (node["games"]) e.games = integer(node["games"], "train.evaluate.games", 1, 1e9);
  if (node["every"]) e.every = integer(node["every"], "train.evaluate.every", 1, 1e12);
  if (node["at"]) {
    const YAML::Node at = node["at"];
    if (!at.IsSequence()) throw error(at, "train.evaluate.at", "expected a list of game counts");
    for (size_t i = 0; i < at.size(); ++i)
      e.at.push_back(integer(at[i], fmt::format("train.evaluate.at[{}]", i), 1, 1e12));
  }
  if (e.games % static_cast<uint64_t>(e.seats) != 0) {
    throw error(node["games"] ? node["games"] : node, "train.evaluate.games",
                fmt::format("must be a multiple of {} (each deal is played with the learner in "
                            "every seat)",
                            e.seats));
  }
}

// Games come in whole generations, and evaluations fall between them.
void TrainLoader::check_counts(const YAML::Node& section) const {
  const auto at = [&](const char* key) { return section[key] ? section[key] : section; };
  if (c_.games % c_.batch != 0) {
    throw error(at("games"), "train.games",
                fmt::format("must be a multiple of train.batch ({})", c_.batch));
  }
  if (c_.evaluate.every % c_.batch != 0) {
    const YAML::Node ev = section["evaluate"];
    throw error(ev && ev["every"] ? ev["every"] : at("evaluate"), "train.evaluate.every",
                fmt::format("must be a multiple of train.batch ({})", c_.batch));
  }
  const std::vector<uint64_t>& points = c_.evaluate.at;
  for (size_t i = 0; i < points.size(); ++i) {
    const auto node = [&] { return section["evaluate"]["at"][i]; };
    const std::string path = fmt::format("train.evaluate.at[{}]", i);
    if (points[i] % c_.batch != 0)
      throw error(node(), path, fmt::format("must be a multiple of train.batch ({})", c_.batch));
    if (points[i] > c_.games)
      throw error(node(), path, fmt::format("is past the last training game ({})", c_.games));
    if (i > 0 && points[i] <= points[i - 1])
      throw error(node(), path, fmt::format("must be above {} (ascending)", points[i - 1]));
  }
}

void TrainLoader::load(const YAML::Node& section) {
  check_map(section, "train", kTrainKeys);
  if (!section["variant"]) throw error(section, "train.variant", "missing required key");
  c_.learner = player(section["variant"], "train.variant", false);
  if (c_.run.players[static_cast<size_t>(c_.learner)].strategy != "q-learning") {
    throw error(section["variant"], "train.variant",
                fmt::format("player '{}' plays '{}'; the learner must play q-learning",
                            c_.run.players[static_cast<size_t>(c_.learner)].name,
                            c_.run.players[static_cast<size_t>(c_.learner)].strategy));
  }
  c_.opponents = section["opponents"] ? players(section["opponents"], "train.opponents", true)
                                      : std::vector<int>{TrainConfig::kSelf};
  if (section["seats"]) load_seats(section["seats"]);
  if (section["games"]) c_.games = integer(section["games"], "train.games", 1, 1e12);
  if (section["batch"]) c_.batch = integer(section["batch"], "train.batch", 1, 1e6);
  if (section["learning_rate"])
    c_.learning_rate = real(section["learning_rate"], "train.learning_rate", 1e-9, 1);
  if (section["discount"]) c_.discount = real(section["discount"], "train.discount", 0, 1);
  if (section["exploration"]) load_exploration(section["exploration"]);
  if (section["start"]) {
    const auto names = names_of<TrainStart>(kTrainStartNames);
    const std::string s = section["start"].IsScalar() ? section["start"].Scalar() : "";
    const auto value = value_of<TrainStart>(kTrainStartNames, s);
    if (!value) {
      throw error(section["start"], "train.start",
                  fmt::format("'{}' is not one of {}", s, fmt::join(names, " | ")));
    }
    c_.start = *value;
  }
  for (size_t p = 0; p < c_.run.players.size(); ++p)
    if (static_cast<int>(p) != c_.learner) c_.evaluate.against.push_back(static_cast<int>(p));
  if (c_.evaluate.against.empty()) c_.evaluate.against = {c_.learner};  // a lone learner
  if (section["evaluate"]) load_evaluate(section["evaluate"]);
  if (section["checkpoint_every"])
    c_.checkpoint_seconds = real(section["checkpoint_every"], "train.checkpoint_every", 0, 86400);
  check_counts(section);
}

}  // namespace

bool TrainEvaluation::at_point(uint64_t game, uint64_t total) const {
  return game % every == 0 || game == total || std::binary_search(at.begin(), at.end(), game);
}

double TrainConfig::exploration_at(uint64_t game) const {
  const double done = games > 0 ? static_cast<double>(game) / static_cast<double>(games) : 1;
  return exploration_start + (exploration_end - exploration_start) * done;
}

TrainConfig parse_train_config(const std::string& text, const std::string& file,
                               const Registry& registry) {
  TrainConfig config;
  config.run = parse_config(text, file, registry);  // also checks the YAML's syntax
  const YAML::Node root = YAML::Load(text);
  if (config.run.engine != "go-fish") {
    throw config.run.error_at("engine", fmt::format("arena train teaches go-fish's q-learning; "
                                                    "engine '{}' has nothing to train",
                                                    config.run.engine));
  }
  const YAML::Node section = root["train"];
  if (!section || section.IsNull())
    throw ConfigError(file, SourceMark{}, "train: missing required key (arena train needs it)");
  TrainLoader(config, file).load(section);
  return config;
}

TrainConfig load_train_config(const std::string& path, const Registry& registry) {
  return parse_train_config(read_config_text(path), path, registry);
}

std::string resolved_train_yaml(const TrainConfig& c, bool with_checkpoint) {
  const auto name = [&](int p) {
    return p == TrainConfig::kSelf ? std::string(kSelfName)
                                   : c.run.players[static_cast<size_t>(p)].name;
  };
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "train" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "variant" << YAML::Value << name(c.learner);
  out << YAML::Key << "opponents" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const int p : c.opponents)
    out << name(p);
  out << YAML::EndSeq << YAML::Key << "seats" << YAML::Value << YAML::Flow << c.seats;
  out << YAML::Key << "games" << YAML::Value << c.games;
  out << YAML::Key << "batch" << YAML::Value << c.batch;
  out << YAML::Key << "learning_rate" << YAML::Value << fmt::format("{}", c.learning_rate);
  out << YAML::Key << "discount" << YAML::Value << fmt::format("{}", c.discount);
  out << YAML::Key << "exploration" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key
      << "start" << YAML::Value << fmt::format("{}", c.exploration_start) << YAML::Key << "end"
      << YAML::Value << fmt::format("{}", c.exploration_end) << YAML::EndMap;
  out << YAML::Key << "start" << YAML::Value << name_of<TrainStart>(kTrainStartNames, c.start);
  out << YAML::Key << "evaluate" << YAML::Value << YAML::BeginMap << YAML::Key << "against"
      << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const int p : c.evaluate.against)
    out << name(p);
  out << YAML::EndSeq << YAML::Key << "seats" << YAML::Value << c.evaluate.seats << YAML::Key
      << "games" << YAML::Value << c.evaluate.games << YAML::Key << "every" << YAML::Value
      << c.evaluate.every << YAML::Key << "at" << YAML::Value << YAML::Flow << c.evaluate.at
      << YAML::EndMap;
  if (with_checkpoint) {
    out << YAML::Key << "checkpoint_every" << YAML::Value
        << fmt::format("{}", c.checkpoint_seconds);
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

nlohmann::ordered_json train_schema() {
  using Json = nlohmann::ordered_json;
  const auto number = [](double min, double max) {
    return Json{{"type", "number"}, {"minimum", min}, {"maximum", max}};
  };
  const auto integer = [](double min, double max) {
    return Json{{"type", "integer"}, {"minimum", min}, {"maximum", max}};
  };
  const Json names = {{"oneOf",
                       {{{"type", "string"}},
                        {{"type", "array"}, {"items", {{"type", "string"}}}, {"minItems", 1}}}}};
  const Json seats = {
      {"oneOf", {integer(2, 10), {{"type", "array"}, {"items", integer(2, 10)}, {"minItems", 1}}}}};
  const Json exploration = {{"oneOf",
                             {number(0, 1),
                              {{"type", "object"},
                               {"properties", {{"start", number(0, 1)}, {"end", number(0, 1)}}},
                               {"additionalProperties", false}}}}};
  const Json evaluate = {{"type", "object"},
                         {"properties",
                          {{"against", names},
                           {"seats", integer(2, 10)},
                           {"games", integer(1, 1e9)},
                           {"every", integer(1, 1e12)},
                           {"at", {{"type", "array"}, {"items", integer(1, 1e12)}}}}},
                         {"additionalProperties", false}};
  return {{"description", "arena train: Q-learning of a go-fish q-learning player"},
          {"type", "object"},
          {"properties",
           {{"variant", {{"type", "string"}}},
            {"opponents", names},
            {"seats", seats},
            {"games", integer(1, 1e12)},
            {"batch", integer(1, 1e6)},
            {"learning_rate", {{"type", "number"}, {"exclusiveMinimum", 0}, {"maximum", 1}}},
            {"discount", number(0, 1)},
            {"exploration", exploration},
            {"start", {{"enum", names_of<TrainStart>(kTrainStartNames)}}},
            {"evaluate", evaluate},
            {"checkpoint_every", number(0, 86400)}}},
          {"required", {"variant"}},
          {"additionalProperties", false}};
}

}  // namespace arena
