// Chinese Checkers rules: the 121-hole star, triangles per player count, move
// generation against a slow reference generator, perft, hop chains, spoiling,
// neutral zones and game length.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>
#include <set>
#include <stdexcept>
#include <vector>

#include "engines/chinese_checkers/board.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/chinese_checkers/perft.hpp"
#include "engines/chinese_checkers/state.hpp"
#include "engines/chinese_checkers/strategies/random.hpp"
#include "tests/chinese_checkers_reference.hpp"

using namespace arena;
using namespace arena::chinese_checkers;
namespace ref = cc_reference;

namespace {

ref::Pos pos_of(int h) {
  return {board().cube(h).x, board().cube(h).y};
}

ref::Position to_reference(const State& s) {
  ref::Position p;
  for (int seat = 0; seat < s.players(); ++seat) {
    p.home.push_back(s.home(seat));
    for_each_hole(s.pieces(seat), [&](int h) { p.owner[pos_of(h)] = seat; });
  }
  p.side = s.side_to_move();
  p.forbid_neutral = s.rules().neutral_zones == NeutralZones::kForbidden;
  return p;
}

std::set<std::pair<ref::Pos, ref::Pos>> engine_moves(const State& s) {
  MoveList moves;
  generate_moves(s, moves);
  std::set<std::pair<ref::Pos, ref::Pos>> out;
  for (const Move m : moves)
    out.insert({pos_of(m.from), pos_of(m.to)});
  REQUIRE(static_cast<int>(out.size()) == moves.size());  // distinct (from, to)
  return out;
}

// Pieces scattered uniformly over the board: dense, with long hop chains.
State scattered(const Rules& rules, Rng& rng, int per_seat) {
  std::vector<int> free(kHoles);
  for (int h = 0; h < kHoles; ++h)
    free[h] = h;
  std::array<Bitboard, kMaxPlayers> pieces{};
  for (int seat = 0; seat < rules.players; ++seat)
    for (int i = 0; i < per_seat; ++i) {
      const auto k = rng.below(free.size());
      pieces[seat].set(free[k]);
      free.erase(free.begin() + static_cast<long>(k));
    }
  const int side = static_cast<int>(rng.below(static_cast<uint64_t>(rules.players)));
  return State::from_pieces(rules, std::span(pieces.data(), rules.players), side);
}

// A position after `plies` random moves from the start.
State random_walk(const Rules& rules, Rng& rng, int plies) {
  State s = State::initial(rules);
  for (int i = 0; i < plies && !s.game_over(); ++i) {
    if (count_moves(s) == 0)
      s.pass();
    else
      s.apply(random_move(s, rng));
  }
  return s;
}

void check_against_reference(const State& s) {
  if (s.game_over()) return;
  CHECK(engine_moves(s) == ref::moves(to_reference(s)));
  CHECK(count_moves(s) == static_cast<int>(ref::moves(to_reference(s)).size()));
  CHECK(has_move(s) == !ref::moves(to_reference(s)).empty());
}

Rules rules_for(int players, NeutralZones zones = NeutralZones::kAllowed) {
  Rules r;
  r.players = players;
  r.neutral_zones = zones;
  return r;
}

}  // namespace

TEST_CASE("The star has 121 holes: a hexagon of 61 and six triangles of 10") {
  const Board& b = board();
  CHECK(ref::holes().size() == 121);
  CHECK(b.all().count() == kHoles);
  CHECK(b.hexagon_mask().count() == 61);
  for (int t = 0; t < kTriangles; ++t)
    CHECK(b.triangle_mask(t).count() == 10);
  for (const ref::Pos p : ref::holes()) {
    const int h = b.hole_at(p.x, p.y);
    REQUIRE(h != kNoHole);
    CHECK(b.triangle(h) == ref::triangle(p));
  }
  CHECK(b.cube(60) == Cube{0, 0, 0});
}

