// Every Go Fish strategy as one value type, and the names configs use.
//
// Contract: an AnyPlayer is built fresh for each game (strategies keep
// per-game memory). `make_player` knows the names random, memory, belief,
// seed-memory and counting with their default parameters.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <variant>

#include "engines/go_fish/belief.hpp"
#include "engines/go_fish/counting.hpp"
#include "engines/go_fish/memory.hpp"
#include "engines/go_fish/random_player.hpp"
#include "engines/go_fish/seed_memory.hpp"

namespace arena::go_fish {

using AnyPlayer =
    std::variant<RandomPlayer, MemoryPlayer, BeliefPlayer, SeedMemoryPlayer, CountingPlayer>;

static_assert(Strategy<RandomPlayer> && Strategy<MemoryPlayer> && Strategy<BeliefPlayer> &&
              Strategy<SeedMemoryPlayer> && Strategy<CountingPlayer>);

constexpr std::array<std::string_view, 5> kStrategyNames = {"random", "memory", "belief",
                                                            "seed-memory", "counting"};

// The strategy called `name` with default parameters, or nothing for an unknown name.
inline std::optional<AnyPlayer> make_player(std::string_view name) {
  if (name == "random") return RandomPlayer{};
  if (name == "memory") return MemoryPlayer{};
  if (name == "belief") return BeliefPlayer{};
  if (name == "seed-memory") return SeedMemoryPlayer{};
  if (name == "counting") return CountingPlayer{};
  return std::nullopt;
}

}  // namespace arena::go_fish
