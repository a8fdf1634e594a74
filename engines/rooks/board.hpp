// The rook puzzle: an n x n board of open cells and forts; rooks attack along
// rows and columns until a fort stops them.
//
// Contract: Board is a value type (row-major cells, true = fort). Segments
// numbers the maximal runs of open cells in each row and each column: two
// rooks attack each other exactly when they share a row segment or a column
// segment, so a legal placement is a matching between row and column
// segments, each open cell being an edge.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engines/core/rng.hpp"

namespace arena::rooks {

constexpr int kMaxN = 5000;

struct Board {
  int n = 0;
  std::vector<uint8_t> fort;  // n * n, row-major; 1 = fort ('X'), 0 = open ('.')

  bool open(int row, int col) const { return fort[row * n + col] == 0; }
  int open_cells() const;
};

// A board from rows of '.' and 'X' (no validation: see judge_format.hpp).
Board board_from_rows(const std::vector<std::string>& rows);
// Its inverse: one string per row, '.' an open cell, 'X' a fort (the line
// protocol's view of a board).
std::vector<std::string> rows_of(const Board& board);
// Each cell a fort with probability `fort_density`, drawn from `rng`.
Board random_board(int n, double fort_density, Rng& rng);

struct Segments {
  explicit Segments(const Board& board);

  int row_segments = 0;
  int col_segments = 0;
  std::vector<int32_t> row_of;  // per cell: row segment id, -1 on forts
  std::vector<int32_t> col_of;  // per cell: column segment id, -1 on forts
};

// Rooks on the board as cell indices (row * n + col).
using Placement = std::vector<int32_t>;

// True when no rook is on a fort and no two rooks attack each other.
bool legal(const Board& board, const Placement& rooks);
// What makes `rooks` illegal, in rows and columns: the first rook off the
// board or on a fort, or the first two that attack each other (two on one
// cell included); "" when it is legal.
std::string illegality(const Board& board, const Placement& rooks);
// True when legal and no open cell could take another rook.
bool maximal(const Board& board, const Placement& rooks);

// The board with 'R' for rooks, one row per line.
std::string render(const Board& board, const Placement& rooks);

}  // namespace arena::rooks
