#include "engines/battleship/hunt_target.hpp"

#include <algorithm>

namespace arena::battleship {

HuntTargetShooter::HuntTargetShooter(const Rules& rules, HuntTargetParams params)
    : rules_(&rules), params_(params) {
  for (size_t s = 0; s < rules.fleet.size(); ++s)
    afloat_lengths_[s] = rules.fleet[s].length;
}

int HuntTargetShooter::choose(Rng& rng) {
  while (stack_size_ > 0) {
    const int cell = stack_[--stack_size_];
    if (!shot_.test(cell)) {
      last_was_target_ = true;
      return cell;
    }
  }
  last_was_target_ = false;
  return hunt(rng);
}

void HuntTargetShooter::observe(int cell, const ShotResult& result) {
  shot_.set(cell);
  if (result.kind == ShotKind::kMiss || result.repeated) return;
  if (result.kind == ShotKind::kSunk) afloat_lengths_[result.ship] = 0;
  push_neighbours(cell);
}

void HuntTargetShooter::push_neighbours(int cell) {
  const int n = rules_->size;
  const int row = cell / n;
  const int col = cell % n;
  // Pushed in reverse of the order they are tried: up, right, down, left.
  if (col > 0) stack_[stack_size_++] = static_cast<uint16_t>(cell - 1);
  if (row + 1 < n) stack_[stack_size_++] = static_cast<uint16_t>(cell + n);
  if (col + 1 < n) stack_[stack_size_++] = static_cast<uint16_t>(cell + 1);
  if (row > 0) stack_[stack_size_++] = static_cast<uint16_t>(cell - n);
}

int HuntTargetShooter::parity_step() const {
  if (!params_.parity) return 1;
  if (params_.step == ParityStep::kTwo) return 2;
  int smallest = rules_->size;
  for (size_t s = 0; s < rules_->fleet.size(); ++s) {
    if (afloat_lengths_[s] > 0) smallest = std::min(smallest, afloat_lengths_[s]);
  }
  return std::max(smallest, 1);
}

// Uniform over the unshot cells of the hunting lattice, else over all unshot cells.
int HuntTargetShooter::hunt(Rng& rng) const {
  const int n = rules_->size;
  const int cells = rules_->cells();
  const int lattice = parity_step();
  for (const int step : {lattice, 1}) {  // lattice exhausted: hunt anywhere
    int eligible = 0;
    for (int c = 0; c < cells; ++c)
      eligible += !shot_.test(c) && (c / n + c % n) % step == 0;
    if (eligible == 0) continue;
    auto pick = static_cast<int>(rng.below(static_cast<uint64_t>(eligible)));
    for (int c = 0; c < cells; ++c) {
      if (!shot_.test(c) && (c / n + c % n) % step == 0 && pick-- == 0) return c;
    }
  }
  return 0;  // every cell shot: the fleet is sunk and the game already over
}

}  // namespace arena::battleship
