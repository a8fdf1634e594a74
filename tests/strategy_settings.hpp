// Test support: every strategy of an engine's list at every setting it
// declares (defaults and samples), derived from the list, never hand-kept.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engines/core/strategy_list.hpp"
#include "harness/config/params.hpp"

namespace arena::testing {

struct Setting {
  std::string label;  // "mcts" or "mcts {playout: random}"
  std::string strategy;
  ParamOverrides overrides;
};

// "name", or "name {key: value, ...}" with the sample's own overrides.
inline std::string label_of(const StrategyInfo& info, int sample) {
  if (sample == 0) return info.name;
  const ParamOverrides& own = info.samples[static_cast<size_t>(sample - 1)];
  std::string label = info.name + " {";
  for (size_t i = 0; i < own.size(); ++i)
    label += (i ? ", " : "") + own[i].first + ": " + format_value(own[i].second);
  return label + "}";
}

// Each strategy at its defaults, then at each of its samples; with `quick`,
// every setting with the strategy's quick overrides on top.
inline std::vector<Setting> labelled_settings(const std::vector<StrategyInfo>& infos, bool quick) {
  std::vector<Setting> out;
  for (const StrategySetting& s : arena::settings_of(infos, quick)) {
    for (const StrategyInfo& info : infos)
      if (info.name == s.strategy)
        out.push_back({label_of(info, s.sample), s.strategy, s.overrides});
  }
  return out;
}

// Players of every setting of `List`, labelled; quick settings by default.
template <class List>
std::vector<std::pair<std::string, typename List::Player>> every_setting(bool quick = true) {
  std::vector<std::pair<std::string, typename List::Player>> out;
  for (const Setting& s : labelled_settings(List::infos(), quick))
    out.emplace_back(s.label, List::make_default(s.strategy, s.overrides));
  return out;
}

}  // namespace arena::testing
