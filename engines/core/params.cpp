#include "engines/core/params.hpp"

#include <stdexcept>

namespace arena {

ParamSpec ParamSpec::integer(std::string name, int64_t def, int64_t min, int64_t max,
                             std::string help) {
  return {std::move(name),          ParamType::kInt,          def,
          static_cast<double>(min), static_cast<double>(max), {},
          std::move(help)};
}

ParamSpec ParamSpec::time_budget_ms(std::string name, int64_t def, int64_t max, std::string help) {
  ParamSpec spec = integer(std::move(name), def, 0, max, std::move(help));
  spec.clock_budget = true;
  return spec;
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

ParamSpec ParamSpec::file(std::string name, std::string help) {
  ParamSpec spec = text(std::move(name), "", std::move(help));
  spec.is_file = true;
  return spec;
}

ParamSpec ParamSpec::int_list(std::string name, IntList def, int64_t min, int64_t max,
                              std::string help) {
  return {std::move(name),          ParamType::kIntList,      std::move(def),
          static_cast<double>(min), static_cast<double>(max), {},
          std::move(help)};
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

ParamSet with_overrides(const std::vector<ParamSpec>& specs, const ParamOverrides& overrides) {
  ParamSet set = defaults_of(specs);
  for (const auto& [name, value] : overrides) {
    if (!set.contains(name)) throw std::logic_error("no parameter named " + name);
    set.set(name, value);
  }
  return set;
}

}  // namespace arena
