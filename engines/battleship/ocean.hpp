// The defender's side of the board: answers shots at a hidden layout.
//
// Contract: shoot(cell) answers miss, hit, or sunk with the ship's index (its
// name is rules.fleet[ship].name); a sink also reveals where the ship lay, as
// players announce "you sank my cruiser" and the cells follow from the hits.
// Shooting a cell again changes nothing and repeats the first answer's kind (a
// hit stays a hit) with `repeated` set.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engines/battleship/layout.hpp"
#include "engines/core/strategy_fault.hpp"

namespace arena::battleship {

enum class ShotKind : uint8_t { kMiss, kHit, kSunk };

// What a shot is for: finding a ship (hunt) or finishing one already hit
// (target). Timed decisions are filed under it (latency per phase).
enum class ShotPhase : uint8_t { kHunt = 0, kTarget = 1 };

struct ShotResult {
  ShotKind kind = ShotKind::kMiss;
  int ship = -1;  // index into the fleet for hits and sinks, -1 for a miss
  bool repeated = false;
  const Placement* sunk = nullptr;  // the sunk ship's placement, for kSunk only
};

class Ocean {
 public:
  static constexpr uint8_t kWater = 0xff;

  Ocean(const Rules& rules, const Layout& layout)
      : ships_(layout.ships), ships_afloat_(layout.ship_count) {
    owner_.fill(kWater);
    for (int s = 0; s < layout.ship_count; ++s) {
      const Placement& p = *layout.ships[s];
      for (int i = 0; i < p.length; ++i)
        owner_[p.cell(i, rules.size)] = static_cast<uint8_t>(s);
      afloat_cells_[s] = static_cast<uint8_t>(p.length);
    }
  }

  // Inlined into every game loop (the inliner otherwise leaves it a call in
  // the runner's larger functions, a tenth of a cheap game).
  // `cell` is on the board (engines check a shooter's choice first), so the
  // bitset is indexed unchecked: its checked set() and test() are calls.
  [[gnu::always_inline]] ShotResult shoot(int cell) {
    const uint8_t owner = owner_[cell];
    const bool repeated = shot_[static_cast<size_t>(cell)];
    shot_[static_cast<size_t>(cell)] = true;
    if (owner == kWater) return {ShotKind::kMiss, -1, repeated, nullptr};
    if (repeated) return {ShotKind::kHit, owner, true, nullptr};
    if (--afloat_cells_[owner] > 0) {
      ++open_hits_;
      return {ShotKind::kHit, owner, false, nullptr};
    }
    open_hits_ -= ships_[owner]->length - 1;  // the ship's earlier hits are closed now
    --ships_afloat_;
    return {ShotKind::kSunk, owner, false, ships_[owner]};
  }

  bool fleet_sunk() const { return ships_afloat_ == 0; }
  // Hits on ships still afloat: the shooter knows of them too, so a decision
  // taken while there are some is a target decision, otherwise a hunt one.
  int open_hits() const { return open_hits_; }
  ShotPhase phase() const { return open_hits_ > 0 ? ShotPhase::kTarget : ShotPhase::kHunt; }
  int ships_afloat() const { return ships_afloat_; }

 private:
  std::array<const Placement*, kMaxShips> ships_;
  std::array<uint8_t, kMaxCells> owner_;
  std::array<uint8_t, kMaxShips> afloat_cells_{};
  CellSet shot_;
  int ships_afloat_;
  int open_hits_ = 0;
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_off_board(int cell, int who) {
  throw StrategyFault(who, Fault::kIllegalMove,
                      "battleship: shot at cell " + std::to_string(cell) + ", off the board");
}

// A shooter's cell must be on the board (a repeated shot is legal, and wasted).
inline void check_on_board(const Rules& rules, int cell, int who) {
  if (cell < 0 || cell >= rules.cells()) [[unlikely]]
    throw_off_board(cell, who);
}

}  // namespace arena::battleship
