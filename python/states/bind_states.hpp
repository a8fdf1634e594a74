// Game states for search and learning (docs/python.md, "Game states"):
// `arena.new_game(engine, rules, seed, players)` over the engines' own state
// types, one Python class per engine.
//
// Contract: bind_game_states(m) adds to the extension module `m`
// (arena._arena) the classes BattleshipState, ChineseCheckersState,
// GoFishState and RooksState, and the functions
//   _new_game(engine: str, rules: dict | None, seed: int, players: int | None)
//   _from_view(engine: str, view: dict, rules: dict | None)
// which python/arena/states.py wraps. Every state has to_move(),
// legal_moves(), apply(move), clone(), view(seat), is_over() and result();
// moves and views are those of the line protocol (docs/protocol.md). Chance
// (fleet, deal, board) is drawn from Rng(seed) when the game is made, so the
// same seed gives the same game. Errors a caller can cause raise ValueError.
#pragma once

#include <pybind11/pybind11.h>

namespace arena {
void bind_game_states(pybind11::module_& m);
}  // namespace arena
