// `arena solve chinese-checkers --solitaire`: the crossing of the star by one
// player alone (engines/chinese_checkers/solitaire.hpp) as a replayed game.
#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/chinese_checkers/describe.hpp"
#include "engines/chinese_checkers/solitaire.hpp"
#include "harness/adapters/chinese_checkers_replay.hpp"

namespace arena {

namespace cc = chinese_checkers;

namespace checkers_solitaire_impl {

using OrderedJson = nlohmann::ordered_json;

constexpr const char* kWho = "seat 1 (solitaire)";

// The lone player's position after `ply` moves, as a seat of a two-player
// table whose other seat has no piece (the engine seats 2 to 6 players).
cc::State position(cc::Bitboard pieces, int ply) {
  cc::Rules rules;
  rules.max_plies = 1 << 20;
  const std::array<cc::Bitboard, 2> seats = {pieces, cc::Bitboard{}};
  return cc::State::from_pieces(rules, seats, 0, ply);
}

// checkers_state_json of the lone seat only: the empty seat is not drawn.
nlohmann::json one_seat(nlohmann::json state) {
  state["pieces"] = nlohmann::json::array({state["pieces"][0]});
  if (state.contains("homes")) {
    state["homes"] = nlohmann::json::array({state["homes"][0]});
    state["goals"] = nlohmann::json::array({state["goals"][0]});
  }
  return state;
}

OrderedJson steps_json(const std::vector<cc::Move>& moves) {
  const std::vector<cc::Bitboard> at = cc::crossing_positions(moves);
  OrderedJson steps = OrderedJson::array();
  for (size_t k = 0; k < moves.size(); ++k) {
    const cc::Move m = moves[k];
    const std::vector<int> path = cc::move_path(position(at[k], static_cast<int>(k)), m);
    const nlohmann::json move = {{"seat", 0}, {"from", m.from}, {"to", m.to}, {"path", path}};
    const cc::State after = position(at[k + 1], static_cast<int>(k + 1));
    steps.push_back({{"variant", "solitaire"},
                     {"text", checkers_move_text(kWho, path)},
                     {"move", move},
                     {"board", cc::render_star(after, path)},
                     {"state", one_seat(checkers_state_json(after, move))}});
  }
  return steps;
}

// The crossing in the shape of `arena replay --json` (docs/results.md), with
// `search`: the beam, the depth the halves met at and the positions kept.
OrderedJson crossing_json(const cc::SolitaireResult& found, int beam) {
  std::vector<std::string> legend = cc::star_legend();
  legend.push_back("seat 1: solitaire");
  const cc::State start = position(cc::solitaire_start(), 0);
  const auto moves = static_cast<int>(found.moves.size());
  return {
      {"run", "arena solve chinese-checkers --solitaire"},
      {"title", fmt::format("A {}-move solitaire crossing of the star", moves)},
      {"engine", "chinese-checkers"},
      {"mode", "solitaire"},
      {"game", 0},
      {"source", "search"},
      {"source_text", fmt::format("the shortest crossing the solitaire search found at beam {}: "
                                  "{} moves (the published shortest: 27)",
                                  beam, moves)},
      {"variants", {"solitaire"}},
      {"apart", false},
      {"seats", {"solitaire"}},
      {"legend", legend},
      {"start", cc::render_star(start)},
      {"start_state", one_seat(checkers_start_state_json(start))},
      {"steps", steps_json(found.moves)},
      {"result",
       {{{"variant", "solitaire"},
         {"rank", 1},
         {"outcome", "crossed"},
         {"metrics", {{"moves", moves}}},
         {"forfeit", nullptr}}}},
      {"rows", ""},
      {"games_csv", "absent"},
      {"check",
       "Every move was replayed legal through the engine's move generator, and all ten pieces "
       "end in triangle 3, opposite where they started."},
      {"search", {{"beam", beam}, {"meet_depth", found.depth}, {"kept", found.kept}}}};
}

}  // namespace checkers_solitaire_impl

SolitaireSolution checkers_solitaire(std::optional<int> beam) {
  using namespace checkers_solitaire_impl;
  cc::SolitaireOptions options;
  if (beam) options.beam = *beam;
  const cc::SolitaireResult found = cc::find_crossing(options);
  if (found.moves.empty()) {
    return {nullptr, fmt::format("no crossing found within {} moves from each end at beam {}; "
                                 "a larger --beam may find one",
                                 options.max_depth, options.beam)};
  }
  if (const std::string why = cc::check_crossing(found.moves); !why.empty())
    throw std::logic_error("the solitaire search's crossing is not legal: " + why);
  return {crossing_json(found, options.beam),
          fmt::format("{} moves (the published shortest: 27), all ten pieces from triangle 0 to "
                      "triangle 3; every move replayed legal through the engine's move generator",
                      found.moves.size())};
}

}  // namespace arena
