// Battleship games as `arena replay` shows them: a shooter's shots over the
// fleet it fires at, the hidden ships shown to the viewer.
#pragma once

#include <string>
#include <vector>

#include "engines/battleship/ocean.hpp"
#include "harness/registry/move_log.hpp"
#include "harness/registry/replay.hpp"

namespace arena::battleship_adapter {

namespace bs = battleship;

// "C7": column letter, row number from 1.
std::string cell_name(int cell, int size);

// The legend of every Battleship board.
std::vector<std::string> board_legend();

// One fleet under fire, as the viewer sees it (ships shown before they are hit).
//
// Its state, as the replay page draws it (harness/output/replay_boards/
// battleship.js): {"title", "shooter" (the variant firing, or null), "size",
// "ships": [{"name", "cells": [cell, ...] from bow to stern, "sunk"}],
// "shots": [{"cell", "result": "miss" | "hit" | "sunk"}] (each cell once, as
// first fired at, in order; "sunk" is the hit that sank its ship), "last"
// (the cell fired at last, or null), "over" (the game is over for this board:
// the fleet is shown plainly, not as unseen)}; cells are row * size + column.
// A step's state is {"boards": [...], "active": index of the board its shot
// fell on} (no "active" for a step without a shot).
class ShotBoard {
 public:
  ShotBoard(const bs::Rules& rules, const bs::Layout& layout);

  // Fires at `cell` (on the board: the game checked it) for `shooter`, named
  // `who`; the step's text and move, without the board.
  ReplayStep shoot(int cell, int shooter, const std::string& who);
  bool fleet_sunk() const { return ocean_.fleet_sunk(); }
  // The grid with coordinates; `title` above it.
  std::vector<std::string> render(const std::string& title) const;
  // The state above; `shooter` empty: null.
  nlohmann::json state(const std::string& title, const std::string& shooter, bool over) const;

 private:
  const bs::Rules* rules_;
  const bs::Layout* layout_;
  bs::Ocean ocean_;
  std::vector<bool> sunk_;                  // per ship of the layout
  std::vector<std::pair<int, int>> shots_;  // (cell, ShotKind) per cell, as first fired at
  std::vector<char> marks_;                 // per cell: '.', 'S', 'o', 'x', '#'
  int last_ = -1;
};

// Two boards side by side (a duel: each side's shots at the other's fleet).
std::vector<std::string> side_by_side(const std::vector<std::string>& left,
                                      const std::vector<std::string>& right);

}  // namespace arena::battleship_adapter
