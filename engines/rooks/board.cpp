#include "engines/rooks/board.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace arena::rooks {

int Board::open_cells() const {
  return static_cast<int>(std::count(fort.begin(), fort.end(), uint8_t{0}));
}

Board board_from_rows(const std::vector<std::string>& rows) {
  Board board;
  board.n = static_cast<int>(rows.size());
  board.fort.reserve(static_cast<size_t>(board.n) * board.n);
  for (const auto& row : rows) {
    for (char c : row)
      board.fort.push_back(c == 'X' ? 1 : 0);
  }
  return board;
}

std::vector<std::string> rows_of(const Board& board) {
  std::vector<std::string> rows;
  for (int r = 0; r < board.n; ++r) {
    std::string row(static_cast<size_t>(board.n), '.');
    for (int c = 0; c < board.n; ++c)
      if (!board.open(r, c)) row[static_cast<size_t>(c)] = 'X';
    rows.push_back(std::move(row));
  }
  return rows;
}

Board random_board(int n, double fort_density, Rng& rng) {
  Board board;
  board.n = n;
  board.fort.resize(static_cast<size_t>(n) * n);
  for (auto& cell : board.fort)
    cell = rng.uniform01() < fort_density ? 1 : 0;
  return board;
}

// One row-major pass: a row segment starts after a fort or the row's start; a
// column segment starts after a fort or the column's start (tracked per column).
Segments::Segments(const Board& board)
    : row_of(board.fort.size(), -1), col_of(board.fort.size(), -1) {
  const int n = board.n;
  std::vector<int32_t> column_segment(static_cast<size_t>(n), -1);
  for (int r = 0; r < n; ++r) {
    int32_t row_segment = -1;
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      if (board.fort[cell]) {
        row_segment = -1;
        column_segment[c] = -1;
        continue;
      }
      if (row_segment < 0) row_segment = row_segments++;
      if (column_segment[c] < 0) column_segment[c] = col_segments++;
      row_of[cell] = row_segment;
      col_of[cell] = column_segment[c];
    }
  }
}

bool legal(const Board& board, const Placement& rooks) {
  const Segments seg(board);
  std::vector<uint8_t> row_used(static_cast<size_t>(seg.row_segments));
  std::vector<uint8_t> col_used(static_cast<size_t>(seg.col_segments));
  for (int32_t cell : rooks) {
    if (cell < 0 || cell >= board.n * board.n || board.fort[cell]) return false;
    if (row_used[seg.row_of[cell]]++ || col_used[seg.col_of[cell]]++) return false;
  }
  return true;
}

std::string illegality(const Board& board, const Placement& rooks) {
  const Segments seg(board);
  const auto at = [&](int32_t cell) {
    return "row " + std::to_string(cell / board.n) + ", col " + std::to_string(cell % board.n);
  };
  // Per segment, the rook that took it (-1: none yet).
  std::vector<int32_t> row_rook(static_cast<size_t>(seg.row_segments), -1);
  std::vector<int32_t> col_rook(static_cast<size_t>(seg.col_segments), -1);
  for (const int32_t cell : rooks) {
    if (cell < 0 || cell >= board.n * board.n)
      return "a rook off the board (cell " + std::to_string(cell) + ")";
    if (board.fort[cell]) return "a rook on the fort at " + at(cell);
    for (int32_t* rook : {&row_rook[seg.row_of[cell]], &col_rook[seg.col_of[cell]]}) {
      if (*rook == cell) return "two rooks at " + at(cell);
      if (*rook >= 0) {
        return "the rooks at " + at(*rook) + " and at " + at(cell) + " attack each other along " +
               (rook == &row_rook[seg.row_of[cell]] ? "their row" : "their column");
      }
      *rook = cell;
    }
  }
  return "";
}

bool maximal(const Board& board, const Placement& rooks) {
  if (!legal(board, rooks)) return false;
  const Segments seg(board);
  std::vector<uint8_t> row_used(static_cast<size_t>(seg.row_segments));
  std::vector<uint8_t> col_used(static_cast<size_t>(seg.col_segments));
  for (int32_t cell : rooks) {
    row_used[seg.row_of[cell]] = 1;
    col_used[seg.col_of[cell]] = 1;
  }
  for (size_t cell = 0; cell < board.fort.size(); ++cell) {
    if (!board.fort[cell] && !row_used[seg.row_of[cell]] && !col_used[seg.col_of[cell]]) {
      return false;
    }
  }
  return true;
}

std::string render(const Board& board, const Placement& rooks) {
  std::string out;
  for (int r = 0; r < board.n; ++r) {
    for (int c = 0; c < board.n; ++c)
      out += board.open(r, c) ? '.' : 'X';
    out += '\n';
  }
  for (int32_t cell : rooks)
    out[static_cast<size_t>(cell / board.n * (board.n + 1) + cell % board.n)] = 'R';
  return out;
}

}  // namespace arena::rooks
