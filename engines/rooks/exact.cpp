// Maximum bipartite matching of row segments (left) to column segments
// (right), one edge per open cell. Every algorithm starts from the same greedy
// matching (left vertices by ascending degree, each taking its free neighbour
// of lowest degree) and its length-3 augmentations, which leave about 1% of
// the vertices to augment; they differ in how they find the rest.
//
// kAuto (the default): kPothenFan when at most 1 in 25 left vertices is free
//   after the greedy start, else kAugmentingBfs (see kManyFree).
// kPothenFan: phases of Pothen-Fan+ (Duff, Kaya and Ucar, "Design,
//   implementation, and analysis of maximum transversal algorithms", ACM TOMS
//   2011): a depth-first search from every free left vertex, in which a
//   vertex visited once in the phase is not entered again, so a phase costs
//   at most one sweep of the graph whatever the number of searches; each
//   vertex first looks for a free neighbour (the lookahead, whose pointer
//   never moves back: a matched right vertex stays matched), and the phases
//   alternate the order in which neighbours are tried (fairness). Phases
//   repeat until one finds no augmenting path. A search that fails without
//   meeting another search's vertices has proved its vertices dead (see
//   kDead) and they are never searched again.
//   A depth-first search does not mind long augmenting paths, which is what
//   sparse forts give (free vertices lie far apart): on the 1000 x 1000 board
//   with 10% forts the first phase alone finds 60% of the paths for a quarter
//   of a sweep, where kAugmentingBfs explores a ball of some 1,700 vertices
//   around each free vertex; it is 2 to 5 times faster than kAugmentingBfs at
//   5% and 10% forts. From about 12% forts the paths are short and most free
//   vertices unmatchable, which a failed BFS retires cheaply, and
//   kAugmentingBfs is faster.
// kAugmentingBfs: one breadth-first alternating search per free left vertex,
//   stopping at the nearest free right vertex. A search that fails has found
//   a Hungarian tree: no vertex it reached can ever lie on an augmenting path
//   (augmenting elsewhere never adds a free vertex to it), so they are retired
//   for good and every vertex is explored by failed searches at most once.
// kHopcroftKarp: phases of shortest augmenting paths, O(E sqrt(V)); here the
//   augmenting paths are long, so it needs some 40 phases that each sweep
//   most of the graph.
//
// All are deterministic: the vertices and their edges are always taken
// in the same order.
#include <algorithm>
#include <limits>

#include "engines/core/huge_page_allocator.hpp"
#include "engines/rooks/solvers.hpp"

namespace arena::rooks {
namespace {

constexpr int32_t kUnmatched = -1;
constexpr int32_t kFar = std::numeric_limits<int32_t>::max();

// A row segment's cells are contiguous in its row, so its edges are numbered
// in row-major cell order and an edge's cell follows from its offset. The
// solver's arrays are HugePageVectors: on a 1000 x 1000 board they are some
// 10 MB of fresh memory, whose 4 KiB page faults took 40% of a solve.
struct Graph {
  HugePageVector<int32_t> start;         // per left vertex: first edge; start[left] = edge count
  HugePageVector<int32_t> first_cell;    // per left vertex: its leftmost cell
  HugePageVector<int32_t> right;         // per edge: right vertex
  HugePageVector<int32_t> right_degree;  // per right vertex: its cells

  int32_t left_count() const { return static_cast<int32_t>(first_cell.size()); }
  int32_t right_count() const { return static_cast<int32_t>(right_degree.size()); }
  int32_t degree(int32_t u) const { return start[u + 1] - start[u]; }
  int32_t cell(int32_t u, int32_t edge) const { return first_cell[u] + edge - start[u]; }
  // The left vertex of `edge` (only on path flips, so a binary search will do).
  int32_t owner(int32_t edge) const {
    const auto after = std::upper_bound(start.begin(), start.end(), edge);
    return static_cast<int32_t>(after - start.begin()) - 1;
  }
};

// One row-major pass numbers the segments and lays out the edges; column
// segments are numbered as they start, so segments near each other on the
// board get near numbers.
Graph build_graph(const Board& board) {
  Graph g;
  const int n = board.n;
  g.right.resize(static_cast<size_t>(board.open_cells()));
  HugePageVector<int32_t> column_segment(static_cast<size_t>(n), kUnmatched);
  int32_t edge = 0;
  for (int r = 0; r < n; ++r) {
    bool in_segment = false;
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      if (board.fort[cell]) {
        in_segment = false;
        column_segment[c] = kUnmatched;
        continue;
      }
      if (!in_segment) {
        in_segment = true;
        g.start.push_back(edge);
        g.first_cell.push_back(cell);
      }
      if (column_segment[c] == kUnmatched) {
        column_segment[c] = g.right_count();
        g.right_degree.push_back(0);
      }
      ++g.right_degree[column_segment[c]];
      g.right[edge++] = column_segment[c];
    }
  }
  g.start.push_back(edge);
  return g;
}

class Matching {
 public:
  explicit Matching(const Graph& g)
      : g_(g),
        match_left_(g.left_count(), kUnmatched),
        match_right_(g.right_count(), kUnmatched),
        next_(g.left_count()) {}

