// Bindings between the engines and the harness: each returns the EngineSpec
// (parameters, strategies, metrics, match factory) of one engine.
#pragma once

#include "harness/registry/registry.hpp"

namespace arena {

// Every engine Arena ships, in the order `arena list` shows them: adding an
// engine is one line in make_registry() (harness/adapters/make_registry.cpp).
Registry make_registry();

EngineSpec battleship_engine();
EngineSpec rooks_engine();
EngineSpec chinese_checkers_engine();
EngineSpec go_fish_engine();

}  // namespace arena
