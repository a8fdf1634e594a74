// What `arena train` writes into its results folder (docs/training.md):
// the policy file, train.json, learning_curve.csv, report.html and
// config.trained.yaml.
//
// Contract: every function is a pure function of its arguments; only the
// `timing` object of train.json depends on the clock (and threads), so the
// rest is identical bit for bit at any thread count and after a resume.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/train/train_config.hpp"
#include "harness/train/trainer.hpp"

namespace arena {

inline constexpr const char* kPolicyFile = "policy.json";
inline constexpr const char* kTrainJson = "train.json";
inline constexpr const char* kCurveCsv = "learning_curve.csv";
inline constexpr const char* kTrainedConfig = "config.trained.yaml";

struct TrainTiming {
  int threads = 1;
  double wall_seconds = 0;
};

// The policy file: the learnt table with how it was learnt (meta).
std::string policy_json(const TrainConfig& config, uint64_t seed, const TrainState& state);

// train.json: the run (name, seed, version, complete), its settings, the
// learning curve and its last points, and `timing`.
nlohmann::json train_json(const TrainConfig& config, uint64_t seed, const TrainState& state,
                          bool complete, const TrainTiming& timing);

// learning_curve.csv: games,opponent,seats,eval_games,win_share,ci_low,ci_high.
std::string curve_csv(const TrainConfig& config, const TrainState& state);

// A config for `arena run` that plays the trained policy (policy.json beside
// it) against random, memory, belief and counting at three seats.
std::string trained_config_yaml(const TrainConfig& config, uint64_t seed);

// report.html from train.json: the settings and the learning curves.
std::string render_train_report(const nlohmann::json& train);

}  // namespace arena
