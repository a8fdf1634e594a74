// `arena perft ENGINE --depth D [--players P]`: the number of move sequences
// of each length from the start position, and how fast they were counted.
// The counts pin the move generator (tests compare them with an independent
// generator); the rate measures it. Engines offer it through EngineSpec::perft.
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"

namespace arena {

int perft_command(const PerftOptions& options, const Registry& registry) {
  const EngineSpec* engine = registry.find(options.engine);
  if (!engine || !engine->perft) {
    fmt::print(stderr, "arena: perft: unknown game '{}'; games: {}\n", options.engine,
               fmt::join(registry.names_where([](auto& e) { return bool(e.perft); }), ", "));
    return 2;
  }
  for (int depth = 1; depth <= options.depth; ++depth) {
    const auto start = std::chrono::steady_clock::now();
    uint64_t count = 0;
    try {
      count = engine->perft(options.players, depth);
    } catch (const std::invalid_argument& e) {
      fmt::print(stderr, "arena: --players: {} (see 'arena perft --help')\n", e.what());
      return 2;
    }
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    if (depth == 1)  // after the first count: a table the game cannot seat prints no header
      fmt::print("{:>5}  {:>16}  {:>10}  {:>14}\n", "depth", "sequences", "seconds", "sequences/s");
    fmt::print("{:>5}  {:>16}  {:>10.3f}  {:>14.3g}\n", depth, count, took.count(),
               static_cast<double>(count) / std::max(took.count(), 1e-9));
  }
  return 0;
}

}  // namespace arena
