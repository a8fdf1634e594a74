#include "harness/config/params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arena {

namespace {

std::string format_bound(double x) {
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  return fmt::format("{}", x);
}

}  // namespace

std::string describe_type(const ParamSpec& spec) {
  const auto range = fmt::format("[{}, {}]", format_bound(spec.min), format_bound(spec.max));
  switch (spec.type) {
    case ParamType::kInt:
      return "integer in " + range;
    case ParamType::kReal:
      return "number in " + range;
    case ParamType::kBool:
      return "true or false";
    case ParamType::kChoice:
      return fmt::format("one of {}", fmt::join(spec.choices, " | "));
    case ParamType::kNameToInt:
      return "map of name: integer in " + range;
    case ParamType::kText:
      return "text";
    case ParamType::kIntList:
      return "integer or list of integers in " + range;
  }
  return "";
}

std::string format_value(const ParamValue& value) {
  struct Formatter {
    std::string operator()(int64_t v) const { return std::to_string(v); }
    std::string operator()(double v) const { return fmt::format("{}", v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(const IntList& v) const {
      return fmt::format("[{}]", fmt::join(v, ", "));
    }
    std::string operator()(const NameToInt& v) const {
      std::vector<std::string> items;
      for (const auto& [name, n] : v)
        items.push_back(fmt::format("{}: {}", name, n));
      return fmt::format("{{{}}}", fmt::join(items, ", "));
    }
  };
  return std::visit(Formatter{}, value);
}

std::string overrides_yaml(const ParamOverrides& overrides) {
  std::string out;
  for (const auto& [key, value] : overrides) {
    const auto* text = std::get_if<std::string>(&value);
    out += (out.empty() ? "" : ", ") + key + ": " +
           (text ? nlohmann::json(*text).dump() : format_value(value));
  }
  return "{" + out + "}";
}

std::string setting_label(const std::vector<StrategyInfo>& infos, const StrategySetting& setting) {
  std::string label = setting.strategy;
  if (setting.sample == 0) return label;
  for (const StrategyInfo& info : infos) {
    if (info.name != setting.strategy) continue;
    for (const auto& [key, value] : info.samples[static_cast<size_t>(setting.sample - 1)])
      label += "/" + key + "=" + format_value(value);
  }
  return label;
}

nlohmann::ordered_json params_json(const ParamSet& params) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& entry : params.entries()) {
    const std::string& name = entry.first;  // not a structured binding: the lambda captures it
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, NameToInt>) {
            nlohmann::ordered_json map = nlohmann::ordered_json::object();
            for (const auto& [key, n] : v)
              map[key] = n;
            out[name] = map;
          } else {
            out[name] = v;
          }
        },
        entry.second);
  }
  return out;
}

}  // namespace arena
