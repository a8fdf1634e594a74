// arena.new_game("rooks"): the rook puzzle played one rook at a time, over
// engines/rooks (Board, Segments, solve_exact).
//
// Contract: the board is the generator's (random_board of side rules.n[0] and
// rules.fort_density, from Rng(seed)), or board number seed mod count of
// rules.board_file, or the rows of rules.board (a list of '.'/'X' strings, an
// addition of the states to the config's keys). Seat 0 places rooks one by
// one; legal_moves() lists the open cells no placed rook attacks, row by row,
// as [row, col] (the protocol's rook entries); the game is over when none is
// left (the placement is then maximal). The optimum (exact matching) is
// computed once per board, when result() first asks for it. Clones share the
// board (a shared_ptr).
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"
#include "harness/adapters/rooks.hpp"
#include "states/common.hpp"

namespace arena::states {

namespace {

struct RooksBoard {
  explicit RooksBoard(rooks::Board b)
      : board(std::move(b)), segments(board), rows(rooks::rows_of(board)) {}
  rooks::Board board;
  rooks::Segments segments;
  std::vector<std::string> rows;
  mutable int optimum = -1;  // -1 until result() needs it
};

class RooksState {
 public:
  explicit RooksState(std::shared_ptr<const RooksBoard> board)
      : b_(std::move(board)),
        row_rook_(static_cast<size_t>(b_->segments.row_segments), -1),
        col_rook_(static_cast<size_t>(b_->segments.col_segments), -1),
        open_(b_->board.open_cells()) {}

  int n() const { return b_->board.n; }
  bool is_over() const { return open_ == 0; }
  int to_move() const { return is_over() ? -1 : 0; }

  py::list legal_moves() const {
    py::list out;
    for (int cell = 0; cell < n() * n(); ++cell)
      if (attacker(cell) == -1) out.append(rc(cell));
    return out;
  }

  void apply(py::handle move) {
    const auto [row, col] = row_col(move, "a rook");
    const std::string what = fmt::format("[{}, {}]", row, col);
    if (row < 0 || col < 0 || row >= n() || col >= n())
      illegal(what, fmt::format("off the {0}x{0} board", n()));
    const int cell = static_cast<int>(row * n() + col);
    const int by = attacker(cell);
    if (by == -2) illegal(what, "that cell is a fort");
    if (by >= 0) {
      illegal(what, by == cell
                        ? "a rook is already there"
                        : fmt::format("the rook at [{}, {}] attacks it", by / n(), by % n()));
    }
    place(cell);
  }

  py::dict view(int seat) const {
    if (seat != 0) throw py::value_error(fmt::format("no seat {}: the puzzle has seat 0", seat));
    py::list placed;
    for (const int32_t cell : placed_)
      placed.append(rc(cell));
    py::dict out;
    out["n"] = n();
    out["rows"] = py::cast(b_->rows);
    out["rooks"] = placed;
    return out;
  }

  py::dict result() const {
    if (b_->optimum < 0) b_->optimum = static_cast<int>(rooks::solve_exact(b_->board).size());
    const int placed = static_cast<int>(placed_.size());
    py::dict out;
    out["over"] = is_over();
    out["rooks"] = placed;
    out["optimum"] = b_->optimum;
    out["gap"] = b_->optimum - placed;
    out["optimal"] = placed == b_->optimum;
    return out;
  }

 private:
  py::list rc(int cell) const {
    py::list out(2);
    out[0] = cell / n();
    out[1] = cell % n();
    return out;
  }

  // -1 when a rook may go on `cell`; -2 on a fort; else the cell of a rook
  // that attacks it (sharing its row or column segment).
  int attacker(int cell) const {
    const int32_t rs = b_->segments.row_of[static_cast<size_t>(cell)];
    const int32_t cs = b_->segments.col_of[static_cast<size_t>(cell)];
    if (rs < 0) return -2;
    if (row_rook_[static_cast<size_t>(rs)] >= 0) return row_rook_[static_cast<size_t>(rs)];
    return col_rook_[static_cast<size_t>(cs)];
  }

  // Places a rook on a legal cell; the open count loses the cells of its
  // row and column segments that were still free.
  void place(int cell) {
    const int r = cell / n(), c = cell % n();
    int freed = 0;
    const auto walk = [&](int dr, int dc) {
      for (int rr = r + dr, cc = c + dc;
           rr >= 0 && cc >= 0 && rr < n() && cc < n() && b_->board.open(rr, cc); rr += dr, cc += dc)
        freed += attacker(rr * n() + cc) == -1 ? 1 : 0;
    };
    walk(0, 1);
    walk(0, -1);
    walk(1, 0);
    walk(-1, 0);
    open_ -= freed + 1;
    row_rook_[static_cast<size_t>(b_->segments.row_of[static_cast<size_t>(cell)])] = cell;
    col_rook_[static_cast<size_t>(b_->segments.col_of[static_cast<size_t>(cell)])] = cell;
    placed_.push_back(cell);
  }

