// `arena perft chinese-checkers --depth D [--players P]`: the number of move
// sequences of each length from the start position, and how fast they were
// counted. The counts pin the move generator (tests compare them with an
// independent generator); the rate measures it.
#include <chrono>

#include <fmt/format.h>

#include "engines/chinese_checkers/perft.hpp"
#include "harness/cli/commands.hpp"

namespace arena {

int perft_command(const PerftOptions& options) {
  if (options.engine != "chinese-checkers") {
    fmt::print(stderr, "arena: perft: unknown game '{}'; games: chinese-checkers\n",
               options.engine);
    return 2;
  }
  chinese_checkers::Rules rules;
  rules.players = options.players;
  fmt::print("{:>5}  {:>16}  {:>10}  {:>14}\n", "depth", "sequences", "seconds", "sequences/s");
  for (int depth = 1; depth <= options.depth; ++depth) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t count = chinese_checkers::perft(rules, depth);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    fmt::print("{:>5}  {:>16}  {:>10.3f}  {:>14.3g}\n", depth, count, took.count(),
               static_cast<double>(count) / std::max(took.count(), 1e-9));
  }
  return 0;
}

}  // namespace arena
