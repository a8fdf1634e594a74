#include "engines/chinese_checkers/movegen.hpp"

#include <algorithm>
#include <bit>

namespace arena::chinese_checkers {

bool MoveList::contains(Move m) const {
  return std::find(begin(), end(), m) != end();
}

Bitboard hop_reach(Bitboard occupied, int from, uint8_t* hops) {
  const Board& b = board();
  // `seen` starts with the origin so no chain ends (or is re-expanded) there.
  Bitboard seen = occupied;
  seen.set(from);
  Bitboard reached;
  std::array<uint8_t, kHoles> queue;
  std::array<uint8_t, kHoles> depth;
  int head = 0;
  int tail = 0;
  queue[tail++] = static_cast<uint8_t>(from);
  depth[from] = 0;
  while (head < tail) {
    const int h = queue[head++];
    for (const Hop& hop : b.hops(h)) {
      if (!occupied.test(hop.over) || seen.test(hop.land)) continue;
      seen.set(hop.land);
      reached.set(hop.land);
      depth[hop.land] = static_cast<uint8_t>(depth[h] + 1);
      queue[tail++] = hop.land;
    }
  }
  if (hops) for_each_hole(reached, [&](int h) { hops[h] = depth[h]; });
  return reached;
}

namespace {

// Holes reached by hop chains from the piece on `from`: a flood fill that
// reads State::open_hops (one byte per hole, kept up to date by apply) and
// keeps the reached set in two words. The piece is not lifted, which changes
// nothing: its chains land an even number of steps from its origin and so
// never hop over it, and the origin itself (occupied) is closed as a
// landing, where a lifted piece could only return to it and reach nothing
// new.
Bitboard fast_hop_reach(const State& state, int from) {
  const Board& b = board();
  // Two words indexed by hole / 64: cheaper than 128-bit shifts.
  uint64_t seen[2] = {0, 0};
  seen[from >> 6] = uint64_t{1} << (from & 63);
  std::array<uint8_t, kHoles> stack;
  int top = 0;
  stack[top++] = static_cast<uint8_t>(from);
  while (top > 0) {
    const int h = stack[--top];
    for (unsigned open = state.open_hops(h); open; open &= open - 1) {
      const int land = b.padded_land(h, std::countr_zero(open));
      const uint64_t bit = uint64_t{1} << (land & 63);
      uint64_t& word = seen[land >> 6];
      if (word & bit) continue;
      word |= bit;
      stack[top++] = static_cast<uint8_t>(land);
    }
  }
  seen[from >> 6] &= ~(uint64_t{1} << (from & 63));
  return {seen[0], seen[1]};
}

// Hop chains for all pieces of one position, sharing work: hop edges between
// empty holes are symmetric, so a piece reaches the union of the components
// (in the graph of empty holes joined by hops) of its first landings. Each
// component is flooded once, on first use, and then shared by every piece.
class HopComponents {
 public:
  explicit HopComponents(const State& state) : state_(state) { label_.fill(kNone); }

  Bitboard reach(int from) {
    const Board& b = board();
    uint64_t lo = 0;
    uint64_t hi = 0;
    for (unsigned open = state_.open_hops(from); open; open &= open - 1) {
      const int land = b.padded_land(from, std::countr_zero(open));
      if (!state_.open_hops(land)) {  // the usual case: a component of one hole
        (land < 64 ? lo : hi) |= uint64_t{1} << (land & 63);
        continue;
      }
      if (label_[land] == kNone) flood(land);
      lo |= component_[label_[land]][0];
      hi |= component_[label_[land]][1];
    }
    // The origin is occupied, so it is in no component: nothing to remove.
    return {lo, hi};
  }

 private:
  static constexpr uint8_t kNone = 0xff;

