// The `tune:` section of a config: which player's numeric parameters
// `arena tune` searches, how (SPSA as fishtest runs it, or a genetic
// algorithm), against whom, and how the result is verified (docs/tuning.md).
//
// Contract: parse_tune either returns a TuneConfig in which every setting is
// filled in and checked against the player's strategy (each parameter is an
// integer or real parameter of the strategy, or a numeric parameter of an
// external program written under its params; min < max inside the declared
// range; start inside [min, max]) or throws ConfigError at the key at fault.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"

namespace arena {

class YamlReader;
struct EngineSpec;

enum class TuneMethod { kSpsa, kGenetic };
inline constexpr EnumName<TuneMethod> kTuneMethodNames[] = {{TuneMethod::kSpsa, "spsa"},
                                                            {TuneMethod::kGenetic, "genetic"}};

struct TuneParam {
  std::string name;
  // An integer parameter: its value moves as a real number and each game
  // step plays it rounded at random (fishtest's floor(x + U[0, 1))).
  bool integer = false;
  double start = 0;
  double min = 0;
  double max = 0;
  double c_end = 0;  // SPSA: the perturbation at the last iteration
  double r_end = 0;  // SPSA: the learning rate at the last iteration (a_end = r_end c_end^2)
  double sigma = 0;  // genetic: standard deviation of a mutation
};

// fishtest's schedule constants: alpha, gamma and A = a_ratio x iterations.
struct SpsaSettings {
  double alpha = 0.602;
  double gamma = 0.101;
  double a_ratio = 0.1;
};

struct GeneticSettings {
  int population = 16;
  int tournament = 3;      // individuals drawn per selection; the fittest is a parent
  double crossover = 0.9;  // probability that a child blends two parents (else copies one)
  double mutation = 0.2;   // probability that each parameter of a child mutates
  int elite = 1;           // best individuals copied unchanged into the next generation
};

// The match that checks the result, played after the search and not part of it.
struct VerifySettings {
  uint64_t games = 0;  // games of tuned against the start point (and per opponent)
  std::optional<SprtTest> sprt;
};

struct TuneConfig {
  int variant = 0;  // the player whose parameters move (index into players)
  TuneMethod method = TuneMethod::kSpsa;
  std::vector<TuneParam> params;
  // SPSA: fishtest's iterations, one game pair (a deal per opponent table)
  // each; genetic: generations.
  uint64_t iterations = 0;
  // SPSA: iterations per step (played in parallel with one perturbation, as a
  // fishtest worker's batch); genetic: deals each individual plays per generation.
  uint64_t batch = 16;
  // Fixed opponents (player indices). Empty: SPSA plays theta+ against
  // theta-; the genetic search plays each individual against the start point.
  std::vector<int> against;
  SpsaSettings spsa;
  GeneticSettings genetic;
  VerifySettings verify;
};

inline const char* tune_method_name(TuneMethod method) {
  return name_of<TuneMethod>(kTuneMethodNames, method);
}

constexpr uint64_t kMaxTuneIterations = 1'000'000'000;

// Reads the `tune:` node of a config whose players, rules and games are loaded.
std::shared_ptr<const TuneConfig> parse_tune(YamlReader& reader, const YAML::Node& node,
                                             const RunConfig& config, const EngineSpec& engine);

// Every setting as JSON, in a fixed order (tune.json, checkpoints' identity).
nlohmann::ordered_json tune_json(const TuneConfig& tune, const RunConfig& config);

}  // namespace arena
