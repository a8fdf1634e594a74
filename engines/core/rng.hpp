// Random numbers for games and strategies.
//
// Contract: one master seed per run; every stream a game uses is derived from
// (master seed, match, game index, purpose) by SplitMix64 mixing, so a game can
// be replayed alone from its index and no result depends on scheduling. Nothing
// in Arena seeds itself: games and strategies take an `Rng&` from the runner.
#pragma once

#include <cstdint>

namespace arena {

// 128-bit product for unbiased bounded integers (GCC/Clang extension).
__extension__ using Uint128 = unsigned __int128;

// SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijection on 64 bits
// with full avalanche, used both to derive seeds and as the generator's output.
constexpr uint64_t splitmix64_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// What a stream is for. Player streams are kPlayer + seat (or variant index).
// kRedeal: the conformance suite's re-dealt games (a stream no game draws from).
enum class Purpose : uint64_t { kEnvironment = 1, kRedeal = 99, kPlayer = 1000 };

constexpr uint64_t player_purpose(uint64_t seat) {
  return static_cast<uint64_t>(Purpose::kPlayer) + seat;
}

// Seed of the stream (master, match, game, purpose). Each component is folded
// in through the mixer, so neighbouring indices give unrelated seeds.
constexpr uint64_t derive_seed(uint64_t master, uint64_t match, uint64_t game, uint64_t purpose) {
  constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ULL;
  uint64_t h = splitmix64_mix(master + kGolden);
  h = splitmix64_mix(h ^ (match + kGolden));
  h = splitmix64_mix(h ^ (game + 2 * kGolden));
  return splitmix64_mix(h ^ (purpose + 3 * kGolden));
}

constexpr uint64_t derive_seed(uint64_t master, uint64_t match, uint64_t game, Purpose purpose) {
  return derive_seed(master, match, game, static_cast<uint64_t>(purpose));
}

// SplitMix64 generator: 8 bytes of state, passes BigCrush, cheap to create per
// game. Value type; copying it forks the stream.
class Rng {
 public:
  explicit constexpr Rng(uint64_t seed) : state_(seed) {}

  constexpr uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return splitmix64_mix(state_);
  }

  // Uniform integer in [0, bound), bound > 0, without modulo bias
  // (Lemire 2019, "Fast random integer generation in an interval").
  uint64_t below(uint64_t bound) {
    Uint128 m = static_cast<Uint128>(next()) * bound;
    auto low = static_cast<uint64_t>(m);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<Uint128>(next()) * bound;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform double in [0, 1) with 53 random bits.
  double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_;
};

}  // namespace arena
