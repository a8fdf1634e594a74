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
  std::string label;  // "mcts" or "mcts/playout=random" (setting_label)
  std::string strategy;
  ParamOverrides overrides;
};

// Each strategy at its defaults, then at each of its samples; with `quick`,
// every setting with the strategy's quick overrides on top.
inline std::vector<Setting> labelled_settings(const std::vector<StrategyInfo>& infos, bool quick) {
  std::vector<Setting> out;
  for (const StrategySetting& s : arena::settings_of(infos, quick))
    out.push_back({setting_label(infos, s), s.strategy, s.overrides});
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
