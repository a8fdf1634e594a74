// pick_best_cell: the unshot cell with the highest score, the inner loop of
// every density-style shooter (density, seed-density, monte-carlo).
//
// Contract: scores lie in [0, 2^30) as int32_t or [0, 2^61) as int64_t, one
// per cell. Returns the index of the unshot cell with the highest score, ties
// broken by `tie_break` (uniformly at random with one draw from `rng`, or the
// first in scan order); -1 if every cell was shot.
//
// Why it looks like this: it runs once per decision over every cell, and was
// the largest cost of a density game. Both passes are branch-free: the
// maximum of score + shot mask (shot cells become negative), then a bit per
// cell reaching it. With 32-bit scores both use four SSE2 lanes, so the pick
// costs well under a nanosecond per cell.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>

#include "engines/battleship/knowledge.hpp"
#include "engines/core/rng.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arena::battleship {

enum class TieBreak { kRandom, kFirst };

namespace best_cell_detail {

constexpr int kWords = (kMaxCells + 63) / 64;
using TieWords = std::array<uint64_t, kWords>;

// score + shot mask; the mask widened to 64 bits is -2^62, below any score.
template <class Score>
Score masked(Score score, int32_t mask) {
  // A multiply, not a shift: no sanitizer questions a negative operand.
  if constexpr (sizeof(Score) == 8) {
    return static_cast<Score>(score + static_cast<Score>(mask) * (int64_t{1} << 32));
  } else {
    return static_cast<Score>(score + mask);
  }
}

// Sets bit c % 64 of words[c / 64] for the cells from `first` whose masked
// score equals `best`; returns how many. (Counted here, not by popcount: the
// x86-64 baseline has no popcount instruction.)
template <class Score>
int mark_ties(std::span<const Score> score, std::span<const int32_t> mask, size_t first, Score best,
              TieWords& words) {
  int count = 0;
  for (size_t c = first; c < score.size(); ++c) {
    const bool tie = masked(score[c], mask[c]) == best;
    words[c / 64] |= static_cast<uint64_t>(tie) << (c % 64);
    count += tie ? 1 : 0;
  }
  return count;
}

#if defined(__SSE2__)
inline int mark_ties(std::span<const int32_t> score, std::span<const int32_t> mask, int32_t best,
                     TieWords& words) {
  const __m128i target = _mm_set1_epi32(best);
  __m128i counts = _mm_setzero_si128();  // minus the ties seen in each lane
  size_t c = 0;
  for (int w = 0; c + 4 <= score.size(); ++w) {
    uint64_t word = 0;  // in a register: an |= on memory would chain every group
    for (int bit = 0; bit < 64 && c + 4 <= score.size(); bit += 4, c += 4) {
      const __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i*>(score.data() + c));
      const __m128i m = _mm_loadu_si128(reinterpret_cast<const __m128i*>(mask.data() + c));
      const __m128i equal = _mm_cmpeq_epi32(_mm_add_epi32(s, m), target);
      word |= static_cast<uint64_t>(_mm_movemask_ps(_mm_castsi128_ps(equal))) << bit;
      counts = _mm_sub_epi32(counts, equal);
    }
    words[w] = word;
  }
  alignas(16) std::array<int32_t, 4> lanes;
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes.data()), counts);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] +
         mark_ties<int32_t>(score, mask, c, best, words);
}
#endif

// Index of the set bit of rank `rank` (0 = lowest) across the words: steps
// over set bits one by one (ties are few).
inline int nth_set_bit(const TieWords& words, uint64_t rank) {
  for (int w = 0; w < kWords; ++w) {
    for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
      if (rank-- == 0) return w * 64 + std::countr_zero(bits);
    }
  }
  return -1;
}

}  // namespace best_cell_detail

template <class Score>
int pick_best_cell(std::span<const Score> score, const BoardKnowledge& knowledge,
                   TieBreak tie_break, Rng& rng) {
  static_assert(std::is_same_v<Score, int32_t> || std::is_same_v<Score, int64_t>);
  using namespace best_cell_detail;
  const auto mask = knowledge.shot_mask();
  Score best = std::numeric_limits<Score>::min();
  for (size_t c = 0; c < score.size(); ++c)
    best = std::max(best, masked(score[c], mask[c]));
  if (best < 0) return -1;  // every cell shot
  TieWords words{};
  int count = 0;
#if defined(__SSE2__)
  if constexpr (std::is_same_v<Score, int32_t>) {
    count = mark_ties(score, mask, best, words);
  } else {
    count = mark_ties(score, mask, 0, best, words);
  }
#else
  count = mark_ties(score, mask, 0, best, words);
#endif
  if (tie_break == TieBreak::kFirst) return nth_set_bit(words, 0);
  return nth_set_bit(words, rng.below(static_cast<uint64_t>(count)));
}

}  // namespace arena::battleship
