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

// Every hole reached by hop chains whose first landings are `reached`:
// `hoppable` (State::with_open_hops) marks the landings a chain can go on
// from, and only those are expanded, each by one table lookup. The
// components met in random play are small: flooding them again for each
// piece measured no slower than labelling and sharing them, with less code.
// No landing is the chain's origin: that hole is occupied, so no hop is
// open into it.
Bitboard hop_closure(const State& state, Bitboard reached, Bitboard hoppable) {
  const Board& b = board();
  Bitboard todo = reached & hoppable;
  while (todo.any()) {
    const int h = todo.pop_lowest();
    const Bitboard next = b.hop_landings(h, state.open_hops(h)).without(reached);
    reached |= next;
    todo |= next & hoppable;
  }
  return reached;
}

}  // namespace

// Hardware population count where the CPU has it: the build targets
// baseline x86-64, where std::popcount is a library call or a dozen
// instructions, and counting dominates random play otherwise. target_clones
// builds a popcnt and a baseline copy and picks one at load time (ifunc),
// so the binary still runs on a CPU without POPCNT.
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define ARENA_CC_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define ARENA_CC_POPCNT
#endif

// Per piece: its first landings by table lookup; only if some of them have
// an onward hop, the components of those. The usual piece so costs lookups
// and masks, with no branch per hop direction.
ARENA_CC_POPCNT void all_destinations(const State& state, PieceDestinations& out) {
  const Board& b = board();
  const Bitboard empty = b.all().without(state.occupied());
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  const Bitboard hoppable = state.with_open_hops();
  int n = 0;
  int total = 0;
  // A plain loop, not for_each_hole: a lambda would not inherit the popcnt
  // target of this function. Ten pieces, so the trip count is predictable.
  for (Bitboard mine = state.pieces(state.side_to_move()); mine.any();) {
    const int h = mine.pop_lowest();
    Bitboard to = b.hop_landings(h, state.open_hops(h));
    if ((to & hoppable).any()) to = hop_closure(state, to, hoppable);
    to = (to | (b.steps(h) & empty)) & allowed;
    const int count = __builtin_popcountll(to.lo) + __builtin_popcountll(to.hi);
    out.from[n] = static_cast<uint8_t>(h);
    out.to[n] = to;
    out.count[n] = count;
    total += count;
    ++n;
  }
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
