// arena.new_game("chinese-checkers"): a Chinese Checkers position for search
// and learning, over engines/chinese_checkers (State, generate_moves).
//
// Contract: a value (clone() copies it); no chance. legal_moves() lists the
// side to move's (from, to) pairs in the engine's order (by origin, then
// destination: the protocol's `legal`); a side with no legal move has the one
// move "pass" (which counts as a ply, as in `arena perft`); a finished game
// has none. is_over() is State::game_over(): with two seats the first seat to
// finish, with more all but one finished, and in any case rules.max_plies
// plies (a cut). Speed: the moves of a position are generated once and kept
// (copied by clone); legal_moves() builds its list from interned (from, to)
// tuples, so a Python random playout costs a few microseconds a move.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "engines/chinese_checkers/describe.hpp"
#include "engines/chinese_checkers/game.hpp"
#include "engines/chinese_checkers/strategies/external.hpp"
#include "harness/adapters/chinese_checkers.hpp"
#include "python_link.hpp"
#include "states/common.hpp"

namespace arena::states {

namespace cc = chinese_checkers;

namespace {

// The tuple (from, to) of each pair of holes, made once and never freed.
PyObject* pair_tuple(int from, int to) {
  static std::array<PyObject*, cc::kHoles * cc::kHoles> tuples{};
  PyObject*& t = tuples[static_cast<size_t>(from * cc::kHoles + to)];
  if (!t) {
    t = Py_BuildValue("(ii)", from, to);
    if (!t) throw py::error_already_set();
  }
  return t;
}

PyObject* pass_move() {
  static PyObject* pass = PyUnicode_InternFromString("pass");
  return pass;
}

class CheckersState {
 public:
  explicit CheckersState(const cc::State& state) : state_(state) {}
  CheckersState(const CheckersState& other) : state_(other.state_), known_(other.known_) {
    if (known_)
      for (const cc::Move m : other.moves_)
        moves_.push(m);
  }
  CheckersState& operator=(const CheckersState&) = delete;

  const cc::State& state() const { return state_; }
  int to_move() const { return state_.game_over() ? -1 : state_.side_to_move(); }
  bool is_over() const { return state_.game_over(); }

  py::list legal_moves() {
    if (state_.game_over()) return py::list();
    const cc::MoveList& moves = generated();
    if (moves.empty()) {
      py::list out(1);
      Py_INCREF(pass_move());
      PyList_SET_ITEM(out.ptr(), 0, pass_move());
      return out;
    }
    PyObject* list = PyList_New(moves.size());
    if (!list) throw py::error_already_set();
    for (int i = 0; i < moves.size(); ++i) {
      PyObject* t = pair_tuple(moves[i].from, moves[i].to);
      Py_INCREF(t);
      PyList_SET_ITEM(list, i, t);
    }
    return py::reinterpret_steal<py::list>(list);
  }

  void apply(py::handle move) {
    if (state_.game_over()) illegal(repr_of(move), "the game is over");
    if (PyUnicode_Check(move.ptr())) {
      if (move.cast<std::string>() != "pass") illegal(repr_of(move), "a move is (from, to)");
      if (!generated().empty())
        illegal("'pass'", fmt::format("seat {} has legal moves", state_.side_to_move()));
      state_.pass();
      known_ = false;
      return;
    }
    const cc::Move m = read(move);
    // The listed moves when known (a playout lists them first), else the engine's check.
    const bool legal = known_ ? std::find(moves_.begin(), moves_.end(), m) != moves_.end()
                              : cc::is_legal(state_, m);
    if (!legal) illegal(fmt::format("({}, {})", m.from, m.to), why_illegal(m));
    state_.apply(m);
    known_ = false;
  }

  py::object view(std::optional<int> seat) {
    const int s = seat.value_or(state_.side_to_move());
    if (s < 0 || s >= state_.players())
      throw py::value_error(fmt::format("no seat {} (seats are 0 to {})", s, state_.players() - 1));
    const bool moving = !state_.game_over() && s == state_.side_to_move();
    return python::to_python(cc::view_json(state_, s, moving ? generated() : cc::MoveList()));
  }

  py::dict result() const {
    const cc::GameResult r = cc::game_result(state_);
    const int players = state_.players();
    std::array<int, cc::kMaxPlayers> ranks{};
    py::list finish, in_goal, distance;
    for (int s = 0; s < players; ++s) {
      // Two seats cut off with nobody home: a draw, whoever was ahead (the adapter's rule).
      ranks[s] = r.draw && players == 2 ? 1 : r.rank[s];
      finish.append(r.finish_ply[s]);
      in_goal.append(r.pieces_in_goal[s]);
      distance.append(r.distance_to_goal[s]);
    }
    py::dict out;
    out["over"] = state_.game_over();
    out["plies"] = r.plies;
    out["cut_off"] = state_.game_over() && r.cut_off;
    add_outcomes(out, std::span(ranks.data(), static_cast<size_t>(players)));
    out["finish_ply"] = finish;
    out["pieces_in_goal"] = in_goal;
    out["distance_to_goal"] = distance;
    return out;
  }

