// Bindings between the engines and the harness: the adapter of each engine
// (harness/adapters/<game>.cpp, or the folder harness/adapters/<game>/, for
// engines/<game>/) defines `EngineSpec <game>_engine()`: its parameters,
// strategies, metrics and match factory. CMake declares every such factory in
// the generated engine_factories.hpp, so an adapter needs no declaration.
#pragma once

#include "harness/adapters/engine_factories.hpp"  // generated: every <game>_engine()
#include "harness/registry/registry.hpp"

namespace arena {

// Every engine Arena ships, in the order `arena list` shows them: adding an
// engine is one line in make_registry() (harness/adapters/make_registry.cpp).
Registry make_registry();

}  // namespace arena
