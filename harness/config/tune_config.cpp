#include "harness/config/tune_config.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "harness/config/yaml_reader.hpp"
#include "harness/registry/registry.hpp"

namespace arena {
namespace {

const std::vector<std::string> kTuneKeys = {
    "variant", "method",     "params",     "iterations", "batch",    "against", "alpha", "gamma",
    "a_ratio", "population", "tournament", "crossover",  "mutation", "elite",   "verify"};
const std::vector<std::string> kSpsaOnly = {"alpha", "gamma", "a_ratio"};
const std::vector<std::string> kGeneticOnly = {"population", "tournament", "crossover", "mutation",
                                               "elite"};
const std::vector<std::string> kParamKeys = {"start", "min", "max", "c_end", "r_end", "sigma"};
const std::vector<std::string> kVerifyKeys = {"games", "sprt"};

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// What a tunable parameter of the player is before the config narrows it:
// its type and the range its strategy allows, and the value the player has.
struct Tunable {
  bool integer = false;
  double min = -kUnbounded;
  double max = kUnbounded;
  double value = 0;
};

// Reads the section; one function per part, all throwing at the key at fault.
class TuneLoader {
 public:
  TuneLoader(YamlReader& reader, const RunConfig& config, const EngineSpec& engine)
      : r_(reader), config_(config), engine_(engine) {}

  TuneConfig load(const YAML::Node& node);

 private:
  int player_index(const YAML::Node& node, const std::string& path) const;
  void check_method_keys(const YAML::Node& node) const;
  Tunable tunable(const YAML::Node& key, const std::string& path, const std::string& name) const;
  TuneParam param(const YAML::Node& key, const YAML::Node& node, const std::string& path);
  void params(const YAML::Node& node);
  void against(const YAML::Node& node);
  void settings(const YAML::Node& node);
  void verify(const YAML::Node& node);

