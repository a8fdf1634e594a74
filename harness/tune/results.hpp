// The files of `arena tune` (docs/tuning.md), written into the staging folder
// and committed with the folder, whole or not at all, as `arena run`'s are.
//
// Contract:
// - tune.json: the run (name, engine, mode, seed, version, config_crc32,
//   complete) with its timing fields (threads, wall_seconds); the search's
//   settings (tune); start, final (the search's answer) and tuned (what
//   config.tuned.yaml plays: integers rounded to the nearest); every step's
//   row of the trajectory; the verification (verify.hpp).
// - trajectory.csv: `iteration,<param>...` (genetic: `generation,...`), the
//   start point first, then one row per step; numbers in their shortest exact form.
// - config.tuned.yaml: the config resolved, named <name>-tuned, every player
//   as given but the tuned one, which plays the tuned values: a runnable
//   `arena run` config.
// Everything but the timing fields is the same whatever the thread count or
// a resume.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"
#include "harness/tune/search.hpp"

namespace arena {

struct TuneRun {
  uint64_t seed = 0;
  int threads = 1;
  double wall_seconds = 0;
  uint64_t games = 0;  // games the search played
};

// The values config.tuned.yaml plays: `point` with integers rounded.
Point tuned_values(const TuneConfig& tune, const Point& point);

nlohmann::ordered_json tune_results_json(const RunConfig& config, const TuneRun& run,
                                         const TuneState& state, const Point& final_point,
                                         const nlohmann::ordered_json& verification);

std::string trajectory_csv(const TuneConfig& tune, const TuneState& state);

std::string tuned_config_yaml(const RunConfig& config, const Point& tuned, uint64_t seed);

// tune.json's config_crc32: the CRC-32 of the config's identity (checkpoint.hpp).
std::string config_crc32(const RunConfig& config, uint64_t seed);

// The fields of tune.json that depend on timing or the thread count.
const std::vector<std::string>& tune_timing_fields();

}  // namespace arena
