// Strategy `random`: fires at a uniformly random cell it has not fired at.
//
// Contract (every shooter): choose(rng) returns a cell on the board it has not
// chosen before; observe(cell, result) tells it the answer. All randomness
// comes from the Rng it is handed. O(1) per decision: the unshot cells are a
// list from which the chosen one is swapped out.
#pragma once

#include <array>
#include <cstdint>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/shooter_context.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::battleship {

class RandomShooter {
 public:
  struct Params {};
  static StrategyInfo info() {
    return {"random", "fires at a uniformly random cell not yet fired at", {}};
  }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  RandomShooter(const Params& /*params*/, const ShooterContext& context)
      : RandomShooter(context.tables.rules()) {}

  explicit RandomShooter(const Rules& rules) : unshot_count_(rules.cells()) {
    for (int c = 0; c < unshot_count_; ++c)
      unshot_[c] = static_cast<uint16_t>(c);
  }

  int choose(Rng& rng) {
    const auto i = static_cast<int>(rng.below(static_cast<uint64_t>(unshot_count_)));
    const int cell = unshot_[i];
    unshot_[i] = unshot_[--unshot_count_];
    return cell;
  }

  void observe(int /*cell*/, const ShotResult& /*result*/) {}

 private:
  std::array<uint16_t, kMaxCells> unshot_;
  int unshot_count_;
};

}  // namespace arena::battleship
