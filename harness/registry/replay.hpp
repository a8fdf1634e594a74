// A game shown move by move: what `arena replay` prints, writes as JSON and
// steps through in its HTML page.
//
// Contract: an engine's Match builds a GameReplay from a game's index and its
// MoveLog (harness/registry/move_log.hpp) by setting the game up from the
// seed as play() does and applying the logged moves in order; boards are
// plain text, one string per line, so every front end shows every engine the
// same way. A step is one logged entry (a move or a fault) or something the
// rules did by themselves (a forced pass); `board` is the position after it.
// `state` is the same position as data, which the replay page draws
// (harness/output/replay_boards/ENGINE.js; its fields are the engine's, one
// shape per engine, documented there), and `explain` the strategy's
// explanation of the move (MoveLog::explanation), when it gave one.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/registry/move_log.hpp"

namespace arena {

struct ReplayStep {
  int variant = -1;                  // who acted; -1 for the rules (a pass, a new board)
  std::string text;                  // e.g. "density fires at C7: hit, cruiser sunk"
  nlohmann::json move;               // the same, machine-readable (docs/results.md)
  std::vector<std::string> board;    // the position after this step
  nlohmann::json state = nullptr;    // the same, drawn by the page; null: the engine draws none
  nlohmann::json explain = nullptr;  // why the strategy chose the move; null: no reason given
};

struct GameReplay {
  std::vector<std::string> legend;  // what the boards' characters mean, one line each
  std::vector<std::string> start;   // the position before the first step
  std::vector<ReplayStep> steps;
  nlohmann::json start_state = nullptr;  // `start` as data, as ReplayStep::state
};

// The step of a logged fault: "<who> forfeits (crashed): ...", no board yet.
ReplayStep fault_step(const MoveLog& log, const MoveLog::Entry& fault, const std::string& who);

}  // namespace arena