  std::shared_ptr<const RooksBoard> b_;
  std::vector<int32_t> row_rook_;  // per row segment: its rook's cell, or -1
  std::vector<int32_t> col_rook_;  // per column segment: its rook's cell, or -1
  std::vector<int32_t> placed_;    // in the order placed
  int open_;                       // cells a rook may still go on
};

// A board from rows of '.' and 'X', checked by the judge format's reader.
rooks::Board board_from(const std::vector<std::string>& rows, const std::string& where) {
  std::string text = std::to_string(rows.size()) + "\n";
  for (const std::string& row : rows)
    text += row + "\n";
  std::istringstream in(text);
  try {
    const std::vector<rooks::Board> boards = rooks::parse_judge_format(in);
    if (boards.size() != 1 || rows.empty()) throw py::value_error(where + ": no board");
    return boards.front();
  } catch (const rooks::JudgeFormatError& e) {
    throw py::value_error(
        fmt::format("{}: row {}, column {}: {}", where, e.line() - 1, e.column(), e.what()));
  }
}

// The rows of a Python list of strings, else ValueError naming `where`.
std::vector<std::string> rows_of(py::handle rows, const std::string& where) {
  if (!py::isinstance<py::list>(rows) && !py::isinstance<py::tuple>(rows))
    throw py::value_error(where + ": expected a list of rows of '.' and 'X'");
  std::vector<std::string> out;
  for (const py::handle row : rows) {
    if (!py::isinstance<py::str>(row))
      throw py::value_error(fmt::format("{}: a row is not text: {}", where, repr_of(row)));
    out.push_back(row.cast<std::string>());
  }
  return out;
}

// The board of a config (see the contract above); `rows` from rules.board.
rooks::Board board_of(const RunConfig& config, const std::vector<std::string>* rows,
                      uint64_t seed) {
  if (rows) return board_from(*rows, "rules.board");
  if (const std::string& file = config.rules.text("board_file"); !file.empty()) {
    const std::vector<rooks::Board> boards = read_board_file(config, file);  // or ConfigError
    return boards[seed % boards.size()];
  }
  const IntList& sizes = config.rules.int_list("n");
  if (sizes.size() != 1)
    throw py::value_error("rules.n: a game has one board: give one size, not a list");
  Rng rng(seed);
  return rooks::random_board(static_cast<int>(sizes.front()), config.rules.real("fort_density"),
                             rng);
}

}  // namespace

py::object new_rooks(const EngineSpec& engine, py::handle rules, uint64_t seed,
                     std::optional<int> players) {
  if (players && *players != 1)
    throw py::value_error(fmt::format("players: the puzzle has 1 seat, got {}", *players));
  std::vector<std::string> rows;
  py::object config_rules = py::reinterpret_borrow<py::object>(rules);
  if (PyDict_Check(rules.ptr()) && PyDict_GetItemString(rules.ptr(), "board")) {
    py::dict rest(py::reinterpret_borrow<py::dict>(rules));
    rows = rows_of(rest.attr("pop")("board"), "rules.board");
    config_rules = rest;
  }
  const RunConfig config = config_of(engine, config_rules);
  const rooks::Board board = board_of(config, rows.empty() ? nullptr : &rows, seed);
  return py::cast(RooksState(std::make_shared<const RooksBoard>(board)));
}

py::object rooks_from_view(const EngineSpec& engine, py::handle view, py::handle rules) {
  config_of(engine, rules);  // checked, though the view's board is the whole game
  if (!PyDict_Check(view.ptr()) || !PyDict_GetItemString(view.ptr(), "rows"))
    throw py::value_error("view: expected a dict with \"rows\"");
  const py::dict v = py::reinterpret_borrow<py::dict>(view);
  RooksState state(
      std::make_shared<const RooksBoard>(board_from(rows_of(v["rows"], "view: rows"), "view")));
  if (v.contains("rooks"))
    for (const py::handle rook : v["rooks"])
      state.apply(rook);
  return py::cast(std::move(state));
}

void bind_rooks(py::module_& m) {
  py::class_<RooksState>(m, "RooksState",
                         "The rook puzzle, a rook at a time "
                         "(arena.new_game(\"rooks\")).")
      .def("to_move", &RooksState::to_move, "0, or -1 when no rook can be added.")
      .def("legal_moves", &RooksState::legal_moves,
           "The open cells no placed rook attacks, row by row, as [row, col].")
      .def("apply", &RooksState::apply, py::arg("move"),
           "Places a rook: [row, col], (row, col) or {\"row\": r, \"col\": c}. ValueError for "
           "a cell off the board, on a fort, or attacked (naming the rook that attacks it).")
      .def(
          "clone", [](const RooksState& s) { return RooksState(s); }, "An independent copy.")
      .def("__copy__", [](const RooksState& s) { return RooksState(s); })
      .def("__deepcopy__", [](const RooksState& s, py::handle) { return RooksState(s); })
      .def("view", &RooksState::view, py::arg("seat") = 0,
           "The protocol's view (n, rows: '.' open, 'X' a fort) and rooks: the rooks placed, "
           "as [row, col] in the order placed (the protocol's move once the game is over).")
      .def("is_over", &RooksState::is_over, "Whether no rook can be added (a maximal placement).")
      .def("result", &RooksState::result,
           "A dict: over, rooks (placed), optimum (the board's, by exact matching), gap "
           "(optimum - rooks) and optimal (rooks == optimum: the protocol's win).")
      .def(
          "players", [](const RooksState&) { return 1; }, "Seats in the game: 1.");
}

}  // namespace arena::states
