// `arena bench`: deterministic games over every registered engine, mode and
// strategy setting. The cases come from the registry: each engine's declared
// bench cases (EngineSpec::bench_cases), and one for every mode they leave
// out; each case is played by every strategy setting of its engine (each at
// its quick setting, and at each declared sample when the case says so), on
// its own, against the engine's first strategy. A new engine, mode or
// strategy adds rows and leaves the others' as they were. The count of
// decisions and the signature (a hash of every move) of each row pin
// behaviour: a test fails when a pinned strategy plays differently; the time
// taken is the quick speed check anyone can run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/registry/registry.hpp"

namespace arena {

struct BenchResult {
  std::string name;     // the case
  std::string setting;  // the strategy setting that played it, e.g. "density/prior=learned"
  uint64_t games = 0;
  uint64_t decisions = 0;
  uint64_t signature = 0;
  double seconds = 0;
};

// Plays every case of the suite on `threads` workers (results do not depend on it).
std::vector<BenchResult> run_bench_suite(const Registry& registry, int threads);

// The suite's combined signature: every result's, in order (it changes when
// a strategy or sample is added).
uint64_t combined_signature(const std::vector<BenchResult>& results);

}  // namespace arena