 private:
  const cc::MoveList& generated() {
    if (!known_) {
      cc::generate_moves(state_, moves_);
      known_ = true;
    }
    return moves_;
  }

  // (from, to) from a tuple, a list, or a protocol move dict.
  cc::Move read(py::handle move) {
    int64_t from = -1, to = -1;
    if (const auto pair = int_pair(move)) {
      std::tie(from, to) = *pair;
    } else if (PyDict_Check(move.ptr())) {
      check_move_type(move);
      if (const auto index = int_field(move, "index")) {
        const cc::MoveList& moves = generated();
        if (*index < 0 || *index >= moves.size()) {
          illegal(repr_of(move),
                  fmt::format("index {} of a list of {} legal moves", *index, moves.size()));
        }
        return moves[static_cast<int>(*index)];
      }
      const auto f = int_field(move, "from"), t = int_field(move, "to");
      if (!f || !t) illegal(repr_of(move), "a move dict needs \"from\" and \"to\", or \"index\"");
      from = *f;
      to = *t;
    } else {
      illegal(repr_of(move),
              "a move is (from, to), {\"from\": f, \"to\": t}, {\"index\": i} "
              "or \"pass\"");
    }
    for (const int64_t h : {from, to})
      if (h < 0 || h >= cc::kHoles)
        illegal(fmt::format("({}, {})", from, to),
                fmt::format("no hole {} (holes are 0 to {})", h, cc::kHoles - 1));
    return cc::Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
  }

  std::string why_illegal(cc::Move m) {
    const int side = state_.side_to_move();
    if (generated().empty())
      return fmt::format("seat {} has no legal move and must pass: apply(\"pass\")", side);
    const int owner = state_.owner(m.from);
    if (owner < 0) return fmt::format("hole {} is empty", m.from);
    if (owner != side)
      return fmt::format("hole {} holds a piece of seat {}, and seat {} is to move", m.from, owner,
                         side);
    if (state_.occupied().test(m.to)) return fmt::format("hole {} is occupied", m.to);
    if (!state_.destinations_allowed(side).test(m.to))
      return fmt::format("hole {} lies in a neutral triangle (rules.neutral_zones: forbidden)",
                         m.to);
    return fmt::format("hole {} is not reachable from {}", m.to, m.from);
  }