  Placement run(MatchingAlgorithm algorithm) {
    greedy();
    augment_short_paths();
    switch (algorithm) {
      case MatchingAlgorithm::kAuto:
        if (free_left() * kManyFree > g_.left_count()) {
          augment_each_free_vertex();
        } else {
          pothen_fan();
        }
        break;
      case MatchingAlgorithm::kPothenFan:
        pothen_fan();
        break;
      case MatchingAlgorithm::kAugmentingBfs:
        augment_each_free_vertex();
        break;
      case MatchingAlgorithm::kHopcroftKarp:
        hopcroft_karp();
        break;
    }
    Placement rooks;
    for (int32_t u = 0; u < g_.left_count(); ++u) {
      if (match_left_[u] != kUnmatched) rooks.push_back(g_.cell(u, match_left_[u]));
    }
    return rooks;
  }

 private:
  int32_t free_left() const {
    return static_cast<int32_t>(std::count(match_left_.begin(), match_left_.end(), kUnmatched));
  }

  void match(int32_t u, int32_t edge) {
    match_left_[u] = edge;
    match_right_[g_.right[edge]] = u;
  }

  // Initial matching: left vertices by ascending degree, each taking its free
  // neighbour of lowest degree; leaves far fewer vertices for the phases.
  void greedy() {
    const int32_t left = g_.left_count();
    // Left vertices by ascending degree (a counting sort: degrees are at most n).
    HugePageVector<int32_t> first(static_cast<size_t>(kMaxN) + 2, 0);
    for (int32_t u = 0; u < left; ++u)
      ++first[g_.degree(u) + 1];
    for (size_t d = 1; d < first.size(); ++d)
      first[d] += first[d - 1];
    HugePageVector<int32_t> order(static_cast<size_t>(left));
    for (int32_t u = 0; u < left; ++u)
      order[first[g_.degree(u)]++] = u;
    // Per right vertex its degree while free, kFar once matched: one load per
    // neighbour tells both.
    HugePageVector<int32_t> cost = g_.right_degree;
    for (int32_t u : order) {
      int32_t best = kUnmatched;
      int32_t best_cost = kFar;
      for (int32_t e = g_.start[u]; e < g_.start[u + 1]; ++e) {
        if (cost[g_.right[e]] < best_cost) {
          best = e;
          best_cost = cost[g_.right[e]];
        }
      }
      if (best != kUnmatched) {
        match(u, best);
        cost[g_.right[best]] = kFar;
      }
    }
  }

