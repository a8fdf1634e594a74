// bind_game_states (bind_states.hpp): each engine's class, and _new_game and
// _from_view dispatching on the engine's registry name.
#include "states/bind_states.hpp"

#include <array>
#include <utility>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "states/common.hpp"

namespace arena {

namespace {

using states::py::handle;
using states::py::object;

// Each engine's states: its name in the registry, how new games are made.
constexpr std::array<std::pair<const char*, states::NewGame>, 4> kNewGames = {{
    {"battleship", states::new_battleship},
    {"chinese-checkers", states::new_chinese_checkers},
    {"go-fish", states::new_go_fish},
    {"rooks", states::new_rooks},
}};

object new_game(const std::string& engine, handle rules, uint64_t seed,
                std::optional<int> players) {
  const EngineSpec& spec = states::engine_named(engine);
  for (const auto& [name, make] : kNewGames)
    if (spec.name == name) return make(spec, rules, seed, players);
  throw states::py::value_error(fmt::format("engine '{}' has no game states", engine));
}

object from_view(const std::string& engine, handle view, handle rules) {
  const EngineSpec& spec = states::engine_named(engine);
  if (spec.name == "chinese-checkers") return states::chinese_checkers_from_view(spec, view, rules);
  if (spec.name == "rooks") return states::rooks_from_view(spec, view, rules);
  throw states::py::value_error(fmt::format(
      "from_view: '{}' hides part of the game from its players, so a view is not a state; "
      "chinese-checkers and rooks have one",
      engine));
}

}  // namespace

void bind_game_states(pybind11::module_& m) {
  namespace py = pybind11;
  states::bind_battleship(m);
  states::bind_chinese_checkers(m);
  states::bind_go_fish(m);
  states::bind_rooks(m);
  m.def("_new_game", &new_game, py::arg("engine"), py::arg("rules") = py::none(),
        py::arg("seed") = 0, py::arg("players") = py::none(),
        "A new game of `engine` (see arena.states.new_game).");
  m.def("_from_view", &from_view, py::arg("engine"), py::arg("view"), py::arg("rules") = py::none(),
        "The position a protocol view shows (see arena.states.from_view).");
}

}  // namespace arena
