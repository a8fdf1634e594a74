// What the game states of `arena.new_game` (bind_states.hpp) share: rules
// read by the config loader, move fields read from Python objects, outcomes
// from ranks, and each engine's factory and bindings.
//
// Contract: every error a user can cause (an unknown rule, a value out of
// range, a malformed or illegal move) is thrown as pybind11::value_error
// (Python's ValueError) with a message naming what is wrong. Everything here
// runs with the GIL held.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"

namespace arena::states {

namespace py = pybind11;

// The registry's engine called `name`; ValueError naming the engines otherwise.
const EngineSpec& engine_named(const std::string& name);

// A one-game config of `engine` whose `rules:` section is the Python dict
// `rules` (None: every default), read and checked by the config loader
// (parse_config): every default filled in. ValueError with the loader's
// message (e.g. "rules.seats: value 7 is out of range [2, 6]").
RunConfig config_of(const EngineSpec& engine, py::handle rules);

// Throws ValueError("illegal move <what>: <why>").
[[noreturn]] void illegal(const std::string& what, const std::string& why);

// A move given as a dict: its "type", when present, must be "move"
// (ValueError otherwise). The integer at `key` (bools refused), or nullopt
// when the dict has no such key.
void check_move_type(py::handle dict);
std::optional<int64_t> int_field(py::handle dict, const char* key);
// An integer (not a bool), else ValueError naming `what`.
int64_t as_integer(py::handle value, const std::string& what);
// A pair (row, col), (from, to), (target, rank): a tuple or list of two
// integers; nullopt when `move` is not a tuple or list of length 2.
std::optional<std::pair<int64_t, int64_t>> int_pair(py::handle move);

// The cell a move names: [row, col], (row, col) or {"row": r, "col": c};
// else ValueError saying what `thing` ("a shot", "a rook") looks like.
std::pair<int64_t, int64_t> row_col(py::handle move, const char* thing);

// The repr of a Python object, for messages.
std::string repr_of(py::handle value);

// Per seat, from ranks (1 = best, equal ranks tie): "outcomes" ("win" for
// the only first, "draw" for a shared first, else "loss", as the `over`
// message of docs/protocol.md), "scores" (the win share: 1/k for each of k
// firsts, 0 for the others) and "ranks", added to `out`.
void add_outcomes(py::dict& out, std::span<const int> ranks);

// Each engine's file: its state class, and its states from a config.
void bind_battleship(py::module_& m);
void bind_chinese_checkers(py::module_& m);
void bind_go_fish(py::module_& m);
void bind_rooks(py::module_& m);
// A new game of `engine` under `rules` (a dict or None), chance drawn from
// `seed`, `players` seats (nullopt: the rules' count or the engine's default).
using NewGame = py::object (*)(const EngineSpec& engine, py::handle rules, uint64_t seed,
                               std::optional<int> players);
py::object new_battleship(const EngineSpec& engine, py::handle rules, uint64_t seed,
                          std::optional<int> players);
py::object new_chinese_checkers(const EngineSpec& engine, py::handle rules, uint64_t seed,
                                std::optional<int> players);
py::object new_go_fish(const EngineSpec& engine, py::handle rules, uint64_t seed,
                       std::optional<int> players);
py::object new_rooks(const EngineSpec& engine, py::handle rules, uint64_t seed,
                     std::optional<int> players);
// The position a protocol view shows (what a strategy's decide receives).
py::object chinese_checkers_from_view(const EngineSpec& engine, py::handle view, py::handle rules);
py::object rooks_from_view(const EngineSpec& engine, py::handle view, py::handle rules);

}  // namespace arena::states
