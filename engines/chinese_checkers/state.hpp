// A Chinese Checkers position: pieces per seat, side to move, ply, finished
// seats.
//
// Contract: value type (about 500 bytes), copied freely by searches; no
// allocation. Seats move in order 0..P-1, skipping finished seats. After each
// move, the seat whose goal the moved piece entered is checked for finishing
// (under kFilledWithOwn another seat's piece can complete a goal, so the owner
// of that goal finishes, not necessarily the mover). The game is over when:
// ply >= max_plies; with 2 players, as soon as one seat finished; with more,
// when at most one seat is still unfinished. A seat with no legal move passes
// (`pass()`), which also counts as a ply.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engines/chinese_checkers/bitboard.hpp"
#include "engines/chinese_checkers/board.hpp"
#include "engines/chinese_checkers/rules.hpp"

namespace arena::chinese_checkers {

class State {
 public:
  // Every seat's ten pieces in its home triangle, seat 0 to move, ply 0.
  static State initial(const Rules& rules);
  // Any position (tests, analysis): pieces[s] for each seat (disjoint sets of
  // at most kPieces holes each, else std::invalid_argument), `side` to move. Seats already meeting
  // the win rule count as finished at `ply`; if `side` is finished the next unfinished seat moves.
  static State from_pieces(const Rules& rules, std::span<const Bitboard> pieces, int side,
                           int ply = 0);

  const Rules& rules() const { return rules_; }
  int players() const { return rules_.players; }
  int side_to_move() const { return side_; }
  int ply() const { return ply_; }
  Bitboard pieces(int seat) const { return pieces_[seat]; }
  Bitboard occupied() const { return occupied_; }
  // Seat owning the piece on `hole`, or -1 if empty.
  int owner(int hole) const;
  int home(int seat) const { return home_[seat]; }
  int goal(int seat) const { return (home_[seat] + 3) % 6; }
  // Holes a move of `seat` may end on (the whole board unless neutral zones
  // are forbidden).
  Bitboard destinations_allowed(int seat) const { return allowed_[seat]; }

  // Directions (bits 0..5) in which a piece on `hole` could hop: the
  // neighbour is occupied and the hole beyond it is on the star and empty.
  // Kept up to date by apply, so hop chains cost a byte lookup per hole.
  unsigned open_hops(int hole) const { return near_[hole] & ~far_[hole] & 0x3fu; }
  // open_hops of every hole at once, for move generation, which reads it
  // many times per position: one pass over 128 bytes (SSE2, part of
  // baseline x86-64; a loop elsewhere).
  struct AllOpenHops {
    alignas(16) std::array<uint8_t, 128> dirs;  // [hole]: open_hops(hole), for holes < kHoles
    Bitboard holes;                             // the holes with an open hop
    Bitboard forks;                             // the holes with two or more
  };
  void all_open_hops(AllOpenHops& out) const;

  bool finished(int seat) const { return finish_ply_[seat] >= 0; }
  // Ply after which `seat` finished, -1 if it has not.
  int finish_ply(int seat) const { return finish_ply_[seat]; }
  int finished_count() const { return finished_count_; }
  // The win rule applied to the current pieces (whether or not recorded).
  bool meets_goal(int seat) const;
  bool game_over() const;
  uint64_t hash() const { return hash_; }

  // Plays a legal move of the side to move (unchecked: see movegen.hpp).
  void apply(Move m);
  // The side to move has no legal move and passes.
  void pass();

 private:
  void advance_side();
  void check_finish(int seat);
  void init_derived();
  void add_piece(int hole);
  void remove_piece(int hole);

  Rules rules_;
  std::array<Bitboard, kMaxPlayers> pieces_{};
  std::array<Bitboard, kMaxPlayers> allowed_{};
  Bitboard occupied_{};
  // near_[h] bit d: the neighbour of h in direction d is occupied. far_[h]
  // bit d: the hole two steps from h in direction d is occupied or off the
  // star. 128 entries: index Board::kSentinel absorbs updates off the star.
  std::array<uint8_t, 128> near_{};
  std::array<uint8_t, 128> far_{};
  uint64_t hash_ = 0;
  int ply_ = 0;
  std::array<int16_t, kMaxPlayers> finish_ply_{-1, -1, -1, -1, -1, -1};
  std::array<int8_t, kTriangles> goal_owner_{-1, -1, -1, -1, -1, -1};
  std::array<uint8_t, kMaxPlayers> home_{};
  uint8_t side_ = 0;
  uint8_t finished_count_ = 0;
};

}  // namespace arena::chinese_checkers
