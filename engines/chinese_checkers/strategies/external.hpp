// Strategy `external`: a separate program chooses the moves (docs/protocol.md).
//
// Contract: as every strategy (../strategies.hpp), through a BotLink
// (engines/core/bot_link.hpp). Its view: the seat to move (its own), the
// ply, every seat's pieces as hole ids, every seat's home and goal triangle,
// and the legal moves as [from, to] hole ids. The board's geometry (each
// hole's cube coordinates and triangle, each triangle's tip) comes once, in
// the handshake (board_json). The reply {"index": i} picks legal move i, or
// {"from": f, "to": t} names one; the game judges it (a move not in the list
// forfeits; an index past the list or a hole that does not exist is refused
// here, as sent).
#pragma once

#include <fmt/format.h>

#include "engines/chinese_checkers/movegen.hpp"
#include "engines/core/bot_link.hpp"

namespace arena::chinese_checkers {

// The board's geometry, for the handshake: "holes" (cube coordinates
// [x, y, z] per hole id), "triangle" (per hole: 0-5, or -1 in the hexagon)
// and "tips" (per triangle, the hole at its point).
inline nlohmann::json board_json() {
  const Board& b = board();
  nlohmann::json holes = nlohmann::json::array(), triangle = nlohmann::json::array(),
                 tips = nlohmann::json::array();
  for (int h = 0; h < kHoles; ++h) {
    const Cube c = b.cube(h);
    holes.push_back({c.x, c.y, c.z});
    triangle.push_back(b.triangle(h));
  }
  for (int t = 0; t < 6; ++t)
    tips.push_back(b.tip(t));
  return {{"holes", holes}, {"triangle", triangle}, {"tips", tips}};
}

inline nlohmann::json holes_json(Bitboard set) {
  nlohmann::json out = nlohmann::json::array();
  for (; set.any(); set.reset(set.lowest()))
    out.push_back(set.lowest());
  return out;
}

// The protocol's view of `state` for `seat` (docs/protocol.md): every seat's
// pieces, home and goal, the ply, and `legal` (the moves of the seat to move,
// as [from, to]; pass none for a seat that is not to move).
inline nlohmann::json view_json(const State& state, int seat, const MoveList& legal) {
  nlohmann::json pieces = nlohmann::json::array(), homes = nlohmann::json::array(),
                 goals = nlohmann::json::array(), moves = nlohmann::json::array();
  for (int s = 0; s < state.players(); ++s) {
    pieces.push_back(holes_json(state.pieces(s)));
    homes.push_back(state.home(s));
    goals.push_back(state.goal(s));
  }
  for (const Move m : legal)
    moves.push_back({m.from, m.to});
  return {{"seat", seat},       {"players", state.players()},
          {"ply", state.ply()}, {"pieces", pieces},
          {"home", homes},      {"goal", goals},
          {"legal", moves}};
}

class ExternalPlayer : public ExternalStrategy {
 public:
  using ExternalStrategy::ExternalStrategy;

  Move choose(const State& state, Rng& rng) {
    BotLink& bot = link(rng);
    MoveList moves;
    generate_moves(state, moves);
    const nlohmann::json reply =
        decide_explained(bot, view_json(state, state.side_to_move(), moves));
    // Out of range, said here as sent (the game judges moves between holes).
    if (reply.contains("index")) {
      const int64_t i = reply_integer(bot, reply, "index");
      if (i < 0 || i >= moves.size()) {
        illegal(fmt::format("chinese checkers: index {}, of a list of {} legal moves", i,
                            moves.size()));
      }
      return moves[static_cast<int>(i)];
    }
    const int64_t from = reply_integer(bot, reply, "from");
    const int64_t to = reply_integer(bot, reply, "to");
    if (from < 0 || to < 0 || from >= kHoles || to >= kHoles) {
      illegal(fmt::format("chinese checkers: move {}-{}: no such hole (holes are 0 to {})", from,
                          to, kHoles - 1));
    }
    return Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
  }
};

}  // namespace arena::chinese_checkers