  cc::State state_;
  bool known_ = false;  // moves_ holds the moves of state_
  cc::MoveList moves_;
};

// The engine's rules from the config's (the adapter's own reading), at
// `players` seats when given.
cc::Rules rules_of(const RunConfig& config, std::optional<int> players) {
  if (!players) return checkers_rules_of(config);
  if (config.marks.count("rules.seats") && *players != config.rules.integer("seats")) {
    throw py::value_error(fmt::format("players {} and rules.seats {} disagree", *players,
                                      config.rules.integer("seats")));
  }
  RunConfig seated = config;
  seated.rules.set("seats", static_cast<int64_t>(*players));
  try {
    return checkers_rules_of(seated);
  } catch (const ConfigError&) {
    throw py::value_error(fmt::format("players: 2, 3, 4 or 6 seats, got {}", *players));
  }
}

// view[key], else ValueError naming the key.
py::object field(py::handle view, const char* key) {
  PyObject* item = PyDict_GetItemString(view.ptr(), key);
  if (!item) throw py::value_error(fmt::format("view: no \"{}\"", key));
  return py::reinterpret_borrow<py::object>(item);
}

// Every seat's pieces of a view, checked against the board.
std::vector<cc::Bitboard> pieces_of(py::handle view, int players) {
  const py::object pieces = field(view, "pieces");
  if (!py::isinstance<py::list>(pieces) || py::len(pieces) != static_cast<size_t>(players))
    throw py::value_error(fmt::format("view: \"pieces\" must list {} seats' holes", players));
  std::vector<cc::Bitboard> sets(static_cast<size_t>(players));
  for (int s = 0; s < players; ++s) {
    for (const py::handle h : pieces.cast<py::list>()[static_cast<size_t>(s)]) {
      const int64_t hole = as_integer(h, fmt::format("view: a hole of seat {}", s));
      if (hole < 0 || hole >= cc::kHoles)
        throw py::value_error(
            fmt::format("view: seat {} has a piece on hole {}, off the star", s, hole));
      sets[static_cast<size_t>(s)].set(static_cast<int>(hole));
    }
  }
  return sets;
}

}  // namespace

py::object new_chinese_checkers(const EngineSpec& engine, py::handle rules, uint64_t /*seed*/,
                                std::optional<int> players) {
  return py::cast(CheckersState(cc::State::initial(rules_of(config_of(engine, rules), players))));
}

py::object chinese_checkers_from_view(const EngineSpec& engine, py::handle view, py::handle rules) {
  if (!PyDict_Check(view.ptr())) throw py::value_error("view: expected a dict");
  const int64_t players = as_integer(field(view, "players"), "view: \"players\"");
  if (players < 2 || players > cc::kMaxPlayers)
    throw py::value_error(fmt::format("view: \"players\" {}: 2, 3, 4 or 6", players));
  const cc::Rules r = rules_of(config_of(engine, rules), static_cast<int>(players));
  const int64_t seat = as_integer(field(view, "seat"), "view: \"seat\"");
  const py::object ply_field = view.cast<py::dict>().attr("get")("ply", 0);
  const int64_t ply = as_integer(ply_field, "view: \"ply\"");
  if (ply < 0 || ply > r.max_plies)
    throw py::value_error(
        fmt::format("view: ply {} is outside 0 to max_plies {}", ply, r.max_plies));
  if (PyDict_GetItemString(view.ptr(), "home") && !field(view, "home").equal(py::cast([&] {
        std::vector<int> homes;
        for (int s = 0; s < r.players; ++s)
          homes.push_back(cc::home_triangle(r.players, s));
        return homes;
      }()))) {
    throw py::value_error("view: \"home\" is not the home triangles of this many seats");
  }
  const std::vector<cc::Bitboard> pieces = pieces_of(view, r.players);
  CheckersState state = [&] {
    try {
      return CheckersState(
          cc::State::from_pieces(r, pieces, static_cast<int>(seat), static_cast<int>(ply)));
    } catch (const std::invalid_argument& e) {
      throw py::value_error(
          fmt::format("view: {} (seat {}, pieces on shared holes or more than "
                      "{} a seat?)",
                      e.what(), seat, cc::kPieces));
    }
  }();
  // A legal list unlike the position's says the rules differ from the game's.
  if (PyDict_GetItemString(view.ptr(), "legal") &&
      !field(view, "legal").equal(state.view(std::nullopt)["legal"])) {
    throw py::value_error(
        "view: its \"legal\" moves are not those of its position under these rules (pass the "
        "game's rules, e.g. {\"neutral_zones\": \"forbidden\"})");
  }
  return py::cast(std::move(state));
}

void bind_chinese_checkers(py::module_& m) {
  py::class_<CheckersState>(m, "ChineseCheckersState",
                            "A Chinese Checkers position (arena.new_game(\"chinese-checkers\")).")
      .def("to_move", &CheckersState::to_move,
           "The seat to move (0-based), or -1 when the game is over.")
      .def("legal_moves", &CheckersState::legal_moves,
           "The legal moves of the seat to move as (from, to) tuples of hole ids, in the "
           "engine's order (the protocol view's `legal`); [\"pass\"] when it has none (a pass "
           "is a ply); [] when the game is over.")
      .def("apply", &CheckersState::apply, py::arg("move"),
           "Plays a legal move: (from, to) (tuple or list), {\"from\": f, \"to\": t} or "
           "{\"index\": i} (an index into legal_moves(); \"type\": \"move\" optional), or "
           "\"pass\". ValueError names what makes a move illegal.")
      .def(
          "clone", [](const CheckersState& s) { return CheckersState(s); }, "An independent copy.")
      .def("__copy__", [](const CheckersState& s) { return CheckersState(s); })
      .def("__deepcopy__", [](const CheckersState& s, py::handle) { return CheckersState(s); })
      .def("view", &CheckersState::view, py::arg("seat") = py::none(),
           "The protocol's view (docs/protocol.md) for `seat` (default: the seat to move): "
           "seat, players, ply, pieces, home, goal, legal; `legal` is empty unless `seat` is to "
           "move in a game not over.")
      .def("is_over", &CheckersState::is_over,
           "Whether the game is over: a seat finished (two seats), all but one finished (more), "
           "or rules.max_plies plies were played (a cut).")
      .def("result", &CheckersState::result,
           "The standings (final once is_over()): a dict with over, plies, cut_off, and per "
           "seat ranks (1 = best: finished seats by finish ply, then more pieces in goal, then "
           "less distance; with two seats a cut game ranks both 1), outcomes "
           "(win/draw/loss), scores (win share: 1, or 1/k for k tied firsts, else 0), "
           "finish_ply (-1: unfinished), pieces_in_goal and distance_to_goal.")
      .def(
          "players", [](const CheckersState& s) { return s.state().players(); },
          "Seats in the game.")
      .def(
          "ply", [](const CheckersState& s) { return s.state().ply(); },
          "Plies played so far, all seats together.")
      .def(
          "key", [](const CheckersState& s) { return s.state().hash(); },
          "A 64-bit Zobrist hash of the pieces and the seat to move (for transposition "
          "tables).")
      .def("__str__", [](const CheckersState& s) {
        std::string text;
        for (const std::string& line : cc::render_star(s.state()))
          text += line + "\n";
        return text;
      });
}

}  // namespace arena::states
