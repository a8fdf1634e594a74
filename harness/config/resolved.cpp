#include "harness/config/resolved.hpp"

#include <cmath>
#include <string>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace arena {
namespace {

// Whether YAML would read `text`, written plain, as a number or true/false.
bool reads_as_non_text(const std::string& text) {
  const YAML::Node node(text);
  int64_t i = 0;
  double d = 0;
  bool b = false;
  return YAML::convert<int64_t>::decode(node, i) || YAML::convert<double>::decode(node, d) ||
         YAML::convert<bool>::decode(node, b);
}

// Every value reads back with its type: an external program's own
// parameters are typed as YAML reads them (config.cpp), so text that looks
// like a number is quoted and a whole real number keeps its ".0".
void emit_value(YAML::Emitter& out, const ParamValue& value) {
  if (const auto* v = std::get_if<int64_t>(&value)) {
    out << *v;
  } else if (const auto* d = std::get_if<double>(&value)) {
    std::string text = fmt::format("{}", *d);
    if (std::isfinite(*d) && text.find_first_of(".eE") == std::string::npos) text += ".0";
    if (std::isfinite(*d)) {
      out << text;
    } else {
      out << *d;
    }
  } else if (const auto* b = std::get_if<bool>(&value)) {
    out << YAML::TrueFalseBool << *b;
  } else if (const auto* s = std::get_if<std::string>(&value)) {
    if (reads_as_non_text(*s)) {
      out << YAML::DoubleQuoted << *s;
    } else {
      out << *s;
    }
  } else if (const auto* list = std::get_if<IntList>(&value)) {
    out << YAML::Flow << YAML::BeginSeq;
    for (int64_t n : *list)
      out << n;
    out << YAML::EndSeq;
  } else {
    out << YAML::Flow << YAML::BeginMap;
    for (const auto& [name, n] : std::get<NameToInt>(value))
      out << YAML::Key << name << YAML::Value << n;
    out << YAML::EndMap;
  }
}

void emit_params(YAML::Emitter& out, const ParamSet& params) {
  if (params.entries().empty()) {
    out << YAML::Flow << YAML::BeginMap << YAML::EndMap;
    return;
  }
  out << YAML::BeginMap;
  for (const auto& [name, value] : params.entries()) {
    out << YAML::Key << name << YAML::Value;
    emit_value(out, value);
  }
  out << YAML::EndMap;
}

}  // namespace

std::string resolved_yaml(const RunConfig& config, uint64_t seed) {
  YAML::Emitter out;
  out << YAML::Comment("Resolved by arena: every default filled in, the seed used recorded.");
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << config.name;
  out << YAML::Key << "engine" << YAML::Value << config.engine;
  out << YAML::Key << "seed" << YAML::Value << seed;
  out << YAML::Key << "games" << YAML::Value << config.games;
  out << YAML::Key << "threads" << YAML::Value << config.threads;
  out << YAML::Key << "mode" << YAML::Value << config.mode.name;
  out << YAML::Key << "format" << YAML::Value << format_name(config.format);
  out << YAML::Key << "anchor" << YAML::Value << anchor_name(config.anchor);
  out << YAML::Key << "pairs" << YAML::Value << YAML::TrueFalseBool << config.pairs;
  out << YAML::Key << "rules" << YAML::Value;
  emit_params(out, config.rules);
  out << YAML::Key << "players" << YAML::Value << YAML::BeginSeq;
  for (const auto& player : config.players) {
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << player.name;
    out << YAML::Key << "strategy" << YAML::Value << player.strategy;
    out << YAML::Key << "params" << YAML::Value;
    emit_params(out, player.params);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  const StopRules& stop = config.stop;
  if (stop.any() || stop.max_games) {
    out << YAML::Key << "stop" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "batch" << YAML::Value << stop.batch;
    if (stop.max_games) out << YAML::Key << "max_games" << YAML::Value << *stop.max_games;
    if (stop.ci_width) out << YAML::Key << "ci_width" << YAML::Value << *stop.ci_width;
    if (stop.sprt) {
      out << YAML::Key << "sprt" << YAML::Value << YAML::Flow << YAML::BeginMap;
      out << YAML::Key << "elo0" << YAML::Value << stop.sprt->elo0;
      out << YAML::Key << "elo1" << YAML::Value << stop.sprt->elo1;
      out << YAML::Key << "alpha" << YAML::Value << stop.sprt->alpha;
      out << YAML::Key << "beta" << YAML::Value << stop.sprt->beta;
      out << YAML::Key << "model" << YAML::Value << sprt_model_name(stop.sprt->model);
      out << YAML::EndMap;
    }
    out << YAML::EndMap;
  }
  if (config.limits.decision_ms) {
    out << YAML::Key << "limits" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "decision_ms" << YAML::Value << *config.limits.decision_ms;
    out << YAML::EndMap;
  }
  const OutputConfig& output = config.output;
  out << YAML::Key << "output" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "games_csv" << YAML::Value
      << name_of<GamesCsv>(kGamesCsvNames, output.games_csv);
  out << YAML::Key << "moves" << YAML::Value;
  if (output.moves == MovesRecord::kSample) {
    out << YAML::BeginMap << YAML::Key << "sample" << YAML::Value << output.sample << YAML::EndMap;
  } else {
    out << name_of<MovesRecord>(kMovesNames, output.moves);
  }
  out << YAML::EndMap;
  if (!config.expect.empty()) {
    out << YAML::Key << "expect" << YAML::Value << YAML::BeginSeq;
    for (const Expectation& e : config.expect) {
      out << YAML::BeginMap << YAML::Key << "variant" << YAML::Value << e.variant;
      out << YAML::Key << "metric" << YAML::Value << e.metric;
      out << YAML::Key << "stat" << YAML::Value << e.stat;
      if (e.stat == "share") out << YAML::Key << "at" << YAML::Value << e.at;
      if (e.up_to) {
        out << YAML::Key << "range" << YAML::Value << YAML::Flow << YAML::BeginSeq << e.value
            << *e.up_to << YAML::EndSeq;
      } else {
        out << YAML::Key << "value" << YAML::Value << e.value;
      }
      out << YAML::Key << "tolerance" << YAML::Value << e.tolerance;
      out << YAML::Key << "source" << YAML::Value << e.source << YAML::EndMap;
    }
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace arena
