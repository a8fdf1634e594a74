// `arena schema`: a JSON Schema of configs, engines, strategies and parameters
// included, for editors with a YAML language server.
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engines/core/bot_link.hpp"
#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/train/train_config.hpp"

namespace arena {
namespace {

// Config and player names name files (harness/config/config.cpp checks the same).
constexpr const char* kFileNamePattern = "^[A-Za-z0-9_-][A-Za-z0-9_.-]*$";

using OrderedJson = nlohmann::ordered_json;

// A bound as JSON Schema takes it (an infinite one is left out by the caller).
bool finite(double x) {
  return x > -std::numeric_limits<double>::infinity() &&
         x < std::numeric_limits<double>::infinity();
}

OrderedJson bounded(OrderedJson schema, const ParamSpec& p) {
  if (finite(p.min)) schema["minimum"] = p.min;
  if (finite(p.max)) schema["maximum"] = p.max;
  return schema;
}

OrderedJson default_of(const ParamValue& value) {
  struct ToJson {
    OrderedJson operator()(int64_t v) const { return v; }
    OrderedJson operator()(double v) const { return v; }
    OrderedJson operator()(bool v) const { return v; }
    OrderedJson operator()(const std::string& v) const { return v; }
    OrderedJson operator()(const IntList& v) const { return v; }
    OrderedJson operator()(const NameToInt& v) const {
      OrderedJson map = OrderedJson::object();
      for (const auto& [name, n] : v)
        map[name] = n;
      return map;
    }
  };
  return std::visit(ToJson{}, value);
}

OrderedJson param_schema(const ParamSpec& p) {
  OrderedJson s;
  switch (p.type) {
    case ParamType::kInt:
      s = bounded({{"type", "integer"}}, p);
      break;
    case ParamType::kReal:
      s = bounded({{"type", "number"}}, p);
      break;
    case ParamType::kBool:
      s = {{"type", "boolean"}};
      break;
    case ParamType::kChoice:
      s = {{"enum", p.choices}};
      break;
    case ParamType::kNameToInt:
      s = {{"type", "object"}, {"additionalProperties", bounded({{"type", "integer"}}, p)}};
      break;
    case ParamType::kText:
      s = {{"type", "string"}};
      break;
    case ParamType::kIntList: {
      const OrderedJson item = bounded({{"type", "integer"}}, p);
      s = {{"oneOf", {item, {{"type", "array"}, {"items", item}, {"minItems", 1}}}}};
      break;
    }
  }
  s["description"] = p.help;
  s["default"] = default_of(p.default_value);
  return s;
}

// With `open` (an external strategy), other keys are the program's own
// parameters: any scalar.
OrderedJson params_schema(const std::vector<ParamSpec>& params, bool open = false) {
  OrderedJson properties = OrderedJson::object();
  for (const ParamSpec& p : params)
    properties[p.name] = param_schema(p);
  const OrderedJson others =
      open ? OrderedJson{{"type", {"string", "number", "boolean"}}} : OrderedJson(false);
  return {{"type", "object"}, {"properties", properties}, {"additionalProperties", others}};
}

// An external strategy's program has no default: its `command` is required
// and not empty, as arena run requires (harness/runner/bots.cpp).
OrderedJson player_schema(const StrategySpec& s) {
  OrderedJson params = params_schema(s.params, s.external);
  OrderedJson required = {"strategy"};
  if (s.name == kExternalName) {
    params["properties"]["command"]["minLength"] = 1;
    params["required"] = {"command"};
    required.push_back("params");
  }
  return {{"type", "object"},
          {"description", s.help},
          {"properties",
           {{"name", {{"type", "string"}, {"pattern", kFileNamePattern}}},
            {"strategy", {{"const", s.name}}},
            {"params", params}}},
          {"required", required},
          {"additionalProperties", false}};
}

// What a config for `engine` must hold beyond the common keys.
OrderedJson engine_schema(const EngineSpec& engine) {
  OrderedJson modes = OrderedJson::array();
  for (const ModeSpec& m : engine.modes)
    modes.push_back(m.name);
  OrderedJson players = OrderedJson::array();
  for (const StrategySpec& s : engine.strategies)
    players.push_back(player_schema(s));
  return {{"if", {{"properties", {{"engine", {{"const", engine.name}}}}}}},
          {"then",
           {{"properties",
             {{"mode", {{"enum", modes}}},
              {"rules", params_schema(engine.rules)},
              {"players", {{"items", {{"oneOf", players}}}}}}}}}};
}

OrderedJson sprt_schema() {
  return {{"type", "object"},
          {"properties",
           {{"elo0", {{"type", "number"}, {"minimum", -400}, {"maximum", 400}}},
            {"elo1", {{"type", "number"}, {"minimum", -400}, {"maximum", 400}}},
            {"alpha", {{"type", "number"}, {"exclusiveMinimum", 0}, {"maximum", 0.5}}},
            {"beta", {{"type", "number"}, {"exclusiveMinimum", 0}, {"maximum", 0.5}}},
            {"model", {{"enum", names_of<SprtModel>(kSprtModelNames)}}}}},
          {"required", {"elo0", "elo1"}},
          {"additionalProperties", false}};
}

OrderedJson stop_schema() {
  return {{"type", "object"},
          {"properties",
           {{"sprt", sprt_schema()},
            {"ci_width", {{"type", "number"}, {"exclusiveMinimum", 0}, {"maximum", 1}}},
            {"max_games", {{"type", "integer"}, {"minimum", 1}}},
            {"batch", {{"type", "integer"}, {"minimum", 1}}}}},
          {"additionalProperties", false}};
}

OrderedJson expect_schema() {
  return {
      {"type", "array"},
      {"items",
       {{"type", "object"},
        {"properties",
         {{"variant", {{"type", "string"}}},
          {"metric", {{"type", "string"}}},
          {"stat", {{"enum", {"mean", "median", "p90", "min", "max", "mode", "share"}}}},
          {"at", {{"type", "integer"}}},
          {"value", {{"type", "number"}}},
          {"range",
           {{"type", "array"}, {"items", {{"type", "number"}}}, {"minItems", 2}, {"maxItems", 2}}},
          {"tolerance", {{"type", "number"}, {"minimum", 0}}},
          {"source", {{"type", "string"}}}}},
        {"required", {"variant", "metric", "tolerance", "source"}},
        // One value or a range ("about 42-44"), never both.
        {"oneOf", {{{"required", {"value"}}}, {{"required", {"range"}}}}},
        // A share is of the games whose metric is `at`.
        {"if", {{"properties", {{"stat", {{"const", "share"}}}}}, {"required", {"stat"}}}},
        {"then", {{"required", {"at"}}}},
        {"additionalProperties", false}}}};
}

OrderedJson number_in(double min, double max) {
  return {{"type", "number"}, {"minimum", min}, {"maximum", max}};
}

OrderedJson integer_in(double min, double max) {
  return {{"type", "integer"}, {"minimum", min}, {"maximum", max}};
}

// tune: which player's numeric parameters arena tune searches, and how
// (harness/config/tune_config.hpp). Which parameters a strategy has is
// checked by arena itself; the schema knows the keys and each method's own.
OrderedJson tune_schema() {
  const OrderedJson positive = {{"type", "number"}, {"exclusiveMinimum", 0}};
  const OrderedJson param = {{"type", "object"},
                             {"properties",
                              {{"start", {{"type", "number"}}},
                               {"min", {{"type", "number"}}},
                               {"max", {{"type", "number"}}},
                               {"c_end", positive},
                               {"r_end", {{"type", "number"}, {"minimum", 0}}},
                               {"sigma", positive}}},
                             {"additionalProperties", false}};
  OrderedJson spsa_keys_absent = OrderedJson::array();
  for (const char* key : {"population", "tournament", "crossover", "mutation", "elite"})
    spsa_keys_absent.push_back({{"required", {key}}});
  OrderedJson genetic_keys_absent = OrderedJson::array();
  for (const char* key : {"alpha", "gamma", "a_ratio"})
    genetic_keys_absent.push_back({{"required", {key}}});
  const OrderedJson is_genetic = {{"properties", {{"method", {{"const", "genetic"}}}}},
                                  {"required", {"method"}}};
  const OrderedJson genetic = {
      {"properties",
       {{"params",
         {{"additionalProperties",
           {{"not", {{"anyOf", {{{"required", {"c_end"}}}, {{"required", {"r_end"}}}}}}}}}}}}},
      {"not", {{"anyOf", genetic_keys_absent}}}};
  const OrderedJson spsa = {
      {"properties",
       {{"params",
         {{"additionalProperties",
           {{"required", {"c_end", "r_end"}}, {"not", {{"required", {"sigma"}}}}}}}}}},
      {"not", {{"anyOf", spsa_keys_absent}}}};
  return {{"type", "object"},
          {"description", "arena tune: the parameter search (docs/tuning.md)"},
          {"properties",
           {{"variant", {{"type", "string"}}},
            {"method", {{"enum", names_of<TuneMethod>(kTuneMethodNames)}}},
            {"params", {{"type", "object"}, {"minProperties", 1}, {"additionalProperties", param}}},
            {"iterations", integer_in(1, static_cast<double>(kMaxTuneIterations))},
            {"batch", integer_in(1, 1e6)},
            {"against",
             {{"type", "array"},
              {"items", {{"type", "string"}}},
              {"minItems", 1},
              {"uniqueItems", true}}},
            {"alpha", number_in(0, 10)},
            {"gamma", number_in(0, 10)},
            {"a_ratio", number_in(0, 10)},
            {"population", integer_in(2, 10000)},
            {"tournament", integer_in(1, 10000)},
            {"crossover", number_in(0, 1)},
            {"mutation", number_in(0, 1)},
            {"elite", integer_in(0, 9999)},
            {"verify",
             {{"type", "object"},
              {"properties",
               {{"games", integer_in(1, static_cast<double>(kMaxGames))}, {"sprt", sprt_schema()}}},
              {"additionalProperties", false}}}}},
          {"required", {"variant", "params", "iterations"}},
          {"additionalProperties", false},
          {"if", is_genetic},
          {"then", genetic},
          {"else", spsa}};
}

}  // namespace

// output: {games_csv: true | false | gzip, moves: none | forfeits | all | {sample: K}}.
OrderedJson output_schema() {
  const OrderedJson games_csv = {
      {"description", "games.csv plain (true), gzip-compressed or not written"},
      {"oneOf", {{{"type", "boolean"}}, {{"const", "gzip"}}}}};
  const OrderedJson moves = {
      {"description",
       "the games whose moves go to moves.jsonl.gz: none, forfeits (the games the seed cannot "
       "rebuild: external programs, time-limited search, forfeits over a decision budget), "
       "all, or {sample: K} more spread over the run"},
      {"oneOf",
       {{{"enum", {"none", "forfeits", "all"}}},
        {{"type", "object"},
         {"properties", {{"sample", {{"type", "integer"}, {"minimum", 1}}}}},
         {"required", {"sample"}},
         {"additionalProperties", false}}}}};
  return {{"type", "object"},
          {"properties", {{"games_csv", games_csv}, {"moves", moves}}},
          {"additionalProperties", false}};
}

std::string config_schema(const Registry& registry) {
  OrderedJson engines = OrderedJson::array();
  OrderedJson conditions = OrderedJson::array();
  for (const EngineSpec& engine : registry.engines()) {
    engines.push_back(engine.name);
    conditions.push_back(engine_schema(engine));
  }
  OrderedJson schema = {
      {"$schema", "http://json-schema.org/draft-07/schema#"},
      {"$id", "https://arena.invalid/config.schema.json"},
      {"title", "arena run config"},
      {"type", "object"},
      {"properties",
       {{"name", {{"type", "string"}, {"pattern", kFileNamePattern}}},
        {"engine", {{"enum", engines}}},
        {"seed", {{"type", "integer"}, {"minimum", 0}}},
        {"games", {{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxGames}}},
        {"threads", {{"type", "integer"}, {"minimum", 0}, {"maximum", kMaxThreads}}},
        {"mode", {{"type", "string"}}},
        {"format", {{"enum", names_of<Format>(kFormatNames)}}},
        {"anchor", {{"enum", names_of<Anchor>(kAnchorNames)}}},
        {"pairs", {{"type", "boolean"}}},
        {"rules", {{"type", "object"}}},
        {"players", {{"type", "array"}, {"minItems", 1}, {"maxItems", kMaxPlayers}}},
        {"expect", expect_schema()},
        {"stop", stop_schema()},
        {"limits",
         {{"type", "object"},
          {"properties", {{"decision_ms", {{"type", "number"}, {"minimum", 0.001}}}}},
          {"additionalProperties", false}}},
        {"output", output_schema()},
        {"train", train_schema()},
        {"tune", tune_schema()}}},
      {"required", {"name", "engine", "players"}},
      {"additionalProperties", false},
      {"allOf", conditions}};
  return schema.dump(2) + "\n";
}

int schema_command(const Registry& registry) {
  fmt::print("{}", config_schema(registry));
  return 0;
}

}  // namespace arena
