#include "harness/registry/registry.hpp"

#include "engines/core/bot_link.hpp"

#include <stdexcept>

namespace arena {

void Registry::add(EngineSpec engine) {
  if (!engine.hidden_information) {
    throw std::logic_error("engine '" + engine.name +
                           "' declares neither a re-deal check nor that players see everything "
                           "(EngineSpec::hidden_information)");
  }
  if (find(engine.name)) throw std::logic_error("two engines are named '" + engine.name + "'");
  // A program's seat can as well be a Python callable's (bot_link.hpp).
  if (engine.find_strategy(kExternalName) && !engine.find_strategy(kPythonName))
    engine.strategies.push_back(python_info());
  engines_.push_back(std::move(engine));
}

const StrategySpec* EngineSpec::find_strategy(const std::string& strategy) const {
  for (const auto& s : strategies) {
    if (s.name == strategy) return &s;
  }
  return nullptr;
}

std::vector<std::string> Registry::names_where(
    const std::function<bool(const EngineSpec&)>& offers) const {
  std::vector<std::string> names;
  for (const EngineSpec& e : engines_)
    if (offers(e)) names.push_back(e.name);
  return names;
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

}  // namespace arena
