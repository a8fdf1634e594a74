// How the harness shows engine and strategy parameters (engines/core/params.hpp)
// in messages, `arena list` and generated configs.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/core/params.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena {

// "integer in [5, 26]", "one of allowed | forbidden", ... for messages and `arena list`.
std::string describe_type(const ParamSpec& spec);
// The value as it would be written in YAML flow style.
std::string format_value(const ParamValue& value);

// Overrides as a YAML flow map, "{key: value, ...}" (text double-quoted), for
// configs written by code (bench cases, tests).
std::string overrides_yaml(const ParamOverrides& overrides);

// A strategy setting's name, one word (bench rows, benchmark names, test
// messages): "density" at its defaults, "density/checkerboard_weight=1.5" at a
// declared sample (the sample's own overrides, not the quick ones on top).
std::string setting_label(const std::vector<StrategyInfo>& infos, const StrategySetting& setting);

// Every parameter as a JSON object, in spec order (summary.json, bots' handshakes).
nlohmann::ordered_json params_json(const ParamSet& params);

}  // namespace arena
