// Hopcroft-Karp maximum bipartite matching: row segments (left) to column
// segments (right), one edge per open cell. O(E sqrt(V)); a greedy matching
// first, then BFS layering and iterative DFS augmentation per phase.
#include <algorithm>
#include <limits>

#include "engines/rooks/solvers.hpp"

namespace arena::rooks {
namespace {

constexpr int32_t kUnmatched = -1;
constexpr int32_t kFar = std::numeric_limits<int32_t>::max();

struct Graph {
  std::vector<int32_t> start;  // per left vertex: first edge; start[left] = edge count
  std::vector<int32_t> right;  // per edge: right vertex
  std::vector<int32_t> cell;   // per edge: the open cell it stands for
};

// Row segments are runs of a row, so in row-major order each one's cells (edges) are contiguous.
Graph build_graph(const Board& board, const Segments& seg) {
  Graph g;
  g.start.assign(static_cast<size_t>(seg.row_segments) + 1, 0);
  for (size_t c = 0; c < board.fort.size(); ++c) {
    if (board.fort[c]) continue;
    ++g.start[seg.row_of[c] + 1];
    g.right.push_back(seg.col_of[c]);
    g.cell.push_back(static_cast<int32_t>(c));
  }
  for (size_t s = 1; s < g.start.size(); ++s)
    g.start[s] += g.start[s - 1];
  return g;
}

class HopcroftKarp {
 public:
  HopcroftKarp(const Graph& g, int left, int right)
      : g_(g),
        match_left_(left, kUnmatched),
        match_right_(right, kUnmatched),
        dist_(left),
        next_(left) {}

  Placement run() {
    greedy();
    while (layer()) {
      for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u)
        next_[u] = g_.start[u];
      for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u) {
        if (match_left_[u] == kUnmatched) augment_from(u);
      }
    }
    Placement rooks;
    for (int32_t edge : match_left_) {
      if (edge != kUnmatched) rooks.push_back(g_.cell[edge]);
    }
    return rooks;
  }

 private:
  void match(int32_t u, int32_t edge) {
    match_left_[u] = edge;
    match_right_[g_.right[edge]] = u;
  }

  // Initial matching: left vertices by ascending degree, each taking its free
  // neighbour of lowest degree; leaves far fewer vertices for the phases.
  void greedy() {
    const auto left = static_cast<int32_t>(match_left_.size());
    std::vector<int32_t> right_degree(match_right_.size(), 0);
    for (int32_t r : g_.right)
      ++right_degree[r];
    std::vector<int32_t> order(static_cast<size_t>(left));
    for (int32_t u = 0; u < left; ++u)
      order[u] = u;
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      return g_.start[a + 1] - g_.start[a] < g_.start[b + 1] - g_.start[b];
    });
    for (int32_t u : order) {
      int32_t best = kUnmatched;
      for (int32_t e = g_.start[u]; e < g_.start[u + 1]; ++e) {
        const int32_t r = g_.right[e];
        if (match_right_[r] == kUnmatched &&
            (best == kUnmatched || right_degree[r] < right_degree[g_.right[best]])) {
          best = e;
        }
      }
      if (best != kUnmatched) match(u, best);
    }
  }

  // BFS from the free left vertices; true when a free right vertex is reachable.
  bool layer() {
    queue_.clear();
    for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u) {
      dist_[u] = match_left_[u] == kUnmatched ? 0 : kFar;
      if (dist_[u] == 0) queue_.push_back(u);
    }
    // Layers stop at the first one that reaches a free right vertex: only
    // shortest augmenting paths are searched in a phase.
    int32_t limit = kFar;
    for (size_t head = 0; head < queue_.size(); ++head) {
      const int32_t u = queue_[head];
      if (dist_[u] >= limit) break;
      for (int32_t e = g_.start[u]; e < g_.start[u + 1]; ++e) {
        const int32_t w = match_right_[g_.right[e]];
        if (w == kUnmatched) {
          limit = dist_[u];
        } else if (dist_[w] == kFar) {
          dist_[w] = dist_[u] + 1;
          queue_.push_back(w);
        }
      }
    }
    return limit != kFar;
  }

  // Depth-first along the layers, without recursion (paths can be long).
  void augment_from(int32_t root) {
    stack_.assign(1, root);
    while (!stack_.empty()) {
      const int32_t x = stack_.back();
      if (next_[x] == g_.start[x + 1]) {
        dist_[x] = kFar;  // dead end for the rest of this phase
        stack_.pop_back();
        if (!stack_.empty()) ++next_[stack_.back()];
        continue;
      }
      const int32_t e = next_[x];
      const int32_t w = match_right_[g_.right[e]];
      if (w == kUnmatched) {
        for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
          match(*it, next_[*it]);
        return;
      }
      if (dist_[w] == dist_[x] + 1) {
        stack_.push_back(w);
      } else {
        ++next_[x];
      }
    }
  }

  const Graph& g_;
  std::vector<int32_t> match_left_;   // left vertex -> matched edge
  std::vector<int32_t> match_right_;  // right vertex -> matched left vertex
  std::vector<int32_t> dist_;
  std::vector<int32_t> next_;
  std::vector<int32_t> queue_;
  std::vector<int32_t> stack_;
};

}  // namespace

Placement solve_exact(const Board& board, const Segments& segments) {
  const Graph g = build_graph(board, segments);
  return HopcroftKarp(g, segments.row_segments, segments.col_segments).run();
}

}  // namespace arena::rooks
