// The density shooters' counts on boards up to 10 x 10, as one row of bytes
// per board row, from tables of counts along lines.
//
// Contract: hunt() equals BoardKnowledge::hunt_density() after the same
// observations (placements of ships afloat covering no dead cell, see
// knowledge.hpp), and target() the target density DensityShooter counts
// (placements through pending hits, see density.hpp). pick() returns the
// cell pick_best_cell would return from the same counts, with the same draw
// from `rng`. Everything applies where LineTables::fits: at most 10 x 10
// cells, and no cell's hunt count above 254 (a byte, plus one to tell unshot
// cells of count 0 from shot ones); target() declines (returns kTooMany)
// when so many hits are pending that a byte could overflow. Value type, no
// allocation.
//
// Why: a cell's density is the sum of two counts along lines: the
// placements covering it along its row, which depend only on which cells of
// that row are still free, and those along its column. A table per ship
// length maps a line's free cells (a mask of at most 10 bits) to all the
// line's counts at once (16 bytes), so a miss redoes one row and one column,
// a sink every line, and the densest unshot cell is a few byte-vector maxima
// away. The placements through a cell are those of the line less those of
// the line without that cell, so target counts are table lookups too.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engines/battleship/best_cell.hpp"
#include "engines/battleship/knowledge.hpp"

namespace arena::battleship {

// Byte i is cell i of a line (bytes past the board's size stay 0).
using Bytes16 = uint8_t __attribute__((vector_size(16)));

// Per match, read-only (DensityTables::line_tables()).
class LineTables {
 public:
  static constexpr int kMaxSize = 10;
  static bool fits(const Rules& rules);
  explicit LineTables(const DensityTables& tables);

  int size() const { return size_; }
  int length_count() const { return static_cast<int>(lengths_.size()); }
  int length(int k) const { return lengths_[k]; }
  // Whether target counts from `sources` pending hits fit a byte: a cell
  // counts at most as densely as a whole hunt per pending hit.
  bool target_fits(int sources) const { return sources * densest_ <= 254; }
  // Along a line whose free cells are `free` (bit i: cell i): per cell, the
  // placements of length index k lying along the line and covering it.
  const Bytes16& along(int k, unsigned free) const {
    return along_[(static_cast<size_t>(k) << size_) | free];
  }
  // 1 on cells [start, start + length) of a line.
  const Bytes16& segment(int length, int start) const {
    return segment_[length * kMaxSize + start];
  }

 private:
  int size_;
  int densest_ = 0;
  std::vector<int> lengths_;
  std::vector<Bytes16> along_;
  std::vector<Bytes16> segment_;
};

class LineDensity {
 public:
  static constexpr int kMaxSize = LineTables::kMaxSize;
  using Grid = std::array<Bytes16, kMaxSize>;  // [row][col]
  enum class Target { kNone, kSome, kTooMany };

  // The empty board with the whole fleet afloat; tables.line_tables() is set.
  explicit LineDensity(const DensityTables& tables);

  // After BoardKnowledge::observe(cell, result) has seen the same shot.
  void observe(int cell, const ShotResult& result, const BoardKnowledge& knowledge);

  // The hunt density.
  Grid hunt() const;
  // The target density of `knowledge`'s pending hits into `out`: kNone if
  // no placement covers them, kTooMany (out unset) if a byte could overflow.
  // cover_all: the seed's rule (only placements through the first pending
  // hit covering every pending hit, each once).
  Target target(const BoardKnowledge& knowledge, bool cover_all, Grid& out) const;
  // The unshot cell of the highest count, as pick_best_cell; -1 if none.
  int pick(const Grid& counts, TieBreak tie_break, Rng& rng) const;

 private:
  Bytes16 line_counts(unsigned free, bool across) const;
  // Along a line with free cells `free`, the placements of ships afloat
  // covering cells `first` and `last` (first <= last; equal for one cell).
  Bytes16 through(unsigned free, int first, int last, bool across) const;
  void rule_out(int cell);
  void redo_lines();
  // down_ from down_by_column_, if a column changed since.
  void transpose_down() const;

  const LineTables* tables_;
  const SmallBoard* board_;
  int size_;
  std::array<uint8_t, kMaxShips> afloat_{};  // per length index
  Bits128 dead_ = 0;                         // the knowledge's dead_bits() as last seen
  Grid across_;                              // [row][col]: counts along rows
  Grid down_by_column_;                      // [col][row]: counts along columns
  mutable Grid down_;                        // [row][col]: the same
  mutable bool down_stale_ = true;           // down_ is behind down_by_column_
  Grid unshot_;                              // 0xff where not shot yet
  std::array<uint16_t, kMaxSize> row_free_;
  std::array<uint16_t, kMaxSize> column_free_;
};

}  // namespace arena::battleship