  YamlReader& r_;
  const RunConfig& config_;
  const EngineSpec& engine_;
  TuneConfig tune_;
};

std::vector<std::string> player_names(const RunConfig& config) {
  std::vector<std::string> names;
  for (const PlayerConfig& p : config.players)
    names.push_back(p.name);
  return names;
}

int TuneLoader::player_index(const YAML::Node& node, const std::string& path) const {
  const std::string name = r_.parse_string(node, path);
  const std::vector<std::string> names = player_names(config_);
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) {
    throw r_.error(node, path,
                   fmt::format("no player named '{}'{}", name, did_you_mean(name, names)));
  }
  return static_cast<int>(it - names.begin());
}

// Settings of the other method are refused rather than ignored: a config
// that names them expects them to act.
void TuneLoader::check_method_keys(const YAML::Node& node) const {
  const bool spsa = tune_.method == TuneMethod::kSpsa;
  for (const std::string& key : spsa ? kGeneticOnly : kSpsaOnly) {
    if (node[key].IsDefined()) {
      throw r_.error(node[key], "tune." + key,
                     fmt::format("applies to method {} only", spsa ? "genetic" : "spsa"));
    }
  }
}

Tunable TuneLoader::tunable(const YAML::Node& key, const std::string& path,
                            const std::string& name) const {
  const PlayerConfig& player = config_.players[static_cast<size_t>(tune_.variant)];
  const StrategySpec& strategy = *engine_.find_strategy(player.strategy);
  std::vector<std::string> numeric;
  for (const ParamSpec& spec : strategy.params) {
    const bool is_number = spec.type == ParamType::kInt || spec.type == ParamType::kReal;
    if (is_number && !strategy.external) numeric.push_back(spec.name);
    if (spec.name != name) continue;
    if (strategy.external) {
      throw r_.error(key, path,
                     fmt::format("'{}' is a setting of strategy 'external', not one of the "
                                 "program's own parameters",
                                 name));
    }
    if (!is_number) {
      throw r_.error(key, path,
                     fmt::format("parameter '{}' of strategy '{}' is not a number ({}); only "
                                 "integer and real parameters can be tuned",
                                 name, strategy.name, describe_type(spec)));
    }
    const ParamValue& value = player.params.at(name);
    const double v = spec.type == ParamType::kInt ? static_cast<double>(std::get<int64_t>(value))
                                                  : std::get<double>(value);
    return {spec.type == ParamType::kInt, spec.min, spec.max, v};
  }
  if (strategy.external && player.params.contains(name)) {
    // The program's own parameter: typed as YAML read it under params.
    const ParamValue& value = player.params.at(name);
    if (const auto* i = std::get_if<int64_t>(&value))
      return {true, -kUnbounded, kUnbounded, double(*i)};
    if (const auto* d = std::get_if<double>(&value)) return {false, -kUnbounded, kUnbounded, *d};
    throw r_.error(key, path,
                   fmt::format("the program's parameter '{}' is not a number; only numbers can "
                               "be tuned",
                               name));
  }
  if (strategy.external) {
    throw r_.error(key, path,
                   fmt::format("the program of player '{}' has no parameter '{}': write it under "
                               "its params with its start value (an integer there makes it an "
                               "integer parameter)",
                               player.name, name));
  }
  throw r_.error(
      key, path,
      fmt::format("strategy '{}' has no numeric parameter '{}'; numeric parameters: "
                  "{}{}",
                  strategy.name, name, fmt::join(numeric, ", "), did_you_mean(name, numeric)));
}

TuneParam TuneLoader::param(const YAML::Node& key, const YAML::Node& node,
                            const std::string& path) {
  TuneParam p;
  p.name = key.Scalar();
  const Tunable t = tunable(key, path, p.name);
  p.integer = t.integer;
  r_.open_map(node, path, kParamKeys, "a tuned parameter");
  const auto bound = [&](const char* name, double fallback) {
    if (node[name].IsDefined()) return r_.parse_real(node[name], path + "." + name, t.min, t.max);
    if (std::isinf(fallback)) {
      throw r_.error(
          node, path,
          fmt::format("missing required key '{}' (the parameter's range is unbounded)", name));
    }
    return fallback;
  };
  p.min = bound("min", t.min);
  p.max = bound("max", t.max);
  if (p.min >= p.max) {
    throw r_.error(node["max"].IsDefined() ? node["max"] : node, path + ".max",
                   fmt::format("max {} must be above min {}", p.max, p.min));
  }
  p.start = node["start"].IsDefined() ? r_.parse_real(node["start"], path + ".start", p.min, p.max)
                                      : t.value;
  if (p.start < p.min || p.start > p.max) {
    throw r_.error(node, path,
                   fmt::format("the player's value {} is outside [{}, {}]: give a start", p.start,
                               p.min, p.max));
  }
  if (tune_.method == TuneMethod::kSpsa) {
    if (node["sigma"].IsDefined())
      throw r_.error(node["sigma"], path + ".sigma", "applies to method genetic only");
    p.c_end = r_.parse_real(r_.require(node, "c_end", path, "an SPSA parameter"), path + ".c_end",
                            1e-12, kUnbounded);
    p.r_end = r_.parse_real(r_.require(node, "r_end", path, "an SPSA parameter"), path + ".r_end",
                            0, kUnbounded);
  } else {
    for (const char* key_name : {"c_end", "r_end"}) {
      if (node[key_name].IsDefined()) {
        throw r_.error(node[key_name], path + "." + key_name, "applies to method spsa only");
      }
    }
    p.sigma = node["sigma"].IsDefined()
                  ? r_.parse_real(node["sigma"], path + ".sigma", 1e-12, kUnbounded)
                  : (p.max - p.min) / 10;
  }
  return p;
}

void TuneLoader::params(const YAML::Node& node) {
  if (!node.IsMap() || node.size() == 0) {
    throw r_.error(
        node, "tune.params",
        fmt::format("expected a map of parameter: settings, got {}", YamlReader::kind_of(node)));
  }
  for (const auto& item : node) {
    if (!item.first.IsScalar())
      throw r_.error(item.first, "tune.params", "keys must be plain names");
    const std::string path = "tune.params." + item.first.Scalar();
    for (const TuneParam& p : tune_.params) {
      if (p.name == item.first.Scalar()) throw r_.error(item.first, path, "duplicate key");
    }
    tune_.params.push_back(param(item.first, item.second, path));
  }
}

void TuneLoader::against(const YAML::Node& node) {
  if (!node.IsSequence() || node.size() == 0) {
    throw r_.error(
        node, "tune.against",
        fmt::format("expected a list of player names, got {}", YamlReader::kind_of(node)));
  }
  for (size_t i = 0; i < node.size(); ++i) {
    const std::string path = fmt::format("tune.against[{}]", i);
    const int index = player_index(node[i], path);
    if (index == tune_.variant) {
      throw r_.error(node[i], path,
                     "the tuned player cannot be its own opponent (leave 'against' out to play "
                     "theta+ against theta-)");
    }
    if (std::find(tune_.against.begin(), tune_.against.end(), index) != tune_.against.end())
      throw r_.error(node[i], path, "named twice");
    tune_.against.push_back(index);
  }
}

void TuneLoader::settings(const YAML::Node& node) {
  const auto real = [&](const char* key, double& target, double min, double max) {
    if (node[key].IsDefined())
      target = r_.parse_real(node[key], std::string("tune.") + key, min, max);
  };
  const auto integer = [&](const char* key, int& target, double min, double max) {
    if (node[key].IsDefined())
      target = static_cast<int>(r_.parse_int(node[key], std::string("tune.") + key, min, max));
  };
  real("alpha", tune_.spsa.alpha, 0, 10);
  real("gamma", tune_.spsa.gamma, 0, 10);
  real("a_ratio", tune_.spsa.a_ratio, 0, 10);
  GeneticSettings& g = tune_.genetic;
  integer("population", g.population, 2, 10000);
  integer("tournament", g.tournament, 1, g.population);
  integer("elite", g.elite, 0, g.population - 1);
  real("crossover", g.crossover, 0, 1);
  real("mutation", g.mutation, 0, 1);
}

void TuneLoader::verify(const YAML::Node& node) {
  tune_.verify.games = config_.games;
  if (!node.IsDefined() || node.IsNull()) return;
  r_.open_map(node, "tune.verify", kVerifyKeys, "the verification");
  if (node["games"].IsDefined()) {
    tune_.verify.games = static_cast<uint64_t>(
        r_.parse_int(node["games"], "tune.verify.games", 1, static_cast<double>(kMaxGames)));
  }
  if (node["sprt"].IsDefined()) tune_.verify.sprt = r_.parse_sprt(node["sprt"], "tune.verify.sprt");
}

TuneConfig TuneLoader::load(const YAML::Node& node) {
  r_.open_map(node, "tune", kTuneKeys, "the tune section");
  tune_.variant =
      player_index(r_.require(node, "variant", "tune", "the tune section"), "tune.variant");
  if (node["method"].IsDefined())
    tune_.method = r_.parse_enum<TuneMethod>(node["method"], "tune.method", kTuneMethodNames);
  check_method_keys(node);
  params(r_.require(node, "params", "tune", "the tune section"));
  tune_.iterations = static_cast<uint64_t>(
      r_.parse_int(r_.require(node, "iterations", "tune", "the tune section"), "tune.iterations", 1,
                   static_cast<double>(kMaxTuneIterations)));
  if (node["batch"].IsDefined()) {
    tune_.batch = static_cast<uint64_t>(r_.parse_int(node["batch"], "tune.batch", 1, 1e6));
  }
  if (node["against"].IsDefined()) against(node["against"]);
  settings(node);
  verify(node["verify"]);
  return std::move(tune_);
}

nlohmann::ordered_json sprt_json(const SprtTest& t) {
  return {{"elo0", t.elo0},
          {"elo1", t.elo1},
          {"alpha", t.alpha},
          {"beta", t.beta},
          {"model", sprt_model_name(t.model)}};
}

}  // namespace

