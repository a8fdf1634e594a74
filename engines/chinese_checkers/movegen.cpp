#include "engines/chinese_checkers/movegen.hpp"

#include <algorithm>

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

void generate_moves(const State& state, MoveList& moves) {
  moves.clear();
  for_each_hole(state.pieces(state.side_to_move()), [&](int from) {
    for_each_hole(destinations(state, from), [&](int to) {
      moves.push({static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    });
  });
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
  int n = 0;
  for_each_hole(state.pieces(state.side_to_move()),
                [&](int from) { n += destinations(state, from).count(); });
  return n;
}

bool is_legal(const State& state, Move m) {
  if (m.from >= kHoles || m.to >= kHoles || state.game_over()) return false;
  if (!state.pieces(state.side_to_move()).test(m.from)) return false;
  return destinations(state, m.from).test(m.to);
}

}  // namespace arena::chinese_checkers