  void flood(int start) {
    const Board& b = board();
    const auto label = static_cast<uint8_t>(components_++);
    uint64_t words[2] = {0, 0};
    std::array<uint8_t, kHoles> stack;
    int top = 0;
    label_[start] = label;
    stack[top++] = static_cast<uint8_t>(start);
    while (top > 0) {
      const int h = stack[--top];
      words[h >> 6] |= uint64_t{1} << (h & 63);
      for (unsigned open = state_.open_hops(h); open; open &= open - 1) {
        const int land = b.padded_land(h, std::countr_zero(open));
        if (label_[land] != kNone) continue;
        label_[land] = label;
        stack[top++] = static_cast<uint8_t>(land);
      }
    }
    component_[label][0] = words[0];
    component_[label][1] = words[1];
  }

  const State& state_;
  std::array<uint8_t, 128> label_;
  uint64_t component_[kHoles][2];  // raw words: construction zeroes nothing
  int components_ = 0;
};

}  // namespace

// Hardware population count where the CPU has it: the build targets
// baseline x86-64, where std::popcount is a library call or a dozen
// instructions, and counting dominates random play otherwise. target_clones
// builds a popcnt and a baseline copy and picks one at load time (ifunc),
// so the binary still runs on a CPU without POPCNT. Not under
// ThreadSanitizer, which instruments the resolver that runs before it is up.
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && !defined(__SANITIZE_THREAD__)
#define ARENA_CC_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define ARENA_CC_POPCNT
#endif

ARENA_CC_POPCNT void all_destinations(const State& state, PieceDestinations& out) {
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  int n = 0;
  int total = 0;
  HopComponents hops(state);
  for_each_hole(state.pieces(state.side_to_move()), [&](int h) {
    const Bitboard reached = hops.reach(h);
    const Bitboard to = (board().steps(h).without(occupied) | reached) & allowed;
    const int count = __builtin_popcountll(to.lo) + __builtin_popcountll(to.hi);
    out.from[n] = static_cast<uint8_t>(h);
    out.to[n] = to;
    out.count[n] = count;
    total += count;
    ++n;
  });
  out.pieces = n;
  out.total = total;
}

Bitboard destinations(const State& state, int from) {
  const Bitboard reached = state.open_hops(from) ? fast_hop_reach(state, from) : Bitboard{};
  return (board().steps(from).without(state.occupied()) | reached) &
         state.destinations_allowed(state.side_to_move());
}

void generate_moves(const State& state, MoveList& moves) {
  moves.clear();
  PieceDestinations d;
  all_destinations(state, d);
  for (int i = 0; i < d.pieces; ++i)
    for_each_hole(d.to[i], [&](int to) { moves.push({d.from[i], static_cast<uint8_t>(to)}); });
}

void generate_moves_with_hops(const State& state, MoveList& moves, uint8_t* hops) {
  moves.clear();
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  std::array<uint8_t, kHoles> depth{};
  for_each_hole(state.pieces(state.side_to_move()), [&](int from) {
    Bitboard lifted = occupied;
    lifted.reset(from);
    const Bitboard steps = board().steps(from).without(occupied);
    const Bitboard dest = (steps | hop_reach(lifted, from, depth.data())) & allowed;
    for_each_hole(dest, [&](int to) {
      hops[moves.size()] = steps.test(to) ? 0 : depth[to];
      moves.push({static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    });
  });
}

bool has_move(const State& state) {
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  const Bitboard mine = state.pieces(state.side_to_move());
  bool any = false;
  // Steps first: they almost always exist and cost a mask each.
  for_each_hole(mine,
                [&](int h) { any = any || (board().steps(h).without(occupied) & allowed).any(); });
  if (any) return true;
  for_each_hole(mine, [&](int h) {
    any = any || (state.open_hops(h) && (fast_hop_reach(state, h) & allowed).any());
  });
  return any;
}

int count_moves(const State& state) {
  PieceDestinations d;
  all_destinations(state, d);
  return d.total;
}

bool is_legal(const State& state, Move m) {
  if (m.from >= kHoles || m.to >= kHoles || state.game_over()) return false;
  if (!state.pieces(state.side_to_move()).test(m.from)) return false;
  return destinations(state, m.from).test(m.to);
}

}  // namespace arena::chinese_checkers
