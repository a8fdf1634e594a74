#include "engines/battleship/line_density.hpp"

#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arena::battleship {
namespace {

// Population count without a library call: the build targets baseline
// x86-64, where std::popcount is a call into libgcc.
int popcount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// Bit i set where byte i of `v` equals `value`.
unsigned bytes_equal(Bytes16 v, uint8_t value) {
#if defined(__SSE2__)
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_cmpeq_epi8(std::bit_cast<__m128i>(v), _mm_set1_epi8(value))));
#else
  unsigned bits = 0;
  for (int i = 0; i < 16; ++i)
    bits |= static_cast<unsigned>(v[i] == value) << i;
  return bits;
#endif
}

Bytes16 bytes_max(Bytes16 a, Bytes16 b) {
  return a > b ? a : b;  // unsigned, lane by lane
}

uint8_t horizontal_max(Bytes16 v) {
#if defined(__SSE2__)
  __m128i m = std::bit_cast<__m128i>(v);
  m = _mm_max_epu8(m, _mm_srli_si128(m, 8));
  m = _mm_max_epu8(m, _mm_srli_si128(m, 4));
  m = _mm_max_epu8(m, _mm_srli_si128(m, 2));
  m = _mm_max_epu8(m, _mm_srli_si128(m, 1));
  return static_cast<uint8_t>(_mm_cvtsi128_si32(m));
#else
  uint8_t top = 0;
  for (int i = 0; i < 16; ++i)
    top = v[i] > top ? v[i] : top;
  return top;
#endif
}

void add_times(Bytes16& sum, const Bytes16& v, int times) {
  for (int i = 0; i < times; ++i)
    sum += v;
}

}  // namespace

bool LineTables::fits(const Rules& rules) {
  if (rules.size > kMaxSize) return false;
  int densest = 0;
  for (const ShipSpec& ship : rules.fleet)
    densest += ship.length == 1 ? 1 : 2 * ship.length;
  return densest <= 254;
}

LineTables::LineTables(const DensityTables& tables) : size_(tables.rules().size) {
  for (const ShipSpec& ship : tables.rules().fleet)
    densest_ += ship.length == 1 ? 1 : 2 * ship.length;
  for (int k = 0; k < tables.length_count(); ++k)
    lengths_.push_back(tables.length(k));
  segment_.resize((kMaxSize + 1) * kMaxSize);
  for (int length = 1; length <= size_; ++length) {
    for (int start = 0; start + length <= size_; ++start) {
      Bytes16& ones = segment_[length * kMaxSize + start];
      ones = Bytes16{};
      for (int i = start; i < start + length; ++i)
        ones[i] = 1;
    }
  }
  along_.resize(lengths_.size() << size_);
  for (size_t k = 0; k < lengths_.size(); ++k) {
    const int length = lengths_[k];
    const unsigned run = (1u << length) - 1;
    for (unsigned free = 0; free < (1u << size_); ++free) {
      Bytes16 counts{};
      for (int start = 0; start + length <= size_; ++start) {
        if (((free >> start) & run) == run) counts += segment(length, start);
      }
      along_[(k << size_) | free] = counts;
    }
  }
}

LineDensity::LineDensity(const DensityTables& tables)
    : tables_(tables.line_tables()), board_(tables.small_board()), size_(tables_->size()) {
  for (size_t s = 0; s < tables.rules().fleet.size(); ++s)
    ++afloat_[tables.length_index_of_ship(static_cast<int>(s))];
  const auto all_free = static_cast<uint16_t>((1u << size_) - 1);
  for (int i = 0; i < size_; ++i) {
    row_free_[i] = column_free_[i] = all_free;
    unshot_[i] = tables_->segment(size_, 0) * uint8_t{0xff};
  }
  redo_lines();
}

Bytes16 LineDensity::line_counts(unsigned free, bool across) const {
  Bytes16 sum{};
  for (int k = 0; k < tables_->length_count(); ++k) {
    // A single cell has one placement, counted along its row.
    if (across || tables_->length(k) > 1) add_times(sum, tables_->along(k, free), afloat_[k]);
  }
  return sum;
}

