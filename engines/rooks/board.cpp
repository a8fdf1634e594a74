#include "engines/rooks/board.hpp"

#include <algorithm>

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

Board random_board(int n, double fort_density, Rng& rng) {
  Board board;
  board.n = n;
  board.fort.resize(static_cast<size_t>(n) * n);
  for (auto& cell : board.fort)
    cell = rng.uniform01() < fort_density ? 1 : 0;
  return board;
}

Segments::Segments(const Board& board)
    : row_of(board.fort.size(), -1), col_of(board.fort.size(), -1) {
  const int n = board.n;
  for (int r = 0; r < n; ++r) {
    bool inside = false;
    for (int c = 0; c < n; ++c) {
      if (!board.open(r, c)) {
        inside = false;
        continue;
      }
      if (!inside) ++row_segments;
      inside = true;
      row_of[r * n + c] = row_segments - 1;
    }
  }
  for (int c = 0; c < n; ++c) {
    bool inside = false;
    for (int r = 0; r < n; ++r) {
      if (!board.open(r, c)) {
        inside = false;
        continue;
      }
      if (!inside) ++col_segments;
      inside = true;
      col_of[r * n + c] = col_segments - 1;
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
