#include "engines/battleship/ship_chances.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace arena::battleship {

std::string cell_name(int cell, int size) {
  std::string name(1, static_cast<char>('A' + cell % size));
  name += std::to_string(cell / size + 1);
  return name;
}

int cells_to_find(const BoardKnowledge& knowledge) {
  const DensityTables& t = knowledge.tables();
  int cells = 0;
  for (int k = 0; k < t.length_count(); ++k)
    cells += knowledge.afloat(k) * t.length(k);
  return cells - static_cast<int>(knowledge.pending().size());
}

std::vector<double> ship_chances(const BoardKnowledge& knowledge, std::span<const double> weight) {
  const DensityTables& t = knowledge.tables();
  const int cells = t.cells();
  std::vector<uint8_t> pending(static_cast<size_t>(cells), 0);
  for (uint16_t c : knowledge.pending())
    pending[c] = 1;
  // Without the placement lists a placement is alive if it covers no dead cell.
  const bool lists = knowledge.keeps_placements();
  const Bits128 dead = lists ? Bits128{0} : knowledge.dead_bits();
  const auto alive = [&](uint32_t id) {
    return lists ? knowledge.alive(id) : (t.bits_of(id) & dead) == 0;
  };
  const auto hits_in = [&](uint32_t id) {
    int j = 0;
    for (uint16_t c : t.cells_of(id))
      j += pending[c];
    return j;
  };
  const auto weight_of = [&](uint32_t id) { return weight.empty() ? 1.0 : weight[id]; };

  // Per length afloat: the prior weight of its live placements by the hits they cover.
  const int lengths = t.length_count();
  std::vector<std::vector<double>> by_hits(static_cast<size_t>(lengths));
  for (int k = 0; k < lengths; ++k) {
    if (knowledge.afloat(k) == 0) continue;
    by_hits[k].assign(static_cast<size_t>(t.length(k)) + 1, 0.0);
    for (uint32_t id = t.first_of(k); id < t.first_of(k + 1); ++id) {
      if (alive(id)) by_hits[k][static_cast<size_t>(hits_in(id))] += weight_of(id);
    }
  }
  // The fewest and most hits a live placement of each length covers.
  std::vector<int> fewest(static_cast<size_t>(lengths), 0);
  std::vector<int> most(static_cast<size_t>(lengths), 0);
  double fewest_covered = 0;
  double most_covered = 0;
  for (int k = 0; k < lengths; ++k) {
    int lo = -1;
    int hi = -1;
    for (int j = 0; j < static_cast<int>(by_hits[k].size()); ++j) {
      if (by_hits[k][j] == 0) continue;
      if (lo < 0) lo = j;
      hi = j;
    }
    if (lo < 0) continue;  // no live placement (no ship afloat of this length)
    fewest[k] = lo;
    most[k] = hi;
    fewest_covered += knowledge.afloat(k) * lo;
    most_covered += knowledge.afloat(k) * hi;
  }
  // The tilt e^(theta j) of each count of hits j for length k, divided by
  // the largest (so it never overflows); theta = +-infinity keeps only the
  // placements covering the most (fewest) hits: the limits.
  const auto tilts = [&](int k, double theta) {
    std::vector<double> f(by_hits[k].size(), 0.0);
    const int top = theta > 0 ? most[k] : fewest[k];
    for (int j = 0; j < static_cast<int>(f.size()); ++j) {
      if (by_hits[k][j] == 0) continue;
      f[j] = std::isinf(theta) ? (j == top ? 1.0 : 0.0) : std::exp(theta * (j - top));
    }
    return f;
  };
  // Hits covered in expectation, minus the hits pending.
  const double hits = static_cast<double>(knowledge.pending().size());
  const auto excess = [&](double theta) {
    double covered = 0;
    for (int k = 0; k < lengths; ++k) {
      if (by_hits[k].empty()) continue;
      const std::vector<double> f = tilts(k, theta);
      double z = 0;
      double sum = 0;
      for (size_t j = 0; j < f.size(); ++j) {
        z += by_hits[k][j] * f[j];
        sum += static_cast<double>(j) * by_hits[k][j] * f[j];
      }
      if (z > 0) covered += knowledge.afloat(k) * sum / z;
    }
    return covered - hits;
  };
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  double theta = 0;
  if (hits > 0 && most_covered <= hits) {
    theta = kInfinity;  // every ship must cover as many hits as it can
  } else if (hits > 0 && fewest_covered >= hits) {
    theta = -kInfinity;
  } else if (hits > 0) {
    double lo = -64;
    double hi = 64;
    if (excess(lo) >= 0) {
      theta = lo;
    } else if (excess(hi) <= 0) {
      theta = hi;
    } else {
      for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        (excess(mid) < 0 ? lo : hi) = mid;
      }
      theta = 0.5 * (lo + hi);
    }
  }

  std::vector<double> heat(static_cast<size_t>(cells), 0.0);
  for (int k = 0; k < lengths; ++k) {
    if (by_hits[k].empty()) continue;
    const std::vector<double> f = tilts(k, theta);
    double z = 0;
    for (size_t j = 0; j < f.size(); ++j)
      z += by_hits[k][j] * f[j];
    if (z == 0) continue;
    const double ships = knowledge.afloat(k);
    for (uint32_t id = t.first_of(k); id < t.first_of(k + 1); ++id) {
      if (!alive(id)) continue;
      const double q = ships * weight_of(id) * f[static_cast<size_t>(hits_in(id))] / z;
      if (q == 0) continue;
      for (uint16_t c : t.cells_of(id))
        if (!knowledge.shot(c)) heat[c] += q;
    }
  }
  // Capped at 1, the rest scaled by the one factor that keeps the sum (the
  // header): the largest expected counts are capped while the factor the
  // others then need would still lift them above 1 (it only grows as cells
  // are capped, so the earlier caps stay right).
  std::vector<double> order;
  for (int c = 0; c < cells; ++c)
    if (heat[c] > 0) order.push_back(heat[c]);
  std::sort(order.begin(), order.end(), std::greater<>());
  double rest = 0;
  for (double h : order)
    rest += h;
  const double target = cells_to_find(knowledge);
  if (rest <= 0 || target <= 0) return heat;
  size_t capped = 0;
  double scale = target / rest;
  while (capped < order.size() && scale * order[capped] > 1) {
    rest -= order[capped++];
    if (rest <= 0) break;
    scale = (target - static_cast<double>(capped)) / rest;
  }
  for (double& h : heat)
    h = std::min(1.0, h * scale);
  return heat;
}

nlohmann::json heat_rows(std::span<const double> heat, int size) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < size; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < size; ++c)
      row.push_back(heat[static_cast<size_t>(r * size + c)]);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace arena::battleship
