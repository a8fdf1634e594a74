// What a shooter has seen of the fleet it fires at, as the line protocol's
// view (docs/protocol.md, Battleship): the grid ('.' not fired at, 'o' a
// miss, 'x' a hit on a ship afloat, '#' a cell of a sunk ship), the ships
// still afloat and the shots fired. Kept by the external strategy for its
// program and by Python's game states (python/states), so both show the
// same view.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/rules.hpp"

namespace arena::battleship {

class ShotView {
 public:
  explicit ShotView(const Rules& rules)
      : rules_(&rules),
        grid_(static_cast<size_t>(rules.size), std::string(static_cast<size_t>(rules.size), '.')),
        afloat_(rules.fleet.size(), true) {}

  // The answer to a shot at `cell` (a repeated shot counts, and changes nothing).
  void observe(int cell, const ShotResult& result) {
    ++shots_;
    if (result.repeated) return;
    if (result.kind == ShotKind::kMiss) {
      mark(cell) = 'o';
      return;
    }
    mark(cell) = 'x';
    if (result.kind != ShotKind::kSunk || result.sunk == nullptr) return;
    afloat_[static_cast<size_t>(result.ship)] = false;
    for (int i = 0; i < result.sunk->length; ++i)
      mark(result.sunk->cell(i, rules_->size)) = '#';
  }

  // The grid's mark of `cell`.
  char at(int cell) const {
    return grid_[static_cast<size_t>(cell / rules_->size)]
                [static_cast<size_t>(cell % rules_->size)];
  }
  int shots() const { return shots_; }

  // {"grid": [...], "afloat": [...], "shots": n}
  nlohmann::json json() const {
    nlohmann::json afloat = nlohmann::json::array();
    for (size_t s = 0; s < afloat_.size(); ++s)
      if (afloat_[s]) afloat.push_back(rules_->fleet[s].name);
    return {{"grid", grid_}, {"afloat", afloat}, {"shots", shots_}};
  }

 private:
  char& mark(int cell) {
    return grid_[static_cast<size_t>(cell / rules_->size)]
                [static_cast<size_t>(cell % rules_->size)];
  }

  const Rules* rules_;
  std::vector<std::string> grid_;
  std::vector<bool> afloat_;
  int shots_ = 0;
};

}  // namespace arena::battleship
