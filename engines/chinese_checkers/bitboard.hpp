// A set of holes of the 121-hole star as two 64-bit words.
//
// Contract: bit i is hole i (0..120, see board.hpp); bits 121..127 are always
// zero, so counts and complements stay on the board (`without` and `& all`
// rather than a raw `~`). Value type, no allocation.
#pragma once

#include <array>
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
  // Removes and returns the lowest hole; the set must not be empty. Written
  // to compile to conditional moves: which word holds the lowest hole is
  // unpredictable in move generation loops.
  constexpr int pop_lowest() {
    const int i = lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi);
    hi &= lo ? ~uint64_t{0} : hi - 1;
    lo &= lo - 1;  // no change when lo is 0
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

// kSelectInByte[k][b]: index of the k-th set bit of the byte b (0 when b has
// at most k set bits; never read then).
inline constexpr auto kSelectInByte = [] {
  std::array<std::array<uint8_t, 256>, 8> table{};
  for (int b = 0; b < 256; ++b)
    for (int bit = 0, k = 0; bit < 8; ++bit)
      if ((b >> bit) & 1) table[k++][b] = static_cast<uint8_t>(bit);
  return table;
}();

// Index of the k-th set bit of x (k < popcount64(x)), without a branch or a
// loop (broadword select, Vigna 2008): per-byte counts, their prefix sums by
// one multiply, and a bytewise compare with k find the byte; a table then
// finds the bit in it. Random play draws a move this way.
constexpr int select64(uint64_t x, int k) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighs = 0x8080808080808080ULL;
  uint64_t counts = x - ((x >> 1) & 0x5555555555555555ULL);
  counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
  counts = (counts + (counts >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  const uint64_t prefix = counts * kOnes;  // byte i: bits in bytes 0..i (at most 64)
  // Bytes whose prefix is at most k lie wholly before the k-th bit; each
  // byte of (k | 0x80) - prefix keeps its high bit exactly then, borrow-free.
  const uint64_t before = ((static_cast<uint64_t>(k) * kOnes | kHighs) - prefix) & kHighs;
  const int byte = static_cast<int>(((before >> 7) * kOnes) >> 56);
  // Bits in the bytes before `byte`: prefix shifted up one byte, so that
  // byte 0 reads 0.
  const auto skipped = static_cast<int>(((prefix << 8) >> (8 * byte)) & 0xff);
  const auto in_byte = static_cast<uint8_t>(x >> (8 * byte));
  return 8 * byte + kSelectInByte[k - skipped][in_byte];
}

inline int Bitboard::nth(int k) const {
  const int low = popcount64(lo);
  const bool in_lo = k < low;  // unpredictable: chosen to become cmovs
  return (in_lo ? 0 : 64) + select64(in_lo ? lo : hi, in_lo ? k : k - low);
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
