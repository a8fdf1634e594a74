// Chinese Checkers: hop chains (long, through the origin, cyclic), spoiling
// under both win rules, neutral zones, passing and game length.
#include <catch2/catch.hpp>

#include <array>
#include <initializer_list>

#include "engines/chinese_checkers/board.hpp"
#include "engines/chinese_checkers/game.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/chinese_checkers/state.hpp"

using namespace arena;
using namespace arena::chinese_checkers;

namespace {

// Hole at cube (x, y, -x-y); the test fails if it is off the star.
int at(int x, int y) {
  const int h = board().hole_at(x, y);
  REQUIRE(h != kNoHole);
  return h;
}

Bitboard holes(std::initializer_list<std::pair<int, int>> cells) {
  Bitboard b;
  for (const auto& [x, y] : cells)
    b.set(at(x, y));
  return b;
}

State two_player(Bitboard mine, Bitboard theirs, Rules rules = {}) {
  const std::array<Bitboard, 2> pieces = {mine, theirs};
  return State::from_pieces(rules, pieces, 0);
}

Move move(int from, int to) {
  return {static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
}

// Hop count of each move of the piece on `from` (0 = step), by destination.
std::array<int, kHoles> hops_from(const State& s, int from) {
  MoveList moves;
  std::array<uint8_t, kMaxMoves> hops;
  generate_moves_with_hops(s, moves, hops.data());
  std::array<int, kHoles> out;
  out.fill(-1);
  for (int i = 0; i < moves.size(); ++i)
    if (moves[i].from == from) out[moves[i].to] = hops[i];
  return out;
}

}  // namespace

TEST_CASE("A six-hop chain crosses the board from one tip to another") {
  // Row z = 4 runs from corner (-8, 4) to corner (4, -8); pieces on every
  // other hole let the corner piece hop the whole row.
  const int origin = at(-8, 4);
  Bitboard hurdles;
  for (int k = 1; k <= 11; k += 2)
    hurdles.set(at(-8 + k, 4 - k));
  const State s = two_player(Bitboard::single(origin), hurdles);
  const auto hops = hops_from(s, origin);
  for (int n = 1; n <= 6; ++n)
    CHECK(hops[at(-8 + 2 * n, 4 - 2 * n)] == n);
  CHECK(hops[at(4, -8)] == 6);
}

TEST_CASE("A chain may change direction and stop after any hop") {
  // (0,0) hops over (1,0) to (2,0), then turns and hops over (2,1) to (2,2).
  const State s = two_player(holes({{0, 0}}), holes({{1, 0}, {2, 1}}));
  const auto hops = hops_from(s, at(0, 0));
  CHECK(hops[at(2, 0)] == 1);
  CHECK(hops[at(2, 2)] == 2);
}

TEST_CASE("A chain that loops back through its origin neither ends there nor hangs") {
  // Hurdles around a triangle of landings: origin -> (2,-2) -> (2,0) -> origin.
  const int origin = at(0, 0);
  const State s = two_player(Bitboard::single(origin), holes({{1, -1}, {2, -1}, {1, 0}}));
  MoveList moves;
  generate_moves(s, moves);
  for (const Move m : moves)
    CHECK(m.to != origin);
  CHECK(moves.contains(move(origin, at(2, -2))));
  CHECK(moves.contains(move(origin, at(2, 0))));
  const auto hops = hops_from(s, origin);
  CHECK(hops[at(2, -2)] == 1);
  CHECK(hops[at(2, 0)] == 1);  // reached directly as well as around the loop
}

TEST_CASE("Different hop paths to one hole are a single move") {
  // (0,2) is one hop over (0,1), or two: over (1,0) to (2,0), then over (1,1).
  const int origin = at(0, 0);
  const State s = two_player(Bitboard::single(origin), holes({{0, 1}, {1, 0}, {1, 1}}));
  MoveList moves;
  generate_moves(s, moves);
  int to_target = 0;
  for (const Move m : moves)
    to_target += m.to == at(0, 2);
  CHECK(to_target == 1);
  CHECK(hops_from(s, origin)[at(0, 2)] == 1);  // the shortest path counts
}

TEST_CASE("A step is a move to an adjacent empty hole and never onto a piece") {
  const State s = two_player(holes({{0, 0}}), holes({{1, -1}}));
  MoveList moves;
  generate_moves(s, moves);
  CHECK(moves.contains(move(at(0, 0), at(1, 0))));
  CHECK(!moves.contains(move(at(0, 0), at(1, -1))));
  CHECK(moves.contains(move(at(0, 0), at(2, -2))));  // the hop over it
}

namespace {

// Seat 0's goal is triangle 3 (x < -4). Seat 1 keeps nine pieces at home
// there; the hole (-5, 2) is empty and seat 0 can step into it from (-4, 2).
State spoiled_goal(WinRule win) {
  Rules rules;
  rules.win = win;
  const Board& b = board();
  Bitboard theirs = b.triangle_mask(3);
  theirs.reset(at(-5, 2));
  theirs.set(at(2, 2));
  const Bitboard mine =
      holes({{-4, 2}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1}, {1, 1}, {0, 2}, {0, 3}, {-1, 3}});
  return two_player(mine, theirs, rules);
}

}  // namespace

