// Solitaire Chinese Checkers: one player alone moves its ten pieces from
// triangle 0 (seat 0's home of a two-player game) to the opposite triangle 3
// in as few moves as it can. A move is the engine's (movegen.hpp): one step,
// or a chain of hops; the other four triangles may be used.
//
// The published figure is 27 moves (Octave Levenspiel's solution of 1971; G.
// I. Bell, "The Shortest Game of Chinese Checkers and Related Problems",
// INTEGERS 9 (2009) #G01, shows no shorter one exists).
//
// The search (find_crossing) uses the game's time-reversal symmetry, as Bell
// did: the reverse of a move is a move (a step, or a hop chain run backwards
// over the same pieces), and the goal is the start turned a half turn. So if
// the start reaches X in i moves and Y in j moves, then X = rot(Y) gives a
// crossing of i + j moves (S -> X, then Y's path turned and run backwards),
// and X one move from rot(Y) one of i + 1 + j. The positions reached from the
// start are a beam: at each depth the `beam` best by forward progress (the
// pieces' summed advance along the axis from triangle 0 to triangle 3),
// deduplicated. The search is a heuristic: the crossing it finds is legal and
// as short as its beam allows, not proved shortest.
//
// Contract: deterministic (one thread; every choice among equals by a total
// order on positions), the same crossing for the same options on every
// machine. Memory: 24 bytes per kept position, plus 32 per candidate child
// of one depth: the children of the best progress down to the least that
// gives 4 × `beam` of them (about 6 to 8 × `beam` measured, every child of
// that least progress being kept).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engines/chinese_checkers/bitboard.hpp"
#include "engines/chinese_checkers/rules.hpp"

namespace arena::chinese_checkers {

// The ten holes of triangle 0, and of triangle 3 (its half turn).
Bitboard solitaire_start();
Bitboard solitaire_goal();
// A set of holes turned a half turn about the centre hole.
Bitboard half_turn(Bitboard holes);
// Forward progress of a set of pieces: the sum of -x over them (cube
// coordinates, board.hpp), -60 at the start and 60 at the goal.
int solitaire_progress(Bitboard pieces);

struct SolitaireOptions {
  int beam = 5000;     // positions kept at each depth
  int max_depth = 20;  // the deepest depth searched from each end
};

struct SolitaireResult {
  std::vector<Move> moves;       // the crossing; empty when none was found
  int depth = 0;                 // the depth the two halves met at
  uint64_t kept = 0;             // positions kept, over all depths
  uint64_t generated = 0;        // moves generated, expansion and meeting
  uint64_t peak_candidates = 0;  // the most candidates held for one depth
};

// The search described above: the shortest crossing its beam finds.
SolitaireResult find_crossing(const SolitaireOptions& options);

// Replays `moves` from the start through the engine's own State, move
// generator and legality check (seat 0 of a two-player table whose other seat
// has no piece): "" when every move is legal and the last one leaves all ten
// pieces in triangle 3, else what is wrong and at which move.
std::string check_crossing(std::span<const Move> moves);

// The positions of a crossing: start, then the pieces after each move.
std::vector<Bitboard> crossing_positions(std::span<const Move> moves);

}  // namespace arena::chinese_checkers
