// Strategy `min-degree`: the classic greedy for maximum matchings. A rook
// placement is a matching between row segments and column segments (see
// ../board.hpp); this places rooks one at a time where they take the fewest
// options away: the free segment with the fewest open cells left, on its cell
// whose crossing segment has the fewest. On random boards it is optimal most
// of the time and otherwise a rook or two short, where random greedy misses
// a fifth of the rooks (docs/adding-a-strategy.md has the figures). Ties are
// broken at random; best of `tries`. The worked example of
// docs/adding-a-strategy.md.
//
// Contract: as every solver (../strategies.hpp): a legal placement (no two
// rooks share a segment), maximal (no open cell could take another rook).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engines/core/strategy_list.hpp"
#include "engines/rooks/board.hpp"

namespace arena::rooks {

class MinDegreeSolver {
 public:
  struct Params {
    int tries = 1;
  };
  static StrategyInfo info() {
    return {"min-degree",
            "greedy matching: a rook on the free segment with the fewest open cells left, at "
            "its cell whose crossing segment has the fewest; best of `tries`",
            {ParamSpec::integer("tries", 1, 1, 1'000'000,
                                "passes with fresh random tie-breaks; the best is kept")},
            {{{"tries", int64_t{5}}}}};
  }
  static Params params_from(const ParamSet& values) {
    return {static_cast<int>(values.integer("tries"))};
  }
  explicit MinDegreeSolver(const Params& params) : params_(params) {}

  Placement solve(const Board& board, const Segments& segments, Rng& rng) const {
    Placement best;
    for (int t = 0; t < params_.tries; ++t) {
      Placement rooks = pass(board, segments, rng);
      if (t == 0 || rooks.size() > best.size()) best = std::move(rooks);
    }
    return best;
  }

 private:
  // Segment ids: rows 0..R-1, columns R..R+C-1; cells[s] lists the open cells of s.
  static Placement pass(const Board& board, const Segments& segs, Rng& rng) {
    const int rows = segs.row_segments;
    const int total = rows + segs.col_segments;
    std::vector<std::vector<int32_t>> cells(static_cast<size_t>(total));
    for (int32_t c = 0; c < board.n * board.n; ++c) {
      if (board.fort[c]) continue;
      cells[segs.row_of[c]].push_back(c);
      cells[rows + segs.col_of[c]].push_back(c);
    }
    const auto other = [&](int s, int32_t cell) {
      return s < rows ? rows + segs.col_of[cell] : segs.row_of[cell];
    };
    // degree[s]: open cells of s whose crossing segment is still free. by_degree
    // holds every free segment under its degree, and stale entries, skipped.
    std::vector<int> degree(static_cast<size_t>(total));
    std::vector<std::vector<int>> by_degree(static_cast<size_t>(board.n) + 1);
    for (int s = 0; s < total; ++s) {
      degree[s] = static_cast<int>(cells[s].size());
      by_degree[degree[s]].push_back(s);
    }
    std::vector<uint8_t> used(static_cast<size_t>(total), 0);
    Placement rooks;
    size_t d = 1;
    while (d < by_degree.size()) {
      auto& bucket = by_degree[d];
      if (bucket.empty()) {
        ++d;
        continue;
      }
      // A random entry of the lowest bucket: ties between segments at random.
      std::swap(bucket[rng.below(bucket.size())], bucket.back());
      const int s = bucket.back();
      bucket.pop_back();
      if (used[s] || degree[s] != static_cast<int>(d)) continue;  // stale
      const int32_t cell = least_crossing(cells[s], s, degree, used, other, rng);
      rooks.push_back(cell);
      for (const int taken : {s, other(s, cell)}) {
        used[taken] = 1;
        for (const int32_t c : cells[taken]) {
          const int o = other(taken, c);
          if (used[o]) continue;
          by_degree[--degree[o]].push_back(o);  // one option fewer for that crossing
          d = std::min(d, static_cast<size_t>(std::max(degree[o], 1)));
        }
      }
    }
    return rooks;  // every free segment has no open cell left: maximal
  }

  // The cell of segment s whose free crossing segment has the least degree (ties at random).
  template <class Other>
  static int32_t least_crossing(const std::vector<int32_t>& cells, int s,
                                const std::vector<int>& degree, const std::vector<uint8_t>& used,
                                const Other& other, Rng& rng) {
    int32_t pick = -1;
    int pick_degree = 0, ties = 0;
    for (const int32_t cell : cells) {
      const int o = other(s, cell);
      if (used[o]) continue;
      if (pick < 0 || degree[o] < pick_degree) {
        pick = cell, pick_degree = degree[o], ties = 1;
      } else if (degree[o] == pick_degree && rng.below(static_cast<uint64_t>(++ties)) == 0) {
        pick = cell;
      }
    }
    return pick;
  }

  Params params_;
};

}  // namespace arena::rooks
