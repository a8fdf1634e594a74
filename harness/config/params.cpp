#include "harness/config/params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arena {

ParamSpec ParamSpec::integer(std::string name, int64_t def, int64_t min, int64_t max,
                             std::string help) {
  return {std::move(name),          ParamType::kInt,          def,
          static_cast<double>(min), static_cast<double>(max), {},
          std::move(help)};
}

ParamSpec ParamSpec::real(std::string name, double def, double min, double max, std::string help) {
  return {std::move(name), ParamType::kReal, def, min, max, {}, std::move(help)};
}

ParamSpec ParamSpec::flag(std::string name, bool def, std::string help) {
  return {std::move(name), ParamType::kBool, def, 0, 1, {}, std::move(help)};
}

ParamSpec ParamSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  return {std::move(name),    ParamType::kChoice, std::move(def), 0, 0,
          std::move(choices), std::move(help)};
}

ParamSpec ParamSpec::name_to_int(std::string name, NameToInt def, int64_t min, int64_t max,
                                 std::string help) {
  return {std::move(name),          ParamType::kNameToInt,    std::move(def),
          static_cast<double>(min), static_cast<double>(max), {},
          std::move(help)};
}

ParamSpec ParamSpec::text(std::string name, std::string def, std::string help) {
  return {std::move(name), ParamType::kText, std::move(def), 0, 0, {}, std::move(help)};
}

ParamSpec ParamSpec::int_list(std::string name, IntList def, int64_t min, int64_t max,
                              std::string help) {
  return {std::move(name),          ParamType::kIntList,      std::move(def),
          static_cast<double>(min), static_cast<double>(max), {},
          std::move(help)};
}

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

void ParamSet::set(const std::string& name, ParamValue value) {
  for (auto& [key, existing] : entries_) {
    if (key == name) {
      existing = std::move(value);
      return;
    }
  }
  entries_.emplace_back(name, std::move(value));
}

bool ParamSet::contains(const std::string& name) const {
  for (const auto& entry : entries_) {
    if (entry.first == name) return true;
  }
  return false;
}

const ParamValue& ParamSet::at(const std::string& name) const {
  for (const auto& [key, value] : entries_) {
    if (key == name) return value;
  }
  throw std::logic_error("no parameter named " + name);
}

ParamSet defaults_of(const std::vector<ParamSpec>& specs) {
  ParamSet set;
  for (const auto& spec : specs)
    set.set(spec.name, spec.default_value);
  return set;
}

}  // namespace arena
