// Strategy `hunt-target`: hunt at random; after a hit, fire at the hit's
// neighbours (a stack of candidates) until none is left, then hunt again.
//
// Contract: as every shooter (see random_shooter.hpp). The candidate stack
// survives a sink, so hits on a second, touching ship keep being worked on
// without a return to hunting: every unshot cell of a hit ship neighbours one
// of its hits and was pushed when that hit landed. With `parity`, hunting
// fires only at cells with (row + col) % step == 0, where step is 2 or the
// length of the smallest ship still afloat; when no such cell is left it
// hunts anywhere.
#pragma once

#include <array>
#include <cstdint>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/shooter_context.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::battleship {

enum class ParityStep { kTwo, kSmallestAfloat };

struct HuntTargetParams {
  bool parity = false;
  ParityStep step = ParityStep::kTwo;
};

class HuntTargetShooter {
 public:
  using Params = HuntTargetParams;
  static StrategyInfo info();
  static Params params_from(const ParamSet& values);
  HuntTargetShooter(const Params& params, const ShooterContext& context)
      : HuntTargetShooter(context.tables.rules(), params) {}

  HuntTargetShooter(const Rules& rules, HuntTargetParams params);

  int choose(Rng& rng);
  void observe(int cell, const ShotResult& result);

  // True when the last choice came from the candidate stack (for tests).
  bool targeting() const { return last_was_target_; }

 private:
  int hunt(Rng& rng) const;
  void explain_target(int cell) const;  // explain.hpp: why `cell`, during replays
  void explain_hunt(int cell) const;
  int parity_step() const;
  void push_neighbours(int cell);
  bool shot(int cell) const { return position_[cell] < 0; }
  void mark_shot(int cell);

  const Rules* rules_;
  HuntTargetParams params_;
  // Unshot cells in any order; position_[cell] is the cell's index there, or -1 once shot.
  std::array<uint16_t, kMaxCells> unshot_{};
  std::array<int16_t, kMaxCells> position_{};
  int unshot_count_ = 0;
  std::array<int, kMaxShips> afloat_lengths_{};  // length of each ship afloat, 0 once sunk
  std::array<uint16_t, 4 * kMaxCells> stack_{};
  int stack_size_ = 0;
  bool last_was_target_ = false;
};

}  // namespace arena::battleship
