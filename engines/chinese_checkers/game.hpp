// One whole game: seats move in turn until the game is over.
//
// Contract: seats[s] plays seat s (home triangle per home_triangle()) with
// seat_rngs[s]; each decision is timed as timer.decide(who[s], phase, ...)
// (phase_of: opening, middle, end) and passes through it as encode(move). A seat
// with no legal move passes (no decision). The game ends as State says: with
// 2 players at the first finisher; with more when at most one seat is
// unfinished; in any case at rules.max_plies plies. An illegal choice throws
// StrategyFault (kIllegalMove) naming who[seat]: the harness scores a forfeit.
//
// Result, per seat: finish_ply (-1 if unfinished), pieces_in_goal, and
// distance_to_goal (goal_distance_sum: 0 with all pieces in the goal).
// Ranks (1 = best; equal keys share the lowest rank, e.g. 1, 2, 2, 4):
// finished seats first, by finish ply; then unfinished seats by more pieces
// in goal, then by less distance to goal. `draw` is true when the game hit
// max_plies with no seat finished; ranks are still filled by the tie-breaks,
// so an adapter may score such a game as a draw for all or by rank.
#pragma once

#include <array>
#include <span>
#include <stdexcept>  // invalid_argument
#include <string>
#include <tuple>

#include "engines/chinese_checkers/eval.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/chinese_checkers/strategies.hpp"
#include "engines/core/decision_timer.hpp"
#include "engines/core/strategy_fault.hpp"

namespace arena::chinese_checkers {

struct GameResult {
  int plies = 0;
  bool draw = false;
  bool cut_off = false;  // ended by max_plies, not by seats finishing
  std::array<int, kMaxPlayers> rank{};
  std::array<int, kMaxPlayers> finish_ply{-1, -1, -1, -1, -1, -1};
  std::array<int, kMaxPlayers> pieces_in_goal{};
  std::array<int, kMaxPlayers> distance_to_goal{};
};

// Phases decisions are timed in: the opening while at least half the mover's
// pieces are still at home, the endgame once at least half are in its goal,
// the middle game in between.
enum class Phase { kOpening = 0, kMiddle = 1, kEnd = 2 };
inline Phase phase_of(const State& state, int seat) {
  const Board& b = board();
  const Bitboard mine = state.pieces(seat);
  if ((mine & b.triangle_mask(state.goal(seat))).count() >= kPieces / 2) return Phase::kEnd;
  if ((mine & b.triangle_mask(state.home(seat))).count() >= kPieces / 2) return Phase::kOpening;
  return Phase::kMiddle;
}

constexpr int encode(Move m) {
  return m.from * 128 + m.to;
}
constexpr Move decode(int code) {
  return Move{static_cast<uint8_t>(code / 128), static_cast<uint8_t>(code % 128)};
}

// The result of a finished (or abandoned) position, ranked as above.
GameResult game_result(const State& state);

template <class Timer>
GameResult play_game(const Rules& rules, std::span<AnyPlayer> seats, std::span<Rng> seat_rngs,
                     Timer& timer, std::span<const int> who) {
  const auto players = static_cast<size_t>(rules.players);
  if (seats.size() < players || seat_rngs.size() < players || who.size() < players)
    throw std::invalid_argument("chinese checkers: one player, rng and id per seat");
  State state = State::initial(rules);
  while (!state.game_over()) {
    const int seat = state.side_to_move();
    if (!has_move(state)) {
      state.pass();
      continue;
    }
    // The move passes through the timer as one integer (the harness hashes it).
    const int code = timer.decide(who[seat], static_cast<int>(phase_of(state, seat)), [&] {
      return encode(choose_move(seats[seat], state, seat_rngs[seat]));
    });
    const Move m = decode(code);
    if (!is_legal(state, m)) {
      throw StrategyFault(who[seat], Fault::kIllegalMove,
                          "chinese checkers: move " + std::to_string(m.from) + "-" +
                              std::to_string(m.to) + " is not legal");
    }
    state.apply(m);
  }
  return game_result(state);
}

}  // namespace arena::chinese_checkers
