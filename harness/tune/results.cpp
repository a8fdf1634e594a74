#include "harness/tune/results.hpp"

#include <cmath>

#include <fmt/format.h>
#include <zlib.h>

#include "harness/config/resolved.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/tune/checkpoint.hpp"
#include "harness/tune/matches.hpp"

namespace arena {
namespace {

using OrderedJson = nlohmann::ordered_json;

OrderedJson values_json(const TuneConfig& tune, const Point& point) {
  OrderedJson out = OrderedJson::object();
  for (size_t i = 0; i < tune.params.size(); ++i)
    out[tune.params[i].name] = point[i];
  return out;
}

OrderedJson trajectory_json(const TuneConfig& tune, const TuneState& state) {
  OrderedJson rows = OrderedJson::array();
  const bool spsa = tune.method == TuneMethod::kSpsa;
  for (size_t r = 1; r < state.trajectory.size(); ++r) {
    const TrajectoryRow& row = state.trajectory[r];
    OrderedJson entry = {{spsa ? "iteration" : "generation", row.iteration},
                         {"values", values_json(tune, row.values)}};
    if (spsa) {
      entry["result"] = row.result;
    } else {
      entry["best_score"] = row.result;
      entry["mean_score"] = row.mean;
    }
    rows.push_back(entry);
  }
  return rows;
}

}  // namespace

std::string config_crc32(const RunConfig& config, uint64_t seed) {
  const std::string text = tune_identity(config, seed);
  const uLong crc =
      ::crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size()));
  return fmt::format("{:08x}", static_cast<uint32_t>(crc));
}

Point tuned_values(const TuneConfig& tune, const Point& point) {
  Point out = point;
  for (size_t i = 0; i < out.size(); ++i)
    if (tune.params[i].integer) out[i] = std::round(out[i]);
  return out;
}

OrderedJson tune_results_json(const RunConfig& config, const TuneRun& run, const TuneState& state,
                              const Point& final_point, const OrderedJson& verification) {
  const TuneConfig& tune = *config.tune;
  OrderedJson out;
  out["name"] = config.name;
  out["engine"] = config.engine;
  out["mode"] = config.mode.name;
  out["seed"] = run.seed;
  out["threads"] = run.threads;
  out["wall_seconds"] = run.wall_seconds;
  out["version"] = ARENA_VERSION;
  out["config_crc32"] = config_crc32(config, run.seed);
  out["complete"] = true;
  out["method"] = tune_method_name(tune.method);
  out["variant"] = config.players[static_cast<size_t>(tune.variant)].name;
  out["tune"] = tune_json(tune, config);
  out["games"] = run.games;
  out["steps"] = state.step;
  out["start"] = values_json(tune, start_point(tune));
  out["final"] = values_json(tune, final_point);
  out["tuned"] = values_json(tune, tuned_values(tune, final_point));
  out["trajectory"] = trajectory_json(tune, state);
  out["verification"] = verification;
  return out;
}

std::string trajectory_csv(const TuneConfig& tune, const TuneState& state) {
  std::string text = tune.method == TuneMethod::kSpsa ? "iteration" : "generation";
  for (const TuneParam& p : tune.params)
    text += "," + p.name;
  text += "\n";
  for (const TrajectoryRow& row : state.trajectory) {
    text += fmt::format("{}", row.iteration);
    for (double v : row.values)
      text += fmt::format(",{}", v);  // shortest text that reads back exactly
    text += "\n";
  }
  return text;
}

std::string tuned_config_yaml(const RunConfig& config, const Point& tuned, uint64_t seed) {
  const TuneConfig& tune = *config.tune;
  RunConfig out = config;
  out.name = config.name + "-tuned";
  out.tune = nullptr;
  auto& player = out.players[static_cast<size_t>(tune.variant)];
  player = player_at(config, tune, tuned_values(tune, tuned), player.name);
  return fmt::format("# Tuned by arena tune from {}: {}'s values in tune.json.\n", config.file,
                     player.name) +
         resolved_yaml(out, seed);
}

const std::vector<std::string>& tune_timing_fields() {
  static const std::vector<std::string> fields = {"threads", "wall_seconds"};
  return fields;
}

}  // namespace arena
