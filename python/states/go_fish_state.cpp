// arena.new_game("go-fish"): a Go Fish game over engines/go_fish (Game), the
// deck shuffled from the seed.
//
// Contract: the deck is shuffled once, by shuffled_deck from Rng(seed), and
// dealt as the rules say: the same seed, the same deal, and with the same
// moves the same game (every draw comes off that deck). The state is always
// waiting for the ask of to_move() or over: turns that need no decision
// (drawing into an empty hand, skips, forced draws) are played inside
// apply(), as Game::play does. Moves are the protocol's {"target", "rank"};
// view(seat) is the protocol's view of that seat (view_json: its own hand
// only). The rules come from the config's rules: section (preset included).
#include <fmt/format.h>

#include "engines/go_fish/game.hpp"
#include "engines/go_fish/strategies/external.hpp"
#include "harness/adapters/go_fish.hpp"
#include "python_link.hpp"
#include "states/common.hpp"

namespace arena::states {

namespace gf = go_fish;

namespace {

// An integer squeezed into int: values past it are as wrong as -1.
int to_int(int64_t v) {
  return v < -1 || v > (1 << 20) ? -1 : static_cast<int>(v);
}

class GoFishState {
 public:
  explicit GoFishState(gf::Game game) : game_(std::move(game)) {}

  int players() const { return game_.rules().players; }
  bool is_over() const { return game_.over(); }
  int to_move() const { return game_.over() ? -1 : game_.to_move(); }

  py::list legal_moves() const {
    py::list out;
    if (game_.over()) return out;
    const int me = game_.to_move();
    const gf::PlayerView view = game_.view(me);
    for (int t = 0; t < players(); ++t) {
      if (!view.can_target(t)) continue;
      for (int r = 0; r < game_.rules().ranks; ++r) {
        if (!view.hand().holds(r)) continue;
        py::dict ask;
        ask["target"] = t;
        ask["rank"] = r;
        out.append(ask);
      }
    }
    return out;
  }

  void apply(py::handle move) {
    int64_t target = -1, rank = -1;
    if (const auto pair = int_pair(move)) {
      std::tie(target, rank) = *pair;
    } else if (PyDict_Check(move.ptr())) {
      check_move_type(move);
      const auto t = int_field(move, "target"), r = int_field(move, "rank");
      if (!t || !r) illegal(repr_of(move), "an ask needs \"target\" and \"rank\"");
      target = *t;
      rank = *r;
    } else {
      illegal(repr_of(move), "an ask is {\"target\": t, \"rank\": r} or (target, rank)");
    }
    try {
      game_.play(gf::Ask{to_int(target), to_int(rank)});
    } catch (const std::invalid_argument& e) {
      illegal(fmt::format("(target {}, rank {})", target, rank), e.what());
    }
  }

  py::object view(std::optional<int> seat) const {
    const int s = seat.value_or(game_.over() ? 0 : game_.to_move());
    if (s < 0 || s >= players())
      throw py::value_error(fmt::format("no seat {} (seats are 0 to {})", s, players() - 1));
    return python::to_python(gf::view_json(game_.view(s)));
  }

  py::dict result() const {
    const gf::GameResult r = game_.result();
    py::list books, winners;
    for (int p = 0; p < players(); ++p) {
      books.append(r.books[p]);
      if (r.rank[p] == 1) winners.append(p);
    }
    py::dict out;
    out["over"] = game_.over();
    out["books"] = books;
    out["winners"] = winners;
    add_outcomes(out, std::span(r.rank.data(), static_cast<size_t>(players())));
    out["turns"] = r.turns;
    out["rounds"] = r.rounds;
    out["truncated"] = r.truncated;
    return out;
  }

  // Every hand and the stock (for debugging; never what a player sees).
  py::dict hidden() const {
    py::list hands;
    for (int p = 0; p < players(); ++p) {
      py::list counts;
      for (int r = 0; r < game_.rules().ranks; ++r)
        counts.append(game_.hand(p).count(r));
      hands.append(counts);
    }
    py::list stock;
    for (const int8_t rank : game_.stock())
      stock.append(static_cast<int>(rank));
    py::dict out;
    out["hands"] = hands;
    out["stock"] = stock;
    return out;
  }

 private:
  gf::Game game_;
};

}  // namespace

py::object new_go_fish(const EngineSpec& engine, py::handle rules, uint64_t seed,
                       std::optional<int> players) {
  const RunConfig config = config_of(engine, rules);
  const auto seats = static_cast<int>(config.rules.integer("seats"));
  if (players && seats > 0 && *players != seats)
    throw py::value_error(fmt::format("players {} and rules.seats {} disagree", *players, seats));
  gf::Rules r;
  try {
    r = go_fish_rules(config, players.value_or(seats > 0 ? seats : 2));
  } catch (const ConfigError& e) {
    throw py::value_error(e.message());
  }
  Rng rng(seed);
  const gf::Deck deck = gf::shuffled_deck(r, rng);
  const int first = gf::first_to_move(r, rng);
  return py::cast(GoFishState(gf::Game(r, deck.span(), {}, gf::Record::kHistory, first)));
}

void bind_go_fish(py::module_& m) {
  py::class_<GoFishState>(m, "GoFishState", "A Go Fish game (arena.new_game(\"go-fish\")).")
      .def("to_move", &GoFishState::to_move, "The seat to ask, or -1 when the game is over.")
      .def("legal_moves", &GoFishState::legal_moves,
           "The asks of the seat to move as {\"target\": t, \"rank\": r} (the protocol's move "
           "without \"type\"), by target then rank; [] when the game is over.")
      .def("apply", &GoFishState::apply, py::arg("move"),
           "Plays an ask, {\"target\": t, \"rank\": r} (\"type\": \"move\" optional) or "
           "(target, rank), and the draws, books and turns that follow it by the rules. "
           "ValueError names what makes an ask illegal.")
      .def(
          "clone", [](const GoFishState& s) { return GoFishState(s); },
          "An independent copy (the same stock order: its draws are known to the copy).")
      .def("__copy__", [](const GoFishState& s) { return GoFishState(s); })
      .def("__deepcopy__", [](const GoFishState& s, py::handle) { return GoFishState(s); })
      .def("view", &GoFishState::view, py::arg("seat") = py::none(),
           "The protocol's view of `seat` (default: the seat to move): me, players, ranks, "
           "suits, hand (its own only), hand_sizes, stock, books, book_owner, history, targets.")
      .def("is_over", &GoFishState::is_over,
           "Whether every book is laid or the round limit (rules.max_rounds) was reached.")
      .def("result", &GoFishState::result,
           "A dict: over, books per seat, winners (the seats with the most books), per seat "
           "ranks (1 = most books, ties share), outcomes (win/draw/loss), scores (win share), "
           "and turns (asks), rounds, truncated (cut by the round limit).")
      .def("players", &GoFishState::players, "Seats in the game.")
      .def("hidden", &GoFishState::hidden,
           "Every hand (cards per rank) and the stock in draw order, for debugging only.");
}

}  // namespace arena::states