TEST_CASE("Bitboard::nth finds the k-th hole as a scan in order does") {
  Rng rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    // Sparse, dense and random words in both halves.
    Bitboard b{rng.next() & rng.next(), (rng.next() | rng.next()) & board().all().hi};
    if (trial % 3 == 0) b.lo = ~uint64_t{0};
    std::vector<int> holes;
    for_each_hole(b, [&](int h) { holes.push_back(h); });
    for (int k = 0; k < static_cast<int>(holes.size()); ++k)
      REQUIRE(b.nth(k) == holes[k]);
  }
}

TEST_CASE("Triangle t and t plus 3 are opposite through the centre") {
  const Board& b = board();
  for (int t = 0; t < kTriangles; ++t) {
    const Cube tip = b.cube(b.tip(t));
    const Cube opposite = b.cube(b.tip((t + 3) % 6));
    CHECK(tip == Cube{-opposite.x, -opposite.y, -opposite.z});
  }
}

TEST_CASE(
    "Homes per player count: opposite for 2 and alternate for 3 and pairs for 4 and all for 6") {
  auto homes = [](int players) {
    std::set<int> h;
    for (int s = 0; s < players; ++s)
      h.insert(home_triangle(players, s));
    return h;
  };
  CHECK(homes(2) == std::set<int>{0, 3});
  CHECK(homes(3) == std::set<int>{0, 2, 4});
  CHECK(homes(4) == std::set<int>{0, 1, 3, 4});
  CHECK(homes(6) == std::set<int>{0, 1, 2, 3, 4, 5});
  for (const int players : {2, 3, 4, 6}) {
    const State s = State::initial(rules_for(players));
    Bitboard all;
    for (int seat = 0; seat < players; ++seat) {
      CHECK(s.pieces(seat) == board().triangle_mask(s.home(seat)));
      CHECK(s.goal(seat) == (s.home(seat) + 3) % 6);
      CHECK((all & s.pieces(seat)).empty());
      all |= s.pieces(seat);
    }
    CHECK(s.occupied().count() == 10 * players);
  }
  // With 3 players no goal is anyone's home: the goals are the empty triangles.
  for (int seat = 0; seat < 3; ++seat)
    CHECK(homes(3).count(goal_triangle(3, seat)) == 0);
}

TEST_CASE("Generated moves equal the reference moves after random play") {
  Rng rng(11);
  for (const int players : {2, 3, 4, 6})
    for (int i = 0; i < 40; ++i)
      check_against_reference(
          random_walk(rules_for(players), rng, static_cast<int>(rng.below(120))));
}

TEST_CASE("Generated moves equal the reference moves on scattered dense boards") {
  Rng rng(12);
  for (const int players : {2, 3, 4, 6})
    for (int i = 0; i < 40; ++i)
      check_against_reference(scattered(rules_for(players), rng, 10));
}

TEST_CASE("Generated moves equal the reference moves with neutral zones forbidden") {
  Rng rng(13);
  for (const int players : {2, 3, 4})
    for (int i = 0; i < 30; ++i) {
      const Rules rules = rules_for(players, NeutralZones::kForbidden);
      check_against_reference(scattered(rules, rng, 10));
      check_against_reference(random_walk(rules, rng, static_cast<int>(rng.below(100))));
    }
}

TEST_CASE("Every generated move is legal and every legal-looking pair outside the list is not") {
  Rng rng(14);
  for (int i = 0; i < 50; ++i) {
    const State s = scattered(rules_for(2), rng, 10);
    MoveList moves;
    generate_moves(s, moves);
    for (const Move m : moves)
      CHECK(is_legal(s, m));
    for (int from = 0; from < kHoles; ++from)
      for (int to = 0; to < kHoles; ++to) {
        const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
        CHECK(is_legal(s, m) == moves.contains(m));
      }
  }
}

// Random play draws k below the count and plays move(k), never listing the
// moves: move(k) must be the k-th listed move, for every k (with pdep on
// CPUs that have it fast, else by clearing bits).
TEST_CASE("PieceDestinations::move(k) is the k-th generated move") {
  Rng rng(15);
  for (const int players : {2, 3, 6})
    for (int i = 0; i < 40; ++i) {
      const State s = i % 2 == 0 ? scattered(rules_for(players), rng, 10)
                                 : random_walk(rules_for(players), rng, 60);
      MoveList moves;
      generate_moves(s, moves);
      PieceDestinations d;
      all_destinations(s, d);
      REQUIRE(d.total == moves.size());
      for (int k = 0; k < d.total; ++k) {
        INFO("players " << players << ", position " << i << ", move " << k);
        REQUIRE(d.move(k) == moves[k]);
      }
    }
}