std::shared_ptr<const TuneConfig> parse_tune(YamlReader& reader, const YAML::Node& node,
                                             const RunConfig& config, const EngineSpec& engine) {
  return std::make_shared<const TuneConfig>(TuneLoader(reader, config, engine).load(node));
}

nlohmann::ordered_json tune_json(const TuneConfig& tune, const RunConfig& config) {
  using Json = nlohmann::ordered_json;
  Json params = Json::object();
  for (const TuneParam& p : tune.params) {
    Json entry = {{"type", p.integer ? "integer" : "real"},
                  {"start", p.start},
                  {"min", p.min},
                  {"max", p.max}};
    if (tune.method == TuneMethod::kSpsa) {
      entry["c_end"] = p.c_end;
      entry["r_end"] = p.r_end;
    } else {
      entry["sigma"] = p.sigma;
    }
    params[p.name] = entry;
  }
  Json against = Json::array();
  for (int i : tune.against)
    against.push_back(config.players[static_cast<size_t>(i)].name);
  Json out = {{"variant", config.players[static_cast<size_t>(tune.variant)].name},
              {"method", tune_method_name(tune.method)},
              {"params", params},
              {"iterations", tune.iterations},
              {"batch", tune.batch},
              {"against", against}};
  if (tune.method == TuneMethod::kSpsa) {
    out["alpha"] = tune.spsa.alpha;
    out["gamma"] = tune.spsa.gamma;
    out["a_ratio"] = tune.spsa.a_ratio;
  } else {
    const GeneticSettings& g = tune.genetic;
    out["population"] = g.population;
    out["tournament"] = g.tournament;
    out["crossover"] = g.crossover;
    out["mutation"] = g.mutation;
    out["elite"] = g.elite;
  }
  Json verify = {{"games", tune.verify.games}};
  if (tune.verify.sprt) verify["sprt"] = sprt_json(*tune.verify.sprt);
  out["verify"] = verify;
  return out;
}

}  // namespace arena
