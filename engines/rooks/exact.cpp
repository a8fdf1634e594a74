// Maximum bipartite matching of row segments (left) to column segments
// (right), one edge per open cell. Both algorithms start from the same greedy
// matching (left vertices by ascending degree, each taking its free neighbour
// of lowest degree), which leaves about 1% of the vertices to augment.
//
// kAugmentingBfs: one breadth-first alternating search per free left vertex,
//   stopping at the nearest free right vertex. A search that fails has found
//   a Hungarian tree: no vertex it reached can ever lie on an augmenting path
//   (augmenting elsewhere never adds a free vertex to it), so they are retired
//   for good and every vertex is explored by failed searches at most once.
//   On these grid-like graphs the successful searches stay local.
// kHopcroftKarp: phases of shortest augmenting paths, O(E sqrt(V)); here the
//   augmenting paths are long (free vertices lie far apart on the board), so it
//   needs some 40 phases that each sweep most of the graph.
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
  std::vector<int32_t> owner;  // per edge: left vertex
};

// One row-major pass numbers the segments and lays out the edges: row
// segments are runs of a row, so each one's cells (edges) are contiguous.
Graph build_graph(const Board& board, int& row_segments, int& col_segments) {
  Graph g;
  const int n = board.n;
  const auto open_cells = static_cast<size_t>(board.open_cells());
  g.right.reserve(open_cells);
  g.cell.reserve(open_cells);
  g.owner.reserve(open_cells);
  g.start.reserve(open_cells + 1);
  std::vector<int32_t> column_segment(static_cast<size_t>(n), -1);
  row_segments = col_segments = 0;
  for (int r = 0; r < n; ++r) {
    int32_t row_segment = -1;
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      if (board.fort[cell]) {
        row_segment = column_segment[c] = -1;
        continue;
      }
      if (row_segment < 0) {
        row_segment = row_segments++;
        g.start.push_back(static_cast<int32_t>(g.right.size()));
      }
      if (column_segment[c] < 0) column_segment[c] = col_segments++;
      g.right.push_back(column_segment[c]);
      g.cell.push_back(cell);
      g.owner.push_back(row_segment);
    }
  }
  g.start.push_back(static_cast<int32_t>(g.right.size()));
  return g;
}

class Matching {
 public:
  Matching(const Graph& g, int left, int right)
      : g_(g),
        match_left_(left, kUnmatched),
        match_right_(right, kUnmatched),
        dist_(left),
        next_(left) {}

  Placement run(MatchingAlgorithm algorithm) {
    greedy();
    augment_short_paths();
    if (algorithm == MatchingAlgorithm::kHopcroftKarp) {
      hopcroft_karp();
    } else {
      augment_each_free_vertex();
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
    // Left vertices by ascending degree (a counting sort: degrees are at most n).
    std::vector<int32_t> first(static_cast<size_t>(kMaxN) + 2, 0);
    for (int32_t u = 0; u < left; ++u)
      ++first[g_.start[u + 1] - g_.start[u] + 1];
    for (size_t d = 1; d < first.size(); ++d)
      first[d] += first[d - 1];
    std::vector<int32_t> order(static_cast<size_t>(left));
    for (int32_t u = 0; u < left; ++u)
      order[first[g_.start[u + 1] - g_.start[u]]++] = u;
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

  // Augmenting paths of length 3 (free u - matched w - a free neighbour of
  // w): cheap, and about a quarter of what the greedy matching leaves. (Going
  // one level deeper measured slower: its flips lengthen the later searches.)
  void augment_short_paths() {
    for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u) {
      if (match_left_[u] != kUnmatched) continue;
      for (int32_t e = g_.start[u]; e < g_.start[u + 1] && match_left_[u] == kUnmatched; ++e) {
        const int32_t w = match_right_[g_.right[e]];  // matched: greedy left u no free neighbour
        for (int32_t f = g_.start[w]; f < g_.start[w + 1]; ++f) {
          if (match_right_[g_.right[f]] == kUnmatched) {
            match(w, f);
            match(u, e);
            break;
          }
        }
      }
    }
  }

  void hopcroft_karp() {
    while (layer()) {
      for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u)
        next_[u] = g_.start[u];
      for (int32_t u = 0; u < static_cast<int32_t>(match_left_.size()); ++u) {
        if (match_left_[u] == kUnmatched) augment_from(u);
      }
    }
  }

  // One BFS per free left vertex; failed searches retire what they reached.
  void augment_each_free_vertex() {
    constexpr int32_t kRetired = std::numeric_limits<int32_t>::max();
    std::vector<int32_t> seen(match_right_.size(), -1);  // search id, or kRetired
    std::vector<int32_t>& parent_edge = next_;           // per left vertex: edge it was reached by
    std::vector<int32_t> reached;
    for (int32_t root = 0; root < static_cast<int32_t>(match_left_.size()); ++root) {
      if (match_left_[root] != kUnmatched) continue;
      queue_.assign(1, root);
      reached.clear();
      parent_edge[root] = kUnmatched;
      int32_t free_edge = kUnmatched;
      for (size_t head = 0; head < queue_.size() && free_edge == kUnmatched; ++head) {
        const int32_t x = queue_[head];
        for (int32_t e = g_.start[x]; e < g_.start[x + 1]; ++e) {
          const int32_t r = g_.right[e];
          if (seen[r] == root || seen[r] == kRetired) continue;
          seen[r] = root;
          reached.push_back(r);
          const int32_t w = match_right_[r];
          if (w == kUnmatched) {
            free_edge = e;
            break;
          }
          parent_edge[w] = e;
          queue_.push_back(w);
        }
      }
      if (free_edge == kUnmatched) {
        for (int32_t r : reached)
          seen[r] = kRetired;
        continue;
      }
      // Flip the path back to the root: each left vertex takes the edge it was reached by.
      for (int32_t e = free_edge; e != kUnmatched;) {
        const int32_t x = g_.owner[e];
        const int32_t previous = parent_edge[x];
        match(x, e);
        e = previous;
      }
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

Placement solve_exact(const Board& board, MatchingAlgorithm algorithm) {
  int left = 0;
  int right = 0;
  const Graph g = build_graph(board, left, right);
  return Matching(g, left, right).run(algorithm);
}

}  // namespace arena::rooks
