#include <algorithm>

#include "engines/rooks/solvers.hpp"

namespace arena::rooks {
namespace {

enum Cell : uint8_t { kFree, kFort, kAttacked, kRook };

// One pass of the seed's algorithm on `state` (a copy of the board's cells).
Placement seed_pass(const Board& board, std::vector<uint8_t>& state, std::vector<int>& free_in_row,
                    Rng& rng) {
  const int n = board.n;
  Placement rooks;
  const auto attack = [&](int r, int c) {
    uint8_t& s = state[r * n + c];
    if (s == kFort) return false;
    if (s == kFree) {
      s = kAttacked;
      --free_in_row[r];
    }
    return true;
  };
  for (int row = 0; row < n; ++row) {
    while (free_in_row[row] > 0) {
      const auto col = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
      if (state[row * n + col] != kFree) continue;
      state[row * n + col] = kRook;
      --free_in_row[row];
      rooks.push_back(row * n + col);
      for (int c = col - 1; c >= 0 && attack(row, c); --c) {
      }
      for (int c = col + 1; c < n && attack(row, c); ++c) {
      }
      for (int r = row - 1; r >= 0 && attack(r, col); --r) {
      }
      for (int r = row + 1; r < n && attack(r, col); ++r) {
      }
    }
  }
  return rooks;
}

}  // namespace

Placement solve_seed_random(const Board& board, int tries, Rng& rng) {
  const int n = board.n;
  std::vector<uint8_t> initial(board.fort.size());
  std::vector<int> initial_free(static_cast<size_t>(n), 0);
  for (size_t c = 0; c < board.fort.size(); ++c) {
    initial[c] = board.fort[c] ? kFort : kFree;
    initial_free[c / static_cast<size_t>(n)] += board.fort[c] ? 0 : 1;
  }
  Placement best;
  std::vector<uint8_t> state;
  std::vector<int> free_in_row;
  for (int t = 0; t < tries; ++t) {
    state = initial;
    free_in_row = initial_free;
    Placement rooks = seed_pass(board, state, free_in_row, rng);
    if (t == 0 || rooks.size() > best.size()) best = std::move(rooks);
  }
  return best;
}

Placement solve_random_greedy(const Board& board, const Segments& segments, int tries, Rng& rng) {
  std::vector<int32_t> order;
  for (size_t c = 0; c < board.fort.size(); ++c) {
    if (!board.fort[c]) order.push_back(static_cast<int32_t>(c));
  }
  std::vector<uint8_t> row_used(static_cast<size_t>(segments.row_segments));
  std::vector<uint8_t> col_used(static_cast<size_t>(segments.col_segments));
  Placement best;
  for (int t = 0; t < tries; ++t) {
    for (size_t i = order.size(); i > 1; --i)
      std::swap(order[i - 1], order[rng.below(i)]);
    std::fill(row_used.begin(), row_used.end(), 0);
    std::fill(col_used.begin(), col_used.end(), 0);
    Placement rooks;
    for (int32_t cell : order) {
      uint8_t& r = row_used[segments.row_of[cell]];
      uint8_t& c = col_used[segments.col_of[cell]];
      if (r || c) continue;
      r = c = 1;
      rooks.push_back(cell);
    }
    if (t == 0 || rooks.size() > best.size()) best = std::move(rooks);
  }
  return best;
}

}  // namespace arena::rooks
