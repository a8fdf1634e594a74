// Chinese Checkers rules: player count, neutral zones, win rule, game length,
// and the move type.
//
// Contract: `players` is 2, 3, 4 or 6. Seat s's home triangle is fixed by the
// player count (board.hpp, `home_triangle`); its goal is the opposite one.
// Winning (`finishing`): under kFilledWithOwn every hole of the goal is
// occupied and at least one piece there is the seat's own (the anti-spoiling
// rule of the research literature); under kAllOwn all ten are its own.
// kForbidden neutral zones: no move may end in a triangle that is neither the
// mover's home nor its goal (hop chains may pass through them).
#pragma once

#include <cstdint>

namespace arena::chinese_checkers {

enum class NeutralZones { kAllowed, kForbidden };
enum class WinRule { kFilledWithOwn, kAllOwn };

struct Rules {
  int players = 2;
  NeutralZones neutral_zones = NeutralZones::kAllowed;
  WinRule win = WinRule::kFilledWithOwn;
  int max_plies = 1000;

  bool valid() const {
    return (players == 2 || players == 3 || players == 4 || players == 6) && max_plies > 0;
  }
};

// One piece from hole `from` to hole `to` (0..120): a step or a hop chain.
// Moves are distinct (from, to) pairs: all hop paths to one hole are one move.
struct Move {
  // No initialisers: MoveList's 1100-move array stays uninitialised.
  uint8_t from;
  uint8_t to;
  friend constexpr bool operator==(Move, Move) = default;
};

}  // namespace arena::chinese_checkers
