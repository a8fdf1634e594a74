// Who sits where: the lineups of a multi-seat match, so that seat order
// cannot favour any variant.
//
// Contract: a Seating splits the config's variants into tables (the variants
// that meet) and, per table, a fixed list of seat orders. Every deal (one
// environment draw: a deck, a starting position) is played once per order, so
// a table plays `games` games as games / orders() deals. Game indices run table
// by table, deal by deal, order by order:
//   index = (table * deals + deal) * orders() + order.
// Which variants meet (the format):
// - variants == seats: one table of all of them;
// - variants >  seats: every set of `seats` variants (round-robin), or only the
//   sets holding the first variant (gauntlet);
// - variants <  seats: one table, seat s filled by variant s mod variants.
// Orders are every distinct permutation of the table's lineup when there are
// at most `max_orders` of them; otherwise every cyclic rotation of a fixed
// sample of permutations (each variant still sits in every seat equally often).
// The sample depends on nothing but the table, so a config always plays the
// same lineups.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "harness/config/config.hpp"  // Format

namespace arena {

class Seating {
 public:
  static constexpr int kMaxOrders = 120;  // 5! : every order up to five seats

  Seating(int variants, int seats, Format format, int max_orders = kMaxOrders);

  int seats() const { return seats_; }
  uint64_t tables() const { return tables_.size(); }
  uint64_t orders() const { return tables_.front().size(); }

  struct Place {
    uint64_t table = 0;
    uint64_t deal = 0;            // environment draw within the table
    uint64_t order = 0;           // which seat order of the deal
    std::span<const int> lineup;  // variant at each seat
  };
  // Where game `index` sits, when every table plays `games_per_table` games.
  Place locate(uint64_t index, uint64_t games_per_table) const;

  // The lineups of table t, one per order (for tests and reports).
  const std::vector<std::vector<int>>& lineups(uint64_t t) const { return tables_[t]; }

 private:
  int seats_;
  std::vector<std::vector<std::vector<int>>> tables_;  // table -> order -> seat -> variant
};

}  // namespace arena
