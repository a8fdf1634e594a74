// Test-only engine "nim" (game.hpp, strategies.hpp, adapter.cpp): the worked
// example of docs/adding-a-game.md, with deliberately broken strategies.
//
// Nim: a pile of `stones`; seats take 1 to `max_take` stones in turn; who
// takes the last stone wins (rank 1; everyone else rank 2). It is played
// through the same SeatedMatch as the shipped table games, so a forfeit here
// goes through the runner exactly as one in Go Fish would.
//
// Strategies: `random` (a legal take), `optimal`, and three that fail on a
// `rate` share of their decisions (drawn from their own seeded stream, so
// which games fail is reproducible), declared `faulty` so the conformance
// suite leaves them out: `throws` (throws std::runtime_error), `illegal`
// (takes max_take + 1 stones) and `slow` (sleeps `sleep_ms` before a legal
// take).
//
// Nim lives outside engines/, so CMake declares no factory for it: this
// header does, and registry_with_nim() stands in for its line in
// make_registry().
#pragma once

#include "harness/registry/registry.hpp"

namespace arena::testing {

EngineSpec nim_engine();

// The shipped engines plus nim.
Registry registry_with_nim();

}  // namespace arena::testing