  // Augmenting paths of length 3 (free u - matched w - a free neighbour of
  // w): cheap, and about a quarter of what the greedy matching leaves. (Going
  // one level deeper measured slower: its flips lengthen the later searches.)
  void augment_short_paths() {
    for (int32_t u = 0; u < g_.left_count(); ++u) {
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

  // ---- kPothenFan: next_ holds the edge each left vertex's search is on.
  // A matched left vertex is visited through its partner, so the visit marks
  // are kept on right vertices (seen_): a search tests a neighbour with one
  // load, and looks up the partner only to enter it. (The free right vertex an
  // augmentation matches keeps its old mark, so later searches of the phase
  // may go through the path's end again: that measured faster at 5% forts.)

  // kAuto's choice: with more than 1 in kManyFree left vertices free after
  // the greedy start (from about 12% forts) kAugmentingBfs measured faster
  // than kPothenFan (instruction counts, n = 500 to 1500, 10% to 30% forts).
  static constexpr int32_t kManyFree = 25;

  // A vertex no augmenting path can ever go through. A search that fails
  // without meeting a vertex visited by another search of its phase has
  // explored everything alternating paths reach from its root (a Hungarian
  // tree, as in kAugmentingBfs), and augmenting elsewhere never adds a free
  // vertex to it; so its vertices are not searched again in later phases.
  static constexpr int32_t kDead = kFar;

  // Phases until one finds no augmenting path.
  void pothen_fan() {
    HugePageVector<int32_t> roots;
    for (int32_t u = 0; u < g_.left_count(); ++u) {
      if (match_left_[u] == kUnmatched) roots.push_back(u);
    }
    lookahead_.assign(g_.start.begin(), g_.start.end() - 1);
    seen_.assign(match_right_.size(), -1);
    for (bool forward = true, found = true; found; forward = !forward) {
      found = false;
      if (search_ > kDead - 1 - static_cast<int32_t>(roots.size())) restart_search_ids();
      phase_start_ = search_ + 1;
      size_t kept = 0;
      for (int32_t root : roots) {
        if (search_depth_first(root, forward)) {
          found = true;
        } else if (blocked_) {  // unproven: try again next phase
          roots[kept++] = root;
        }
      }
      roots.resize(kept);
    }
  }

  // Search ids would run into kDead (only on huge boards): forget the old
  // phases' marks, keep the dead ones.
  void restart_search_ids() {
    for (int32_t& seen : seen_) {
      if (seen != kDead) seen = -1;
    }
    search_ = 0;
  }

  // Depth-first from `root` among the vertices not visited in this phase;
  // true when it augmented. Phases alternate between trying a vertex's edges
  // left to right and right to left (fairness).
  bool search_depth_first(int32_t root, bool forward) {
    ++search_;
    blocked_ = false;
    visited_.clear();
    stack_.assign(1, root);
    next_[root] = first_edge(root, forward);
    while (!stack_.empty()) {
      const int32_t x = stack_.back();
      const int32_t free_edge = look_ahead(x);
      if (free_edge != kUnmatched) {
        next_[x] = free_edge;
        for (int32_t y : stack_)
          match(y, next_[y]);
        return true;
      }
      const int32_t r = forward ? next_forward(x) : next_backward(x);
      if (r == kUnmatched) {
        stack_.pop_back();
        continue;
      }
      seen_[r] = search_;
      visited_.push_back(r);
      const int32_t w = match_right_[r];
      next_[w] = first_edge(w, forward);
      stack_.push_back(w);
    }
    if (!blocked_) {
      for (int32_t r : visited_)
        seen_[r] = kDead;
    }
    return false;
  }

  int32_t first_edge(int32_t x, bool forward) const {
    return forward ? g_.start[x] : g_.start[x + 1] - 1;
  }

  // An edge of x to a free right vertex, or kUnmatched. The pointer never
  // moves back: a matched right vertex stays matched.
  int32_t look_ahead(int32_t x) {
    int32_t& e = lookahead_[x];
    while (e < g_.start[x + 1] && match_right_[g_.right[e]] != kUnmatched)
      ++e;
    return e < g_.start[x + 1] ? e : kUnmatched;
  }

  // True when the search may enter r's partner: not visited in this phase,
  // nor dead. Refusing one another search of the phase visited blocks the
  // proof that the search's vertices are dead.
  bool enterable(int32_t r) {
    const int32_t seen = seen_[r];
    if (seen < phase_start_) return true;
    blocked_ |= seen != search_ && seen != kDead;
    return false;
  }

  // x's next neighbour whose partner the search may enter, or kUnmatched.
  // (Every neighbour is matched: the lookahead found none free; x's own
  // partner is visited already.)
  int32_t next_forward(int32_t x) {
    for (int32_t& e = next_[x]; e < g_.start[x + 1]; ++e) {
      if (enterable(g_.right[e])) return g_.right[e];
    }
    return kUnmatched;
  }
  int32_t next_backward(int32_t x) {
    for (int32_t& e = next_[x]; e >= g_.start[x]; --e) {
      if (enterable(g_.right[e])) return g_.right[e];
    }
    return kUnmatched;
  }

  // ---- kAugmentingBfs

  // One BFS per free left vertex; failed searches retire what they reached.
  void augment_each_free_vertex() {
    constexpr int32_t kRetired = std::numeric_limits<int32_t>::max();
    HugePageVector<int32_t> seen(match_right_.size(), -1);  // search id, or kRetired
    HugePageVector<int32_t>& parent_edge = next_;  // per left vertex: edge it was reached by
    HugePageVector<int32_t> reached;
    for (int32_t root = 0; root < g_.left_count(); ++root) {
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
        const int32_t x = g_.owner(e);
        const int32_t previous = parent_edge[x];
        match(x, e);
        e = previous;
      }
    }
  }

  // ---- kHopcroftKarp: dist_ holds the layers, next_ each vertex's current edge.

  void hopcroft_karp() {
    dist_.resize(match_left_.size());
    while (layer()) {
      std::copy(g_.start.begin(), g_.start.end() - 1, next_.begin());
      for (int32_t u = 0; u < g_.left_count(); ++u) {
        if (match_left_[u] == kUnmatched) augment_from(u);
      }
    }
  }

  // BFS from the free left vertices; true when a free right vertex is reachable.
  bool layer() {
    queue_.clear();
    for (int32_t u = 0; u < g_.left_count(); ++u) {
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
  HugePageVector<int32_t> match_left_;   // left vertex -> matched edge
  HugePageVector<int32_t> match_right_;  // right vertex -> matched left vertex
  HugePageVector<int32_t> next_;         // per left vertex: its current edge (or BFS parent edge)
  HugePageVector<int32_t> queue_;
  HugePageVector<int32_t> stack_;
  // kPothenFan
  HugePageVector<int32_t> lookahead_;  // per left vertex: its first edge that may be free
  HugePageVector<int32_t> seen_;       // per right vertex: the search that entered its partner
  HugePageVector<int32_t> visited_;    // the right vertices the current search went through
  int32_t search_ = 0;                 // the current search's id
  int32_t phase_start_ = 0;            // the first search id of the current phase
  bool blocked_ = false;               // the current search refused a vertex of another
  // kHopcroftKarp
  HugePageVector<int32_t> dist_;  // per left vertex: its layer
};

}  // namespace

Placement solve_exact(const Board& board, MatchingAlgorithm algorithm) {
  const Graph g = build_graph(board);
  return Matching(g).run(algorithm);
}

}  // namespace arena::rooks
