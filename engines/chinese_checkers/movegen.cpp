#include "engines/chinese_checkers/movegen.hpp"

#include <algorithm>
#include <bit>

#include "engines/core/rng.hpp"  // Uint128

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

Bitboard destinations(const State& state, int from) {
  const Bitboard occupied = state.occupied();
  Bitboard lifted = occupied;
  lifted.reset(from);
  const Bitboard steps = board().steps(from).without(occupied);
  return (steps | hop_reach(lifted, from)) & state.destinations_allowed(state.side_to_move());
}

namespace {

// Hop reachability for all pieces of one position at once. A hop edge joins
// two empty holes two apart in a line with a piece between them; edges are
// symmetric, so the holes a piece reaches by chains are the union of the
// components (in the graph of empty holes) of its first landings. Components
// are flooded on first use and shared by all pieces, so each empty hole is
// visited at most once per position. Not lifting the moving piece changes
// nothing: its chains land an even number of steps from its origin and so
// never hop over it, and returning to the origin reaches nothing new.
// Hop chains of one position, a flood fill per piece kept in two 128-bit
// registers (occupancy and reached holes). Not lifting the moving piece
// changes nothing: its chains land an even number of steps from its origin,
// so they never hop over it, and returning to the origin reaches nothing new.
class HopFlood {
 public:
  // The off-star sentinel (bit 127, never a hole) counts as occupied, so a
  // hop off the star looks blocked.
  explicit HopFlood(Bitboard occupied)
      : board_(board()),
        occupied_((static_cast<Uint128>(occupied.hi) << 64 | occupied.lo) |
                  static_cast<Uint128>(1) << Board::kSentinel) {}

  // Holes reached by hop chains from the piece on `from`.
  Bitboard reach(int from) const {
    Uint128 seen = occupied_;  // includes `from`, so no chain ends there
    Uint128 reached = 0;
    std::array<uint8_t, kHoles> stack;
    int top = 0;
    stack[top++] = static_cast<uint8_t>(from);
    while (top > 0) {
      const int h = stack[--top];
      // Only occupied neighbours can be hopped: usually none to two.
      const uint32_t window = static_cast<uint32_t>(occupied_ >> board_.window_base(h));
      for (uint32_t nb = window & board_.window_mask(h); nb; nb &= nb - 1) {
        const int land = board_.window_land(h, std::countr_zero(nb));
        const Uint128 bit = static_cast<Uint128>(1) << land;
        if (seen & bit) continue;
        seen |= bit;
        reached |= bit;
        stack[top++] = static_cast<uint8_t>(land);
      }
    }
    return {static_cast<uint64_t>(reached), static_cast<uint64_t>(reached >> 64)};
  }

 private:
  const Board& board_;
  Uint128 occupied_;
};

}  // namespace

// Hardware population count where the compiler may use it: the build targets
// baseline x86-64, where std::popcount is a library call or a dozen
// instructions, and counting dominates random play otherwise.
#if defined(__x86_64__) && defined(__GNUC__)
#define ARENA_CC_POPCNT __attribute__((target("popcnt")))
#else
#define ARENA_CC_POPCNT
#endif

ARENA_CC_POPCNT void all_destinations(const State& state, PieceDestinations& out) {
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  const HopFlood hops(occupied);
  int n = 0;
  int total = 0;
  for_each_hole(state.pieces(state.side_to_move()), [&](int h) {
    const Bitboard around = board().steps(h);
    // Most pieces in open play touch no other piece and so cannot hop.
    const Bitboard reached = (around & occupied).any() ? hops.reach(h) : Bitboard{};
    const Bitboard to = (around.without(occupied) | reached) & allowed;
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