Bytes16 LineDensity::through(unsigned free, int first, int last, bool across) const {
  // Inclusion-exclusion over the placements missing `first` or `last`.
  const unsigned without_first = free & ~(1u << first);
  if (first == last) return line_counts(free, across) - line_counts(without_first, across);
  const unsigned without_last = free & ~(1u << last);
  return line_counts(free, across) - line_counts(without_first, across) -
         line_counts(without_last, across) + line_counts(without_first & without_last, across);
}

void LineDensity::rule_out(int cell) {
  const int r = cell / size_;
  const int c = cell % size_;
  row_free_[r] &= static_cast<uint16_t>(~(1u << c));
  column_free_[c] &= static_cast<uint16_t>(~(1u << r));
}

void LineDensity::redo_lines() {
  for (int i = 0; i < size_; ++i) {
    across_[i] = line_counts(row_free_[i], true);
    down_by_column_[i] = line_counts(column_free_[i], false);
  }
  down_stale_ = true;
}

void LineDensity::observe(int cell, const ShotResult& result, const BoardKnowledge& knowledge) {
  if (result.repeated) return;
  const int r = cell / size_;
  const int c = cell % size_;
  unshot_[r][c] = 0;
  if (result.kind == ShotKind::kMiss) {
    rule_out(cell);
    dead_ |= board_->bit(cell);
    across_[r] = line_counts(row_free_[r], true);
    down_by_column_[c] = line_counts(column_free_[c], false);
    down_stale_ = true;
    return;
  }
  if (result.kind != ShotKind::kSunk) return;
  // One ship fewer, and its cells (or its halo) ruled out: every line changes.
  const Bits128 newly_dead = knowledge.dead_bits() & ~dead_;
  dead_ = knowledge.dead_bits();
  for (auto word = static_cast<uint64_t>(newly_dead); word != 0; word &= word - 1)
    rule_out(board_->cell_of_bit(std::countr_zero(word)));
  for (auto word = static_cast<uint64_t>(newly_dead >> 64); word != 0; word &= word - 1)
    rule_out(board_->cell_of_bit(64 + std::countr_zero(word)));
  for (int k = 0; k < tables_->length_count(); ++k)
    afloat_[k] = static_cast<uint8_t>(knowledge.afloat(k));
  redo_lines();
}

void LineDensity::transpose_down() const {
  if (!down_stale_) return;
  down_stale_ = false;
#if defined(__SSE2__)
  // A 16 x 16 byte transpose: four rounds interleaving rows 2i and 2i + 1,
  // by bytes, then pairs, fours and eights. Rows past the board are zero.
  // The rounds leave board row r in vector bit_reverse_4(r).
  __m128i m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = i < size_ ? std::bit_cast<__m128i>(down_by_column_[i]) : _mm_setzero_si128();
  const auto round = [&](auto lo, auto hi) {
    __m128i t[16];
    for (int i = 0; i < 8; ++i) {
      t[i] = lo(m[2 * i], m[2 * i + 1]);
      t[i + 8] = hi(m[2 * i], m[2 * i + 1]);
    }
    std::memcpy(m, t, sizeof m);
  };
  round([](__m128i a, __m128i b) { return _mm_unpacklo_epi8(a, b); },
        [](__m128i a, __m128i b) { return _mm_unpackhi_epi8(a, b); });
  round([](__m128i a, __m128i b) { return _mm_unpacklo_epi16(a, b); },
        [](__m128i a, __m128i b) { return _mm_unpackhi_epi16(a, b); });
  round([](__m128i a, __m128i b) { return _mm_unpacklo_epi32(a, b); },
        [](__m128i a, __m128i b) { return _mm_unpackhi_epi32(a, b); });
  round([](__m128i a, __m128i b) { return _mm_unpacklo_epi64(a, b); },
        [](__m128i a, __m128i b) { return _mm_unpackhi_epi64(a, b); });
  constexpr std::array<int, 16> kRowAt = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  for (int r = 0; r < size_; ++r)
    down_[r] = std::bit_cast<Bytes16>(m[kRowAt[r]]);
#else
  for (int r = 0; r < size_; ++r) {
    down_[r] = Bytes16{};
    for (int c = 0; c < size_; ++c)
      down_[r][c] = down_by_column_[c][r];
  }
#endif
}

