// A set of holes of the 121-hole star as two 64-bit words.
//
// Contract: bit i is hole i (0..120, see board.hpp); bits 121..127 are always
// zero, so counts and complements stay on the board (`without` and `& all`
// rather than a raw `~`). Value type, no allocation.
#pragma once

#include <bit>
#include <cstdint>

namespace arena::chinese_checkers {

// Population count without a library call: the build targets baseline x86-64
// (no POPCNT instruction), where std::popcount becomes a call to libgcc.
constexpr int popcount64(uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

struct Bitboard {
  uint64_t lo = 0;
  uint64_t hi = 0;

  static constexpr Bitboard single(int i) {
    Bitboard b;
    b.set(i);
    return b;
  }

  constexpr bool test(int i) const { return ((i < 64 ? lo : hi) >> (i & 63)) & 1; }
  constexpr void set(int i) { (i < 64 ? lo : hi) |= uint64_t{1} << (i & 63); }
  constexpr void reset(int i) { (i < 64 ? lo : hi) &= ~(uint64_t{1} << (i & 63)); }
  constexpr bool any() const { return (lo | hi) != 0; }
  constexpr bool empty() const { return (lo | hi) == 0; }
  constexpr int count() const { return popcount64(lo) + popcount64(hi); }

  // Index of the lowest hole; the set must not be empty.
  constexpr int lowest() const { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
  // Removes and returns the lowest hole; the set must not be empty.
  constexpr int pop_lowest() {
    const int i = lowest();
    reset(i);
    return i;
  }
  // Index of the k-th hole in increasing order, k < count().
  int nth(int k) const;

  constexpr Bitboard without(Bitboard o) const { return {lo & ~o.lo, hi & ~o.hi}; }
  constexpr Bitboard& operator|=(Bitboard o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  constexpr Bitboard& operator&=(Bitboard o) {
    lo &= o.lo;
    hi &= o.hi;
    return *this;
  }
  constexpr Bitboard& operator^=(Bitboard o) {
    lo ^= o.lo;
    hi ^= o.hi;
    return *this;
  }
  friend constexpr Bitboard operator|(Bitboard a, Bitboard b) { return a |= b; }
  friend constexpr Bitboard operator&(Bitboard a, Bitboard b) { return a &= b; }
  friend constexpr Bitboard operator^(Bitboard a, Bitboard b) { return a ^= b; }
  friend constexpr bool operator==(Bitboard, Bitboard) = default;
};

inline int Bitboard::nth(int k) const {
  const int low = popcount64(lo);
  uint64_t w = k < low ? lo : hi;
  int base = k < low ? 0 : 64;
  if (k >= low) k -= low;
  for (; k > 0; --k)
    w &= w - 1;  // drop the k lowest bits
  return base + std::countr_zero(w);
}

// Calls f(hole) for every hole of b in increasing order.
template <class F>
constexpr void for_each_hole(Bitboard b, F&& f) {
  for (uint64_t w = b.lo; w; w &= w - 1)
    f(std::countr_zero(w));
  for (uint64_t w = b.hi; w; w &= w - 1)
    f(64 + std::countr_zero(w));
}

}  // namespace arena::chinese_checkers
