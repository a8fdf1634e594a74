// Move generation: steps from tables, hop chains by flood fill.
//
// Steps are a table lookup and a mask (Board::steps without the occupied
// holes). Hop chains are flood fills over State::open_hops, the directions
// with an occupied neighbour and an empty hole beyond, which State keeps per
// hole as moves are applied; a hole's landings are one table lookup
// (Board::hop_landings) and reached sets are bitboards. For a whole
// position, every piece's first landings come from lookups without a
// branch, and only the few pieces with a landing that has an onward hop are
// flooded further. A slower breadth-first version (hop_reach) also reports
// hop counts.
//
// Contract: the moves of the side to move are the distinct (from, to) pairs
// with `to` empty and either a neighbour of `from` (a step) or reachable by a
// chain of one or more hops, each over one adjacent piece of any colour into
// the empty hole beyond. The moving piece is lifted while it hops, so a chain
// may pass through (and jump back over nothing at) its origin, but never ends
// there. Under forbidden neutral zones, `to` must lie in the hexagon, the
// mover's home or its goal. No allocation: MoveList has fixed capacity.
// Order: by origin hole, then destination hole, both increasing.
#pragma once

#include <array>
#include <cstdint>

#include "engines/chinese_checkers/state.hpp"

namespace arena::chinese_checkers {

// 10 pieces, each reaching at most the 111 empty holes.
constexpr int kMaxMoves = kPieces * (kHoles - kPieces);

class MoveList {
 public:
  void clear() { size_ = 0; }
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const;

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

// Holes reachable from `from` by hop chains, where `occupied` excludes the
// lifted piece. If `hops` is given, hops[h] becomes the least number of hops
// to each reached hole h (breadth-first layers).
Bitboard hop_reach(Bitboard occupied, int from, uint8_t* hops = nullptr);

// Legal destinations of the side to move's piece on `from`.
Bitboard destinations(const State& state, int from);

void generate_moves(const State& state, MoveList& moves);
// Like generate_moves, with hops[i] = least hops of moves[i] (0 for a step).
void generate_moves_with_hops(const State& state, MoveList& moves, uint8_t* hops);
// Whether the side to move has a legal move (else it must pass); stops at the
// first one found.
bool has_move(const State& state);
// Number of legal moves, without listing them.
int count_moves(const State& state);
// Each piece's destinations, for choosing among moves without listing them.
// Raw words rather than Bitboards: a Bitboard zeroes itself on construction,
// and random play builds one of these per move.
struct PieceDestinations {
  struct Words {
    uint64_t lo;
    uint64_t hi;
  };
  int pieces = 0;  // at most kPieces
  int total = 0;   // number of moves
  std::array<uint8_t, kPieces> from;
  std::array<int, kPieces> count;
  // first[i]: the number of moves of the pieces before i (for i < pieces;
  // INT_MAX past them), so that move(k) finds its piece without a branch.
  std::array<int, kPieces> first;
  std::array<Words, kPieces> words;

  Bitboard to(int i) const { return {words[i].lo, words[i].hi}; }
  // The k-th move (0 <= k < total) in the order of generate_moves.
  Move move(int k) const;
};
void all_destinations(const State& state, PieceDestinations& out);
// The same, for a stream of positions the branch predictor has not seen
// (random play, playouts): no branch on which word of a set a piece or a
// landing is in, and the first two steps of every hop chain without one
// (half of the chains end after one step, three quarters after two; a
// loop's exit was mispredicted about every other chain). CcRandomMoves
// measured 8.5% faster with it than with all_destinations (median of 12
// alternating pairs); perft, whose positions differ by a move or two and
// whose branches are predicted, 14% slower with it, so searches keep
// all_destinations.
void all_destinations_branch_free(const State& state, PieceDestinations& out);
bool is_legal(const State& state, Move m);

}  // namespace arena::chinese_checkers
