// What a shooter has learnt of a defender's habits: how often each cell held a
// ship in the fleets seen so far in the series (the seed's opponent-modelling
// extension).
//
// Contract: add() one fleet at the end of each game. A cell's occupancy is
// estimated as (count + s * m) / (fleets + s), shrunk toward the board's mean
// occupancy m = fleet cells / cells by s pseudo-fleets (`strength`), so a few
// fleets cannot make noise look like a habit. weight() of a placement is the
// product over its cells of estimate / m: 1 everywhere for an empty prior.
#pragma once

#include <cstdint>
#include <vector>

#include "engines/battleship/layout.hpp"

namespace arena::battleship {

class LearnedPrior {
 public:
  explicit LearnedPrior(const Rules& rules)
      : size_(rules.size),
        mean_(static_cast<double>(rules.fleet_cells()) / rules.cells()),
        counts_(static_cast<size_t>(rules.cells()), 0) {}

  void add(const Layout& layout) {
    ++fleets_;
    for (int s = 0; s < layout.ship_count; ++s) {
      const Placement& p = *layout.ships[s];
      for (int i = 0; i < p.length; ++i)
        ++counts_[p.cell(i, size_)];
    }
  }

  uint32_t fleets() const { return fleets_; }
  uint32_t count(int cell) const { return counts_[cell]; }

  double weight(const Placement& p, double strength) const {
    double w = 1;
    for (int i = 0; i < p.length; ++i) {
      const double estimate = (counts_[p.cell(i, size_)] + strength * mean_) / (fleets_ + strength);
      w *= estimate / mean_;
    }
    return w;
  }

 private:
  int size_;
  double mean_;
  uint32_t fleets_ = 0;
  std::vector<uint32_t> counts_;
};

}  // namespace arena::battleship
