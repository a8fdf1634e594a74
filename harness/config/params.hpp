// How the harness shows engine and strategy parameters (engines/core/params.hpp)
// in messages, `arena list` and generated configs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engines/core/params.hpp"

namespace arena {

// "integer in [5, 26]", "one of allowed | forbidden", ... for messages and `arena list`.
std::string describe_type(const ParamSpec& spec);
// The value as it would be written in YAML flow style.
std::string format_value(const ParamValue& value);

// Every parameter as a JSON object, in spec order (summary.json, bots' handshakes).
nlohmann::ordered_json params_json(const ParamSet& params);

}  // namespace arena
