#include "engines/battleship/defenders.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace arena::battleship {

DefenderTables::DefenderTables(const PlacementTable& table, Defender defender)
    : table_(&table), defender_(defender) {
  if (defender != Defender::kEdges) return;
  const int n = table.rules().size;
  cumulative_weight_.resize(static_cast<size_t>(n) + 1);
  for (int length = 1; length <= n; ++length) {
    double total = 0;
    for (const Placement& p : table.of_length(length)) {
      int border = 0;
      for (int i = 0; i < p.length; ++i) {
        const int c = p.cell(i, n);
        const int row = c / n;
        const int col = c % n;
        border += row == 0 || col == 0 || row == n - 1 || col == n - 1;
      }
      total += 1.0 + 3.0 * border;
      cumulative_weight_[length].push_back(total);
    }
  }
}

Layout DefenderTables::draw(Rng& rng) const {
  switch (defender_) {
    case Defender::kUniform:
      return sample_uniform_layout(*table_, rng);
    case Defender::kEdges:
      return draw_edges(rng);
    case Defender::kSpread:
      return draw_spread(rng);
    case Defender::kSeedSequential:
      return draw_seed_sequential(rng);
  }
  return sample_uniform_layout(*table_, rng);
}

Layout DefenderTables::draw_edges(Rng& rng) const {
  const auto& fleet = table_->rules().fleet;
  Layout layout;
  layout.ship_count = static_cast<int>(fleet.size());
  for (uint64_t attempt = 0; attempt < 100'000'000; ++attempt) {
    layout.occupied.reset();
    bool legal = true;
    for (int i = 0; i < layout.ship_count && legal; ++i) {
      const auto& weights = cumulative_weight_[fleet[i].length];
      const double u = rng.uniform01() * weights.back();
      const auto index = std::upper_bound(weights.begin(), weights.end(), u) - weights.begin();
      const Placement& p = table_->of_length(fleet[i].length)[static_cast<size_t>(index)];
      legal = table_->fits(p, layout.occupied);
      layout.ships[i] = &p;
      layout.occupied |= p.cells;
    }
    if (legal) return layout;
  }
  throw std::runtime_error("could not draw a legal fleet layout (edges defender)");
}

Gaps ship_gaps(const Layout& layout, int size) {
  Gaps gaps{size, 0};
  for (int a = 0; a < layout.ship_count; ++a) {
    for (int b = a + 1; b < layout.ship_count; ++b) {
      int closest = size;
      const Placement& pa = *layout.ships[a];
      const Placement& pb = *layout.ships[b];
      for (int i = 0; i < pa.length; ++i) {
        for (int j = 0; j < pb.length; ++j) {
          const int ca = pa.cell(i, size);
          const int cb = pb.cell(j, size);
          const int d = std::max(std::abs(ca / size - cb / size), std::abs(ca % size - cb % size));
          closest = std::min(closest, d - 1);
        }
      }
      gaps.smallest = std::min(gaps.smallest, closest);
      gaps.total += closest;
    }
  }
  return gaps;
}

Layout DefenderTables::draw_spread(Rng& rng) const {
  const int n = table_->rules().size;
  Layout best = sample_uniform_layout(*table_, rng);
  Gaps best_gaps = ship_gaps(best, n);
  for (int candidate = 1; candidate < 8; ++candidate) {
    const Layout layout = sample_uniform_layout(*table_, rng);
    const Gaps gaps = ship_gaps(layout, n);
    if (gaps.smallest > best_gaps.smallest ||
        (gaps.smallest == best_gaps.smallest && gaps.total > best_gaps.total)) {
      best = layout;
      best_gaps = gaps;
    }
  }
  return best;
}

Layout DefenderTables::draw_seed_sequential(Rng& rng) const {
  const Rules& rules = table_->rules();
  const int n = rules.size;
  Layout layout;
  layout.ship_count = static_cast<int>(rules.fleet.size());
  for (uint64_t restart = 0; restart < 1'000'000; ++restart) {
    layout.occupied.reset();
    bool placed_all = true;
    for (int i = 0; i < layout.ship_count && placed_all; ++i) {
      const int length = rules.fleet[i].length;
      const Placement* placed = nullptr;
      for (int attempt = 0; attempt < 1000 && !placed; ++attempt) {
        const bool horizontal = rng.below(2) == 0;
        const auto row = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
        const auto col = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
        if ((horizontal ? col : row) + length > n) continue;  // off the board: try again
        // PlacementTable order: horizontal row-major, then vertical row-major.
        const int span = n - length + 1;
        const int index = horizontal || length == 1 ? row * span + col : n * span + row * n + col;
        const Placement& p = table_->of_length(length)[static_cast<size_t>(index)];
        if (table_->fits(p, layout.occupied)) placed = &p;
      }
      placed_all = placed != nullptr;  // the seed throws here; we start the fleet again
      if (placed_all) {
        layout.ships[i] = placed;
        layout.occupied |= placed->cells;
      }
    }
    if (placed_all) return layout;
  }
  throw std::runtime_error("could not draw a legal fleet layout (seed-sequential defender)");
}

}  // namespace arena::battleship
