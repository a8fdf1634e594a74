#include "engines/battleship/strategies/hunt_target.hpp"

#include <algorithm>

#include "engines/battleship/ship_chances.hpp"
#include "engines/core/explain.hpp"

namespace arena::battleship {

StrategyInfo HuntTargetShooter::info() {
  return {
      "hunt-target",
      "hunts at random; after a hit fires at the hit's neighbours (a stack) until none is "
      "left",
      {ParamSpec::flag("parity", false, "hunt only on one colour of the checkerboard"),
       ParamSpec::choice("parity_step", "two", {"two", "smallest-afloat"},
                         "lattice spacing: 2, or the length of the smallest ship afloat")},
      {{{"parity", true}}, {{"parity", true}, {"parity_step", std::string("smallest-afloat")}}}};
}

HuntTargetParams HuntTargetShooter::params_from(const ParamSet& values) {
  return {values.flag("parity"),
          values.choice("parity_step") == "two" ? ParityStep::kTwo : ParityStep::kSmallestAfloat};
}

HuntTargetShooter::HuntTargetShooter(const Rules& rules, HuntTargetParams params)
    : rules_(&rules), params_(params), unshot_count_(rules.cells()) {
  for (size_t s = 0; s < rules.fleet.size(); ++s)
    afloat_lengths_[s] = rules.fleet[s].length;
  for (int c = 0; c < unshot_count_; ++c) {
    unshot_[c] = static_cast<uint16_t>(c);
    position_[c] = static_cast<int16_t>(c);
  }
}

void HuntTargetShooter::mark_shot(int cell) {
  const int i = position_[cell];
  if (i < 0) return;
  const uint16_t last = unshot_[--unshot_count_];
  unshot_[i] = last;
  position_[last] = static_cast<int16_t>(i);
  position_[cell] = -1;
}

int HuntTargetShooter::choose(Rng& rng) {
  while (stack_size_ > 0) {
    const int cell = stack_[--stack_size_];
    if (!shot(cell)) {
      last_was_target_ = true;
      if (explaining()) [[unlikely]]
        explain_target(cell);
      return cell;
    }
  }
  last_was_target_ = false;
  const int cell = hunt(rng);
  if (explaining()) [[unlikely]]
    explain_hunt(cell);
  return cell;
}

void HuntTargetShooter::explain_target(int cell) const {
  int left = 0;  // candidates still to try after this one
  for (int i = 0; i < stack_size_; ++i)
    left += shot(stack_[i]) ? 0 : 1;
  explain({{"text", "targeting: " + cell_name(cell, rules_->size) +
                        " is beside a hit, the latest candidate on the stack (" +
                        std::to_string(left) + " more to try)"}});
}

void HuntTargetShooter::explain_hunt(int cell) const {
  const int n = rules_->size;
  const int step = parity_step();
  const std::string at = cell_name(cell, n);
  if (step > 1 && (cell / n + cell % n) % step == 0) {
    explain({{"text", "hunting: " + at +
                          ", drawn at random among the cells not fired at with (row + column) a "
                          "multiple of " +
                          std::to_string(step)}});
  } else {
    explain({{"text", "hunting: " + at + ", drawn at random among the " +
                          std::to_string(unshot_count_) + " cells not fired at"}});
  }
}

void HuntTargetShooter::observe(int cell, const ShotResult& result) {
  mark_shot(cell);
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

// Uniform over the unshot cells of the hunting lattice, else over all unshot
// cells: a few rejection draws from the unshot list, then (lattice nearly
// exhausted) a scan. Either way each eligible cell is equally likely.
int HuntTargetShooter::hunt(Rng& rng) const {
  const int n = rules_->size;
  const int step = parity_step();
  const auto draw = [&] { return unshot_[rng.below(static_cast<uint64_t>(unshot_count_))]; };
  if (step == 1) return draw();
  const auto on_lattice = [&](int c) { return (c / n + c % n) % step == 0; };
  for (int attempt = 0; attempt < 4 * step; ++attempt) {
    const int c = draw();
    if (on_lattice(c)) return c;
  }
  std::array<uint16_t, kMaxCells> eligible;
  int count = 0;
  for (int i = 0; i < unshot_count_; ++i) {
    if (on_lattice(unshot_[i])) eligible[count++] = unshot_[i];
  }
  return count ? eligible[rng.below(static_cast<uint64_t>(count))] : draw();
}

}  // namespace arena::battleship
