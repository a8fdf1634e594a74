#include "engines/chinese_checkers/solitaire.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <tuple>

#include "engines/chinese_checkers/board.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/chinese_checkers/state.hpp"

namespace arena::chinese_checkers {

// A named namespace, not an anonymous one: the engine is built as one unity
// file, where helpers of the same name in other files would clash.
namespace solitaire_impl {

// At most this many candidates per kept position are gathered for a depth
// before deduplication (transpositions: moves of different pieces commute, so
// many children are the same position).
constexpr int kCandidateFactor = 4;

struct Tables {
  std::array<int, kHoles> advance{};  // -x of each hole
  std::array<uint8_t, kHoles> turned{};
  Tables() {
    const Board& b = board();
    for (int h = 0; h < kHoles; ++h) {
      const Cube c = b.cube(h);
      advance[h] = -c.x;
      turned[h] = static_cast<uint8_t>(b.hole_at(-c.x, -c.y));
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

// A kept position: its pieces and the index of its parent one depth up.
struct Node {
  Bitboard pieces;
  uint32_t parent;
};

// A child before selection. Ordered best first: more progress, then by the
// pieces' bits (any total order: it only makes ties deterministic).
struct Candidate {
  int progress;
  Bitboard pieces;
  uint32_t parent;
  bool operator<(const Candidate& o) const {
    return std::tie(o.progress, pieces.hi, pieces.lo, parent) <
           std::tie(progress, o.pieces.hi, o.pieces.lo, o.parent);
  }
};

// Calls f(from, to) for every move of the lone player with `pieces`, in the
// order of generate_moves (origin, then destination).
template <class F>
void for_each_move(Bitboard pieces, F&& f) {
  const Board& b = board();
  for_each_hole(pieces, [&](int from) {
    Bitboard others = pieces;
    others.reset(from);
    const Bitboard to = b.steps(from).without(pieces) | hop_reach(others, from);
    for_each_hole(to, [&](int dest) { f(from, dest); });
  });
}

Bitboard moved(Bitboard pieces, int from, int to) {
  pieces.reset(from);
  pieces.set(to);
  return pieces;
}

uint64_t mix(Bitboard b) {
  uint64_t h =
      b.lo * 0x9E3779B97F4A7C15ULL ^ (b.hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
}

// Positions of one depth, turned a half turn, by value -> index.
class TurnedIndex {
 public:
  explicit TurnedIndex(const std::vector<Node>& nodes) {
    size_t cap = 16;
    while (cap < 2 * nodes.size())
      cap *= 2;
    slots_.assign(cap, 0);
    keys_.resize(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
      keys_[i] = half_turn(nodes[i].pieces);
      size_t s = mix(keys_[i]) & (cap - 1);
      while (slots_[s] != 0)
        s = (s + 1) & (cap - 1);
      slots_[s] = static_cast<uint32_t>(i + 1);
    }
  }
  // The index of the node whose half turn is `pieces`, or -1.
  int64_t find(Bitboard pieces) const {
    const size_t mask = slots_.size() - 1;
    for (size_t s = mix(pieces) & mask; slots_[s] != 0; s = (s + 1) & mask)
      if (keys_[slots_[s] - 1] == pieces) return slots_[s] - 1;
    return -1;
  }

 private:
  std::vector<uint32_t> slots_;  // index + 1; 0 empty
  std::vector<Bitboard> keys_;
};

class Search {
 public:
  explicit Search(const SolitaireOptions& options) : options_(options) {
    if (options.beam < 1 || options.max_depth < 1)
      throw std::invalid_argument("solitaire: beam and max_depth must be at least 1");
    levels_.push_back({{solitaire_start(), 0}});
  }

  SolitaireResult run() {
    for (int k = 1; k <= options_.max_depth; ++k) {
      expand();
      result_.kept += levels_.back().size();
      if (meet(k)) break;
    }
    return result_;
  }

 private:
  // The next depth: the best `beam` distinct children of the last one.
  void expand() {
    const std::vector<Node>& last = levels_.back();
    // First pass: how many children at each progress, to find the least
    // progress worth gathering.
    std::array<uint64_t, 256> count{};
    const auto& adv = tables().advance;
    for (const Node& n : last) {
      const int p = solitaire_progress(n.pieces);
      for_each_move(n.pieces, [&](int from, int to) { ++count[p + adv[to] - adv[from] + 128]; });
    }
    const auto want = static_cast<uint64_t>(options_.beam) * kCandidateFactor;
    int least = 0;
    uint64_t total = 0;
    for (int s = 255; s >= 0; --s) {
      total += count[s];
      least = s - 128;
      if (total >= want) break;
    }
    std::vector<Candidate> cands;
    cands.reserve(total);
    for (size_t i = 0; i < last.size(); ++i) {
      const Bitboard pieces = last[i].pieces;
      const int p = solitaire_progress(pieces);
      for_each_move(pieces, [&](int from, int to) {
        const int q = p + adv[to] - adv[from];
        if (q >= least) cands.push_back({q, moved(pieces, from, to), static_cast<uint32_t>(i)});
      });
    }
    for (const uint64_t c : count)
      result_.generated += c;
    result_.peak_candidates = std::max<uint64_t>(result_.peak_candidates, cands.size());
    std::sort(cands.begin(), cands.end());
    std::vector<Node> next;
    next.reserve(std::min<size_t>(cands.size(), static_cast<size_t>(options_.beam)));
    for (size_t i = 0; i < cands.size() && next.size() < static_cast<size_t>(options_.beam); ++i)
      if (i == 0 || !(cands[i].pieces == cands[i - 1].pieces))
        next.push_back({cands[i].pieces, cands[i].parent});
    levels_.push_back(std::move(next));
  }

  // After depth k: the shortest crossing the kept positions give, of 2k - 1,
  // 2k or 2k + 1 moves (shorter ones were looked for at earlier depths).
  bool meet(int k) {
    const TurnedIndex back(levels_[k - 1]);
    const TurnedIndex same(levels_[k]);
    const std::vector<Node>& now = levels_[k];
    for (size_t i = 0; i < now.size(); ++i)  // 2k - 1: X = rot(Y), Y at k - 1
      if (const int64_t j = back.find(now[i].pieces); j >= 0) return found(k, i, false, k - 1, j);
    for (size_t i = 0; i < now.size(); ++i)  // 2k: X = rot(Y), both at k
      if (const int64_t j = same.find(now[i].pieces); j >= 0) return found(k, i, false, k, j);
    if (one_move(k, k - 1, back)) return true;  // 2k
    return one_move(k, k, same);                // 2k + 1
  }

  bool one_move(int k, int j_depth, const TurnedIndex& index) {
    const std::vector<Node>& now = levels_[k];
    for (size_t i = 0; i < now.size(); ++i) {
      int64_t j = -1;
      for_each_move(now[i].pieces, [&](int from, int to) {
        ++result_.generated;
        if (j < 0) j = index.find(moved(now[i].pieces, from, to));
      });
      if (j >= 0) return found(k, i, true, j_depth, j);
    }
    return false;
  }

  // Start -> X (node i at i_depth) -> rot(Y) -> goal, where Y is node j at
  // j_depth, and X -> rot(Y) is a move (`one_move`) or X = rot(Y).
  bool found(int i_depth, size_t i, bool one_move, int j_depth, int64_t j) {
    std::vector<Bitboard> path = lineage(i_depth, i);
    std::reverse(path.begin(), path.end());
    for (const Bitboard y : lineage(j_depth, static_cast<size_t>(j)))
      path.push_back(half_turn(y));
    if (!one_move) path.erase(path.begin() + i_depth);  // X and rot(Y) are one position
    for (size_t m = 1; m < path.size(); ++m) {
      const Bitboard gone = path[m - 1].without(path[m]);
      const Bitboard come = path[m].without(path[m - 1]);
      result_.moves.push_back(
          {static_cast<uint8_t>(gone.lowest()), static_cast<uint8_t>(come.lowest())});
    }
    result_.depth = i_depth;
    return true;
  }

  // The positions from node `index` at `depth` back to the start.
  std::vector<Bitboard> lineage(int depth, size_t index) const {
    std::vector<Bitboard> out;
    for (int d = depth; d >= 0; --d) {
      const Node& n = levels_[static_cast<size_t>(d)][index];
      out.push_back(n.pieces);
      index = n.parent;
    }
    return out;
  }

  SolitaireOptions options_;
  std::vector<std::vector<Node>> levels_;
  SolitaireResult result_;
};

}  // namespace solitaire_impl

Bitboard solitaire_start() {
  return board().triangle_mask(0);
}

Bitboard solitaire_goal() {
  return board().triangle_mask(3);
}

Bitboard half_turn(Bitboard holes) {
  Bitboard out;
  for_each_hole(holes, [&](int h) { out.set(solitaire_impl::tables().turned[h]); });
  return out;
}

int solitaire_progress(Bitboard pieces) {
  int sum = 0;
  for_each_hole(pieces, [&](int h) { sum += solitaire_impl::tables().advance[h]; });
  return sum;
}

SolitaireResult find_crossing(const SolitaireOptions& options) {
  return solitaire_impl::Search(options).run();
}

std::string check_crossing(std::span<const Move> moves) {
  Rules rules;
  rules.max_plies = 1 << 20;
  const std::array<Bitboard, 2> start = {solitaire_start(), Bitboard{}};
  State state = State::from_pieces(rules, start, 0);
  MoveList legal;
  for (size_t k = 0; k < moves.size(); ++k) {
    const Move m = moves[k];
    const std::string where = "move " + std::to_string(k + 1) + " (" + std::to_string(m.from) +
                              "-" + std::to_string(m.to) + ")";
    if (state.game_over()) return where + ": the crossing was already complete";
    generate_moves(state, legal);
    if (!legal.contains(m) || !is_legal(state, m)) return where + ": not a legal move";
    state.apply(m);
    if (!state.game_over() && state.side_to_move() != 0)
      state.pass();  // the empty seat has no move
  }
  if (state.pieces(0) != solitaire_goal()) return "the pieces do not all end in triangle 3";
  if (!state.finished(0)) return "the engine does not count the crossing as finished";
  return "";
}

std::vector<Bitboard> crossing_positions(std::span<const Move> moves) {
  std::vector<Bitboard> out = {solitaire_start()};
  for (const Move m : moves)
    out.push_back(solitaire_impl::moved(out.back(), m.from, m.to));
  return out;
}

}  // namespace arena::chinese_checkers
