// arena.new_game("battleship"): the solo game (one shooter, one hidden fleet)
// over engines/battleship (Ocean), its fleet placed from the seed.
//
// Contract: the fleet is drawn once, by the rules' placement (the match's
// DefenderTables) from Rng(seed): the same seed, the same fleet. Seat 0 shoots
// until the fleet is sunk. legal_moves() lists the cells not yet fired at, row
// by row, as {"row": r, "col": c}; apply() takes one of them (or (row, col)).
// A cell already fired at is refused here (ValueError), though the protocol
// lets a bot waste a shot on it: a state's moves are its legal_moves().
// view(0) is the protocol's view (grid, afloat, shots): the external
// strategy's own (ShotView). Clones share the read-only tables (a shared_ptr).
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/shot_view.hpp"
#include "harness/adapters/battleship/shooters.hpp"
#include "python_link.hpp"
#include "states/common.hpp"

namespace arena::states {

namespace bs = battleship;
namespace adapter = battleship_adapter;

namespace {

class BattleshipState {
 public:
  BattleshipState(std::shared_ptr<const adapter::Tables> tables, const bs::Layout& layout)
      : tables_(std::move(tables)),
        layout_(layout),
        ocean_(tables_->rules(), layout_),
        seen_(tables_->rules()) {}

  int size() const { return tables_->rules().size; }
  bool is_over() const { return ocean_.fleet_sunk(); }
  int to_move() const { return is_over() ? -1 : 0; }

  py::list legal_moves() const {
    py::list out;
    if (is_over()) return out;
    for (int r = 0; r < size(); ++r) {
      for (int c = 0; c < size(); ++c) {
        if (seen_.at(r * size() + c) != '.') continue;
        py::dict cell;
        cell["row"] = r;
        cell["col"] = c;
        out.append(cell);
      }
    }
    return out;
  }

  void apply(py::handle move) {
    const auto [row, col] = row_col(move, "a shot");
    const std::string what = fmt::format("(row {}, col {})", row, col);
    if (is_over()) illegal(what, "the fleet is sunk: the game is over");
    if (row < 0 || col < 0 || row >= size() || col >= size())
      illegal(what, fmt::format("off the {0}x{0} board", size()));
    const int cell = static_cast<int>(row * size() + col);
    if (seen_.at(cell) != '.') illegal(what, "that cell was already fired at");
    seen_.observe(cell, ocean_.shoot(cell));
  }

  py::object view(int seat) const {
    if (seat != 0) throw py::value_error(fmt::format("no seat {}: the solo game has seat 0", seat));
    return python::to_python(seen_.json());  // as the external strategy sends it
  }

  py::dict result() const {
    py::dict out;
    out["over"] = is_over();
    out["shots"] = seen_.shots();
    out["ships_afloat"] = ocean_.ships_afloat();
    return out;
  }

  // Where the hidden ships lie (for debugging; never what a shooter sees).
  py::list fleet() const {
    py::list out;
    for (int s = 0; s < layout_.ship_count; ++s) {
      const bs::Placement& p = *layout_.ships[s];
      py::list cells;
      for (int i = 0; i < p.length; ++i) {
        const int cell = p.cell(i, size());
        cells.append(py::make_tuple(cell / size(), cell % size()));
      }
      py::dict ship;
      ship["name"] = tables_->rules().fleet[static_cast<size_t>(s)].name;
      ship["length"] = p.length;
      ship["cells"] = cells;
      out.append(ship);
    }
    return out;
  }

 private:
  std::shared_ptr<const adapter::Tables> tables_;  // the placements layout_ points into
  bs::Layout layout_;
  bs::Ocean ocean_;
  bs::ShotView seen_;  // the shooter's view, as the external strategy keeps it
};

}  // namespace

py::object new_battleship(const EngineSpec& engine, py::handle rules, uint64_t seed,
                          std::optional<int> players) {
  if (players && *players != 1)
    throw py::value_error(fmt::format("players: the solo game has 1 seat, got {}", *players));
  const RunConfig config = config_of(engine, rules);
  std::shared_ptr<const adapter::Tables> tables;
  try {
    tables = std::make_shared<const adapter::Tables>(adapter::rules_from(config),
                                                     adapter::defender_from(config));
  } catch (const ConfigError& e) {
    throw py::value_error(e.message());
  }
  if (!bs::layout_exists(tables->placements))
    throw py::value_error("rules.fleet: no legal layout of this fleet exists on this board");
  Rng rng(seed);
  const bs::Layout layout = tables->defender.draw(rng);
  return py::cast(BattleshipState(tables, layout));
}

void bind_battleship(py::module_& m) {
  py::class_<BattleshipState>(m, "BattleshipState",
                              "Battleship's solo game (arena.new_game(\"battleship\")).")
      .def("to_move", &BattleshipState::to_move, "0 (the shooter), or -1 once the fleet is sunk.")
      .def("legal_moves", &BattleshipState::legal_moves,
           "The cells not yet fired at, row by row, as {\"row\": r, \"col\": c} (the "
           "protocol's move without \"type\"); [] once the fleet is sunk.")
      .def("apply", &BattleshipState::apply, py::arg("move"),
           "Fires at a cell not fired at: {\"row\": r, \"col\": c} (\"type\": \"move\" "
           "optional) or (row, col). ValueError for a cell off the board or already fired at.")
      .def(
          "clone", [](const BattleshipState& s) { return BattleshipState(s); },
          "An independent copy (the same hidden fleet).")
      .def("__copy__", [](const BattleshipState& s) { return BattleshipState(s); })
      .def("__deepcopy__", [](const BattleshipState& s, py::handle) { return BattleshipState(s); })
      .def("view", &BattleshipState::view, py::arg("seat") = 0,
           "The protocol's view of seat 0: grid (one string per row: '.' not fired at, 'o' a "
           "miss, 'x' a hit on a ship afloat, '#' a sunk ship), afloat (names), shots.")
      .def("is_over", &BattleshipState::is_over, "Whether the whole fleet is sunk.")
      .def("result", &BattleshipState::result,
           "A dict: over, shots (fired so far; fewer is better), ships_afloat.")
      .def(
          "players", [](const BattleshipState&) { return 1; }, "Seats in the game: 1.")
      .def("fleet", &BattleshipState::fleet,
           "The hidden fleet, for debugging: per ship its name, length and cells as (row, col).");
}

}  // namespace arena::states
