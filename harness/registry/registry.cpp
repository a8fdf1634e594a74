#include "harness/registry/registry.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "harness/adapters/adapters.hpp"

namespace arena {

void check_declared_sizes(const Match& match) {
  if (match.metrics().size() > static_cast<size_t>(kMaxMetrics)) {
    throw std::logic_error(
        fmt::format("the match declares {} metrics; a game records at most {} (kMaxMetrics)",
                    match.metrics().size(), kMaxMetrics));
  }
  if (match.phases().size() > static_cast<size_t>(kMaxPhases)) {
    throw std::logic_error(
        fmt::format("the match declares {} decision phases; latency is kept for at most {} "
                    "(kMaxPhases)",
                    match.phases().size(), kMaxPhases));
  }
}

const ModeSpec* EngineSpec::find_mode(const std::string& mode) const {
  for (const auto& m : modes) {
    if (m.name == mode) return &m;
  }
  return nullptr;
}

const StrategySpec* EngineSpec::find_strategy(const std::string& strategy) const {
  for (const auto& s : strategies) {
    if (s.name == strategy) return &s;
  }
  return nullptr;
}

const EngineSpec* Registry::find(const std::string& name) const {
  for (const auto& engine : engines_) {
    if (engine.name == name) return &engine;
  }
  return nullptr;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> names;
  for (const auto& engine : engines_)
    names.push_back(engine.name);
  return names;
}

Registry make_registry() {
  Registry registry;
  registry.add(battleship_engine());
  registry.add(chinese_checkers_engine());
  registry.add(go_fish_engine());
  registry.add(rooks_engine());
  return registry;
}

}  // namespace arena
