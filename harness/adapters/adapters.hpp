// Bindings between the engines and the harness: each returns the EngineSpec
// (parameters, strategies, metrics, match factory) of one engine.
#pragma once

#include "harness/registry/registry.hpp"

namespace arena {

EngineSpec battleship_engine();
EngineSpec rooks_engine();
EngineSpec chinese_checkers_engine();
EngineSpec go_fish_engine();

}  // namespace arena
