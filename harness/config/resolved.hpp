// config.resolved.yaml: the config with every default filled in and the seed
// actually used, so that `arena run config.resolved.yaml` repeats the run.
#pragma once

#include <string>

#include "harness/config/config.hpp"

namespace arena {

// The resolved config as YAML text; `seed` is the seed the run used.
std::string resolved_yaml(const RunConfig& config, uint64_t seed);

}  // namespace arena