TEST_CASE("A goal filled partly by opponent pieces wins under the default rule") {
  State s = spoiled_goal(WinRule::kFilledWithOwn);
  REQUIRE(!s.finished(0));
  s.apply(move(at(-4, 2), at(-5, 2)));
  CHECK(s.finished(0));
  CHECK(s.game_over());
  CHECK(game_result(s).rank[0] == 1);
  CHECK(game_result(s).rank[1] == 2);
}

TEST_CASE("A goal filled partly by opponent pieces does not win under all-own") {
  State s = spoiled_goal(WinRule::kAllOwn);
  s.apply(move(at(-4, 2), at(-5, 2)));
  CHECK(!s.finished(0));
  CHECK(!s.game_over());
}

TEST_CASE("A goal full of opponent pieces only is no win under either rule") {
  for (const WinRule win : {WinRule::kFilledWithOwn, WinRule::kAllOwn}) {
    Rules rules;
    rules.win = win;
    const State s = two_player(holes({{0, 0}}), board().triangle_mask(3), rules);
    CHECK(!s.meets_goal(0));
  }
}

TEST_CASE("Ten own pieces in the goal win under both rules") {
  for (const WinRule win : {WinRule::kFilledWithOwn, WinRule::kAllOwn}) {
    Rules rules;
    rules.win = win;
    const State s = two_player(board().triangle_mask(3), holes({{0, 0}}), rules);
    CHECK(s.meets_goal(0));
    CHECK(s.finished(0));
  }
}

TEST_CASE("Forbidden neutral zones keep moves from ending in other triangles") {
  Rng rng(21);
  for (const int players : {2, 3, 4}) {
    Rules rules;
    rules.players = players;
    rules.neutral_zones = NeutralZones::kForbidden;
    State s = State::initial(rules);
    for (int i = 0; i < 400 && !s.game_over(); ++i) {
      MoveList moves;
      generate_moves(s, moves);
      const int side = s.side_to_move();
      for (const Move m : moves) {
        const int t = board().triangle(m.to);
        CHECK((t < 0 || t == s.home(side) || t == s.goal(side)));
      }
      if (moves.empty())
        s.pass();
      else
        s.apply(moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))]);
    }
  }
}

TEST_CASE("Hops may pass through a neutral triangle though no move may end there") {
  Rules rules;
  rules.neutral_zones = NeutralZones::kForbidden;
  // Seat 0 (home 0, goal 3): (2,2) hops over (2,3) into (2,4), inside
  // neutral triangle 1 (z = -6), then over (1,4) back to (0,4) in the hexagon.
  const State s = two_player(holes({{2, 2}}), holes({{2, 3}, {1, 4}}), rules);
  REQUIRE(board().triangle(at(2, 4)) == 1);
  MoveList moves;
  generate_moves(s, moves);
  CHECK(!moves.contains(move(at(2, 2), at(2, 4))));
  CHECK(moves.contains(move(at(2, 2), at(0, 4))));
}

TEST_CASE("A side with no legal move passes and the game goes on") {
  // Seat 0's single piece at corner (8,-4) is boxed in by seat 1's pieces.
  const State start =
      two_player(holes({{8, -4}}), holes({{7, -4}, {7, -3}, {6, -4}, {6, -2}, {5, -4}, {5, -1}}));
  REQUIRE(count_moves(start) == 0);
  REQUIRE(!has_move(start));
  State s = start;
  s.pass();
  CHECK(s.side_to_move() == 1);
  CHECK(s.ply() == 1);
}

TEST_CASE("Random games end within max_plies for every player count") {
  for (const int players : {2, 3, 4, 6})
    for (const int max_plies : {1, 37, 1000}) {
      Rules rules;
      rules.players = players;
      rules.max_plies = max_plies;
      std::vector<AnyPlayer> seats(static_cast<size_t>(players), AnyPlayer{RandomPlayer{}});
      std::vector<Rng> rngs;
      std::vector<int> who;
      for (int s = 0; s < players; ++s) {
        rngs.emplace_back(100 + s);
        who.push_back(s);
      }
      NullTimer timer;
      const GameResult r =
          play_game(rules, std::span(seats), std::span(rngs), timer, std::span<const int>(who));
      CHECK(r.plies <= max_plies);
      CHECK(r.plies >= 1);
      for (int s = 0; s < players; ++s) {
        CHECK(r.rank[s] >= 1);
        CHECK(r.rank[s] <= players);
      }
    }
}

TEST_CASE("Ranks put finishers first then more pieces in goal then less distance") {
  // Seat 0 has finished; seat 1 and 2 (3 players) differ in pieces in goal.
  Rules rules;
  rules.players = 3;
  const Board& b = board();
  std::array<Bitboard, 3> pieces{};
  pieces[0] = b.triangle_mask(goal_triangle(3, 0));
  pieces[1] = b.triangle_mask(home_triangle(3, 1));
  pieces[2] = b.triangle_mask(home_triangle(3, 2));
  // Move one of seat 2's pieces into its goal, swapping for a home hole.
  const int g = b.tip(goal_triangle(3, 2));
  pieces[2].reset(b.tip(home_triangle(3, 2)));
  pieces[2].set(g);
  const State s = State::from_pieces(rules, pieces, 1, 10);
  const GameResult r = game_result(s);
  CHECK(r.finish_ply[0] == 10);
  CHECK(r.rank[0] == 1);
  CHECK(r.rank[2] == 2);
  CHECK(r.rank[1] == 3);
  CHECK(r.pieces_in_goal[2] == 1);
  CHECK(!r.draw);
}
