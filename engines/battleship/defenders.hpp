// Defender strategies: how a fleet is placed (the seed's opponent-modelling
// extension needs defenders with habits to model).
//
// Contract: every defender returns a layout legal under the rules, drawn only
// from the Rng it is given.
//   uniform          uniform over all legal layouts (sample_uniform_layout)
//   edges            prefers the border: a placement's weight is 1 + 3 x its
//                    cells on the outer ring; whole fleets are drawn with these
//                    weights and rejected on conflict
//   spread           keeps ships apart: the best of 8 uniform layouts by the
//                    smallest gap between two ships, then the sum of gaps
//   seed-sequential  the seed's createRandomBoard: ship by ship, random
//                    orientation and origin, retried up to 1000 times per ship
//                    (biased: the first ships take the space they like)
#pragma once

#include <vector>

#include "engines/battleship/layout.hpp"

namespace arena::battleship {

enum class Defender { kUniform, kEdges, kSpread, kSeedSequential };

class DefenderTables {
 public:
  DefenderTables(const PlacementTable& table, Defender defender);

  Layout draw(Rng& rng) const;
  Defender defender() const { return defender_; }

 private:
  Layout draw_edges(Rng& rng) const;
  Layout draw_spread(Rng& rng) const;
  Layout draw_seed_sequential(Rng& rng) const;

  const PlacementTable* table_;
  Defender defender_;
  std::vector<std::vector<double>> cumulative_weight_;  // per length, for edges
};

// Smallest Chebyshev distance between cells of two different ships, minus 1
// (0 when ships touch), and the sum of those gaps over all pairs of ships.
struct Gaps {
  int smallest = 0;
  int total = 0;
};
Gaps ship_gaps(const Layout& layout, int size);

}  // namespace arena::battleship