// Random play uses the branch-free form; it must give exactly what
// all_destinations gives, piece by piece, including chains longer than the
// two steps it takes without a branch (dense boards), seats with fewer than
// ten pieces and destinations masked by forbidden neutral zones.
TEST_CASE("all_destinations_branch_free gives what all_destinations gives") {
  Rng rng(16);
  int long_chains = 0;
  for (const int players : {2, 3, 4, 6})
    for (const NeutralZones zones : {NeutralZones::kAllowed, NeutralZones::kForbidden}) {
      if (zones == NeutralZones::kForbidden && players == 6) continue;  // no neutral triangle
      for (int i = 0; i < 60; ++i) {
        const Rules rules = rules_for(players, zones);
        const State s = i % 3 == 0   ? random_walk(rules, rng, static_cast<int>(rng.below(300)))
                        : i % 3 == 1 ? scattered(rules, rng, 10)
                                     : scattered(rules, rng, 1 + static_cast<int>(rng.below(9)));
        PieceDestinations plain;
        PieceDestinations branch_free;
        all_destinations(s, plain);
        all_destinations_branch_free(s, branch_free);
        INFO("players " << players << ", position " << i);
        REQUIRE(branch_free.pieces == plain.pieces);
        REQUIRE(branch_free.total == plain.total);
        for (int p = 0; p < plain.pieces; ++p) {
          CHECK(branch_free.from[p] == plain.from[p]);
          CHECK(branch_free.to(p) == plain.to(p));
          CHECK(branch_free.count[p] == plain.count[p]);
          CHECK(branch_free.first[p] == plain.first[p]);
        }
        // Some piece reaches a hole four or more hops away: its chain takes
        // three or more steps after the first landing, past the two without
        // a branch.
        uint8_t hops[kMaxMoves];
        MoveList moves;
        generate_moves_with_hops(s, moves, hops);
        long_chains += std::any_of(hops, hops + moves.size(), [](uint8_t h) { return h >= 4; });
      }
    }
  CHECK(long_chains > 50);  // the test reaches the chains the loop finishes
}

TEST_CASE("Perft from the 2-player start matches the reference generator at depths 1 to 3") {
  const Rules rules = rules_for(2);
  const ref::Position start = to_reference(State::initial(rules));
  // Pinned from the reference generator (tests/chinese_checkers_reference.hpp).
  // By hand, depth 1: the four front pieces step to two holes each (8) and
  // the three pieces behind them hop over the front row to two holes each
  // (6); depth 2 is 14 × 14 since the two armies cannot yet meet.
  const std::vector<uint64_t> pinned = {14, 196, 4760};
  for (int depth = 1; depth <= 3; ++depth) {
    const auto expected = static_cast<uint64_t>(ref::perft(start, depth, 2));
    std::cout << "chinese checkers perft " << depth << " (2 players): " << perft(rules, depth)
              << " (reference " << expected << ")\n";
    CHECK(perft(rules, depth) == expected);
    CHECK(perft(rules, depth) == pinned[depth - 1]);
  }
}

TEST_CASE("Perft for 3 4 and 6 players matches the reference generator at depth 2") {
  for (const int players : {3, 4, 6}) {
    const Rules rules = rules_for(players);
    const auto expected = ref::perft(to_reference(State::initial(rules)), 2, players);
    CHECK(perft(rules, 2) == static_cast<uint64_t>(expected));
  }
}

TEST_CASE("A position with more than ten pieces for a seat is rejected") {
  std::array<Bitboard, 2> pieces{};
  pieces[0] = board().triangle_mask(0) | board().triangle_mask(1);
  CHECK_THROWS_AS(State::from_pieces(Rules{}, pieces, 0), std::invalid_argument);
}
