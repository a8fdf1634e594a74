// Solvers for the rook puzzle. Each returns a legal placement.
//
// exact          the optimum: a maximum matching between row and column
//                segments (deterministic), by Pothen-Fan+ depth-first phases,
//                augmenting BFS searches or Hopcroft-Karp; by default the
//                first or the second, whichever measured faster on boards like
//                this one (see exact.cpp).
// seed_random    the seed's randomized algorithm: for each row in order, while
//                the row still has a free cell, draw a uniformly random column
//                and place a rook there if that cell is free; the whole pass is
//                repeated `tries` times and the best kept. Free cells are
//                counted per row, so "the row still has a free cell" is O(1).
// random_greedy  the open cells in a uniformly random order, a rook wherever it
//                is legal (a maximal placement); best of `tries`.
// Randomness comes only from the Rng passed in.
#pragma once

#include "engines/rooks/board.hpp"

namespace arena::rooks {

enum class MatchingAlgorithm { kAuto, kPothenFan, kAugmentingBfs, kHopcroftKarp };

// Numbers its own segments while building its graph (no Segments needed).
Placement solve_exact(const Board& board, MatchingAlgorithm algorithm = MatchingAlgorithm::kAuto);
Placement solve_seed_random(const Board& board, int tries, Rng& rng);
Placement solve_random_greedy(const Board& board, const Segments& segments, int tries, Rng& rng);

}  // namespace arena::rooks