LineDensity::Grid LineDensity::hunt() const {
  transpose_down();
  Grid counts;
  for (int r = 0; r < size_; ++r)
    counts[r] = across_[r] + down_[r];
  return counts;
}

LineDensity::Target LineDensity::target(const BoardKnowledge& knowledge, bool cover_all,
                                        Grid& out) const {
  const auto pending = knowledge.pending();
  // Under cover_all each placement counts once, else once per pending hit.
  if (!tables_->target_fits(cover_all ? 1 : static_cast<int>(pending.size())))
    return Target::kTooMany;
  for (int r = 0; r < size_; ++r)
    out[r] = Bytes16{};
  Grid columns;  // [col][row]: the counts along columns, added to `out` last
  unsigned columns_used = 0;
  const auto add_column = [&](int c, const Bytes16& counts) {
    if (!(columns_used & (1u << c))) columns[c] = Bytes16{};
    columns_used |= 1u << c;
    columns[c] += counts;
  };
  bool any = false;
  if (cover_all) {
    // Placements through the first pending hit covering all: along its row
    // if every pending hit is on that row, along its column likewise. On one
    // line, covering all is covering the first and the last of them.
    const int r0 = pending[0] / size_;
    const int c0 = pending[0] % size_;
    int first_col = c0, last_col = c0, first_row = r0, last_row = r0;
    bool one_row = true;
    bool one_column = true;
    for (uint16_t hit : pending) {
      const int r = hit / size_;
      const int c = hit % size_;
      one_row = one_row && r == r0;
      one_column = one_column && c == c0;
      first_col = std::min(first_col, c);
      last_col = std::max(last_col, c);
      first_row = std::min(first_row, r);
      last_row = std::max(last_row, r);
    }
    if (one_row) {
      out[r0] += through(row_free_[r0], first_col, last_col, true);
      any = any || out[r0][c0] != 0;
    }
    if (one_column) {
      const Bytes16 counts = through(column_free_[c0], first_row, last_row, false);
      add_column(c0, counts);
      any = any || counts[r0] != 0;
    }
  } else {
    // Each placement once per pending hit it covers.
    for (uint16_t hit : pending) {
      const int r = hit / size_;
      const int c = hit % size_;
      const Bytes16 across = across_[r] - line_counts(row_free_[r] & ~(1u << c), true);
      const Bytes16 down = down_by_column_[c] - line_counts(column_free_[c] & ~(1u << r), false);
      out[r] += across;
      add_column(c, down);
      any = any || across[c] != 0 || down[r] != 0;
    }
  }
  for (unsigned used = columns_used; used != 0; used &= used - 1) {
    const int c = std::countr_zero(used);
    for (int r = 0; r < size_; ++r)
      out[r][c] += columns[c][r];
  }
  return any ? Target::kSome : Target::kNone;
}

int LineDensity::pick(const Grid& counts, TieBreak tie_break, Rng& rng) const {
  // count + 1 on unshot cells, 0 on shot ones: the maximum is over unshot
  // cells, and 0 only if every cell was shot.
  Grid score;
  Bytes16 best{};
  for (int r = 0; r < size_; ++r) {
    score[r] = (counts[r] + 1) & unshot_[r];
    best = bytes_max(best, score[r]);
  }
  const uint8_t top = horizontal_max(best);
  if (top == 0) return -1;
  // The tied cells, a bit each, in scan order: rows 0-5 in the first word,
  // the rest in the second (10 bits a row at most).
  std::array<uint64_t, 2> ties{};
  for (int r = 0; r < size_; ++r)
    ties[r / 6] |= static_cast<uint64_t>(bytes_equal(score[r], top)) << (10 * (r % 6));
  uint64_t rank = 0;
  if (tie_break == TieBreak::kRandom) {
    rank = rng.below(static_cast<uint64_t>(popcount64(ties[0]) + popcount64(ties[1])));
  }
  int word = 0;
  if (const auto first = static_cast<uint64_t>(popcount64(ties[0])); rank >= first) {
    rank -= first;
    word = 1;
  }
  uint64_t bits = ties[word];
  for (; rank > 0; --rank)
    bits &= bits - 1;  // drop the lowest tied cell
  const int at = std::countr_zero(bits);
  return (word * 6 + at / 10) * size_ + at % 10;
}

}  // namespace arena::battleship
