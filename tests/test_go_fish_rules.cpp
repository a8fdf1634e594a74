// Go Fish rules: dealing, asks, go fish, lucky draws, books, empty hands, the
// end and the result; conservation at every step; replay from the seeds; and
// seat fairness of random players.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include "go_fish_helpers.hpp"

using namespace go_fish_test;

namespace {

PublicEvent ask_event(int asker, int target, int rank, int given) {
  return {EventKind::kAsk, static_cast<int8_t>(asker), static_cast<int8_t>(target),
          static_cast<int8_t>(rank), static_cast<int8_t>(given)};
}
PublicEvent draw_event(int player, int shown = -1) {
  return {EventKind::kDraw, static_cast<int8_t>(player), -1, static_cast<int8_t>(shown), 1};
}
PublicEvent book_event(int player, int rank) {
  return {EventKind::kBook, static_cast<int8_t>(player), -1, static_cast<int8_t>(rank), 4};
}
PublicEvent skip_event(int player) {
  return {EventKind::kSkip, static_cast<int8_t>(player), -1, -1, 0};
}

std::vector<PublicEvent> events(const Game& g) {
  return {g.history().begin(), g.history().end()};
}

}  // namespace

TEST_CASE("go fish deals 7 cards with 2 or 3 players and 5 with more") {
  CHECK(dealt_per_player(rules_for(2)) == 7);
  CHECK(dealt_per_player(rules_for(3)) == 7);
  CHECK(dealt_per_player(rules_for(4)) == 5);
  CHECK(dealt_per_player(rules_for(6)) == 5);
  CHECK(dealt_per_player(rules_for(2, Preset::kSeed)) == 5);
  Rules r = rules_for(2);
  r.hand_size = 9;
  CHECK(dealt_per_player(r) == 9);
}

TEST_CASE("go fish check reports unplayable rules by field") {
  CHECK_FALSE(check(Rules{}));
  CHECK(check(rules_for(1))->find("players") != std::string::npos);
  CHECK(check(rules_for(11))->find("players") != std::string::npos);
  Rules r;
  r.suits = 1;
  CHECK(check(r)->find("suits") != std::string::npos);
  r = rules_for(10);
  r.hand_size = 6;  // 60 cards from a deck of 52
  CHECK(check(r)->find("hand_size") != std::string::npos);
  CHECK_THROWS_AS(Game(r, std::vector<int8_t>(52, 0)), std::invalid_argument);
}

TEST_CASE("go fish shuffles every card once into a uniform order") {
  Rules rules;
  std::array<int, 13> top{}, fifth{};
  Rng rng(17);
  constexpr int kDecks = 26000;
  for (int i = 0; i < kDecks; ++i) {
    const Deck deck = shuffled_deck(rules, rng);
    std::array<int, 13> per_rank{};
    for (int8_t card : deck.span())
      ++per_rank[card];
    REQUIRE(per_rank == std::array<int, 13>{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4});
    ++top[deck.cards[0]];
    ++fifth[deck.cards[4]];
  }
  // Each rank is on top 1/13 of the time: 2000 expected, SE about 43; 4 SE.
  for (int r = 0; r < 13; ++r) {
    CHECK(std::abs(top[r] - 2000) < 175);
    CHECK(std::abs(fifth[r] - 2000) < 175);
  }
  CHECK_THROWS_AS(Game(rules, std::vector<int8_t>(52, 0)), std::invalid_argument);
}

TEST_CASE("go fish deals one card at a time in seat order and seat 0 starts") {
  std::vector<int8_t> deck;
  for (int r = 0; r < 13; ++r)
    for (int s = 0; s < 4; ++s)
      deck.push_back(static_cast<int8_t>(r));
  const Game g(rules_for(2), deck);
  for (int seat = 0; seat < 2; ++seat) {
    CHECK(g.hand(seat).size() == 7);
    CHECK(g.hand(seat).count(0) == 2);
    CHECK(g.hand(seat).count(3) == 1);
  }
  CHECK(g.public_state().stock_size == 38);
  CHECK(g.stock()[0] == 3);
  CHECK(g.to_move() == 0);
  CHECK(g.history().empty());
}

TEST_CASE("go fish lays a book made by the deal at once") {
  // Seat 0 is dealt 0 0 0 0 3 3 3, seat 1 is dealt 1 1 2 2 2 1 3.
  std::vector<int8_t> deck = {0, 1, 0, 1, 0, 2, 0, 2, 3, 2, 3, 1, 3, 3};
  for (int r = 4; r < 13; ++r)
    for (int s = 0; s < 4; ++s)
      deck.push_back(static_cast<int8_t>(r));
  deck.insert(deck.end(), {1, 2});
  const Game g(rules_for(2), deck);
  CHECK(events(g) == std::vector{book_event(0, 0)});
  CHECK(g.hand(0).size() == 3);
  CHECK(g.public_state().books[0] == 1);
}

TEST_CASE("go fish a successful ask takes every card of the rank and asks again") {
  Game g = position(rules_for(2), {{0, 0, 1}, {0, 2, 2}}, {1, 1, 1, 0, 2, 2});
  g.play({1, 0});
  CHECK(events(g) == std::vector{ask_event(0, 1, 0, 1)});
  CHECK(g.hand(0).count(0) == 3);
  CHECK_FALSE(g.hand(1).holds(0));
  CHECK(g.public_state().hand_size[1] == 2);
  CHECK(g.to_move() == 0);
}

TEST_CASE("go fish a miss draws the top card and passes the turn") {
  Game g = position(rules_for(2), {{0, 0, 1}, {0, 2, 2}}, {2, 1, 1, 1, 0, 2});
  g.play({1, 1});
  CHECK(events(g) == std::vector{ask_event(0, 1, 1, 0), draw_event(0)});
  CHECK(g.hand(0).count(2) == 1);
  CHECK(g.public_state().stock_size == 5);
  CHECK(g.to_move() == 1);
}

TEST_CASE("go fish a lucky draw is shown and the asker asks again") {
  Game g = position(rules_for(2), {{0, 0, 1}, {0, 2, 2}}, {1, 2, 1, 1, 0, 2});
  g.play({1, 1});
  CHECK(events(g) == std::vector{ask_event(0, 1, 1, 0), draw_event(0, 1)});
  CHECK(g.to_move() == 0);
}

TEST_CASE("go fish a lucky draw passes the turn unseen when asking again is off") {
  Rules off = rules_for(2);
  off.ask_again_on_lucky_draw = false;
  for (const Rules& rules : {off, rules_for(2, Preset::kSeed)}) {
    Game g = position(rules, {{0, 0, 1}, {0, 2, 2}}, {1, 2, 1, 1, 0, 2});
    g.play({1, 1});
    CHECK(events(g) == std::vector{ask_event(0, 1, 1, 0), draw_event(0)});
    CHECK(g.to_move() == 1);
  }
}

TEST_CASE("go fish a book completed by a lucky draw is laid and the asker goes on") {
  Game g = position(rules_for(2), {{1, 1, 1, 0}, {0, 2, 2}}, {1, 0, 0, 2, 2});
  const int before = g.public_state().books[0];
  g.play({1, 1});
  CHECK(events(g) == std::vector{ask_event(0, 1, 1, 0), draw_event(0, 1), book_event(0, 1)});
  CHECK(g.public_state().books[0] == before + 1);
  CHECK(g.hand(0).size() == 1);
  CHECK(g.to_move() == 0);
}

TEST_CASE("go fish a book completed by an unlucky draw is laid and the turn passes") {
  Game g = position(rules_for(2), {{1, 1, 1, 2}, {0, 0}}, {1, 0, 0, 2, 2, 2});
  g.play({1, 2});
  CHECK(events(g) == std::vector{ask_event(0, 1, 2, 0), draw_event(0), book_event(0, 1)});
  CHECK(g.to_move() == 1);
}

TEST_CASE("go fish a book completed by a transfer is laid at once") {
  Game g = position(rules_for(2), {{1, 1, 0}, {1, 1, 2}}, {0, 0, 0, 2, 2, 2});
  g.play({1, 1});
  CHECK(events(g) == std::vector{ask_event(0, 1, 1, 2), book_event(0, 1)});
  CHECK(g.hand(0).size() == 1);
}

TEST_CASE("go fish a turn that starts with an empty hand draws one card and plays on") {
  const Game g = position(rules_for(2), {{}, {0, 0}}, {0, 0, 1, 1, 1, 1});
  CHECK(events(g) == std::vector{draw_event(0)});
  CHECK(g.hand(0).count(0) == 1);
  CHECK(g.to_move() == 0);
}

TEST_CASE("go fish a turn that starts with an empty hand and an empty stock is skipped") {
  const Game g = position(rules_for(3), {{}, {0, 0}, {0, 0}}, {});
  CHECK(events(g) == std::vector{skip_event(0)});
  CHECK(g.to_move() == 1);
  CHECK_FALSE(g.over());
}

TEST_CASE("go fish a player whom nobody can answer draws and passes") {
  const Game g = position(rules_for(2), {{0, 0}, {}}, {1, 0, 0, 1, 1, 1});
  // Seat 0 has nobody to ask: it draws and passes; seat 1 starts empty and draws.
  CHECK(events(g) == std::vector{draw_event(0), draw_event(1)});
  CHECK(g.hand(0).size() == 3);
  CHECK(g.to_move() == 1);
}

TEST_CASE("go fish the last book ends the game and ranks by books") {
  std::vector<int> owners(13, 1);
  for (int r = 0; r < 6; ++r)
    owners[r] = 0;
  owners[12] = -1;
  Game g = position(rules_for(2), {{12, 12, 12}, {12}}, {}, 0, owners);
  g.play({1, 12});
  REQUIRE(g.over());
  const GameResult res = g.result();
  CHECK(res.books[0] == 7);
  CHECK(res.books[1] == 6);
  CHECK(res.rank[0] == 1);
  CHECK(res.rank[1] == 2);
  CHECK(res.winners == 1);
  CHECK(res.turns == 1);
  CHECK_FALSE(res.truncated);
}

TEST_CASE("go fish equal top scores share rank one and the seed names the first seat") {
  // Books before the last: seat 0 has 4, seat 1 has 5, seat 2 has 3.
  std::vector<int> owners = {0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, -1};
  Game g = position(rules_for(3), {{12, 12, 12}, {12}, {}}, {}, 0, owners);
  g.play({1, 12});
  const GameResult res = g.result();
  CHECK(res.rank[0] == 1);
  CHECK(res.rank[1] == 1);
  CHECK(res.rank[2] == 3);
  CHECK(res.winners == 2);
  CHECK(res.seed_winner == 0);
}

TEST_CASE("go fish accepts only legal asks") {
  const std::vector<std::vector<int>> hands = {{0}, {1}, {}};
  Game g = position(rules_for(3), hands, {0, 0, 0, 1, 1, 1});
  CHECK_THROWS_AS(g.play({0, 0}), std::invalid_argument);  // oneself
  CHECK_THROWS_AS(g.play({1, 1}), std::invalid_argument);  // a rank not held
  CHECK_THROWS_AS(g.play({2, 0}), std::invalid_argument);  // an empty hand
  CHECK_THROWS_AS(g.play({3, 0}), std::invalid_argument);  // no such seat
  Game seed = position(rules_for(3, Preset::kSeed), hands, {0, 0, 0, 1, 1, 1});
  seed.play({2, 0});  // the seed lets anyone be asked: a go fish
  CHECK(seed.history()[0] == ask_event(0, 2, 0, 0));
}

TEST_CASE("go fish conserves every card at every step and makes every book") {
  std::vector<std::string> names = strategy_names();
  names.push_back("random");
  int games = 0;
  for (int players = 2; players <= 6; ++players) {
    for (Preset preset : {Preset::kStandard, Preset::kSeed, Preset::kRlcard}) {
      for (uint64_t deal = 0; deal < 60; ++deal) {
        Rules rules = rules_for(players, preset);
        rules.ask_again_on_lucky_draw = deal % 2 == 0;
        if (deal % 3 == 0) rules.ranks = 7 + players;
        if (deal % 5 == 0) rules.suits = 3;
        std::vector<std::string> seats;
        for (int s = 0; s < players; ++s)
          seats.push_back(names[(s + deal) % names.size()]);
        int steps = 0;
        const GameResult res = play(rules, seats, deal, [&](const Game& g) {
          ++steps;
          const auto violation = g.invariant_violation();
          if (violation) FAIL(*violation);
        });
        REQUIRE(steps == res.turns + 1);
        int books = 0;
        for (int s = 0; s < players; ++s)
          books += res.books[s];
        if (preset != Preset::kSeed) {
          REQUIRE_FALSE(res.truncated);
          REQUIRE(books == rules.ranks);
        } else {
          REQUIRE(res.rounds <= kSeedMaxRounds);
          REQUIRE(res.truncated == (books < rules.ranks));
        }
        ++games;
      }
    }
  }
  CHECK(games == 900);
}

TEST_CASE("go fish the seed preset deals 5 cards and stops after 200 rounds") {
  int truncated = 0;
  for (uint64_t deal = 0; deal < 300; ++deal) {
    const GameResult res = play(rules_for(3, Preset::kSeed),
                                {"seed-memory", "seed-memory", "random"}, deal, [&](const Game& g) {
                                  if (g.history().empty() && g.public_state().books_laid == 0)
                                    CHECK(g.public_state().stock_size == 52 - 15);
                                });
    CHECK(res.rounds <= 200);
    if (res.truncated) {
      ++truncated;
      CHECK(res.rounds == 200);
    }
  }
  // Not a rule, just a sign the cap is reached by seed-faithful play at times or never.
  INFO("truncated seed games: " << truncated);
  SUCCEED();
}

TEST_CASE("go fish the same seeds give the same game") {
  for (const std::string& name : strategy_names()) {
    std::vector<PublicEvent> first, second;
    const GameResult a = play(rules_for(4), {name, "random", name, "counting"}, 7,
                              [&](const Game& g) { first = events(g); });
    const GameResult b = play(rules_for(4), {name, "random", name, "counting"}, 7,
                              [&](const Game& g) { second = events(g); });
    CHECK(first == second);
    CHECK(a.books == b.books);
    CHECK(a.turns == b.turns);
    CHECK(first.size() > 20);
  }
}

// Random players only, each deal played under every seat permutation, each
// player keeping its own Rng stream whatever its seat. Each player's win share
// (ties split) must be 1/3 within 4 standard errors over 20,000 deals (the
// per-deal mean over the 6 permutations is one observation). Seat order itself
// is part of the game (seat 0 asks first; measured 0.341, 0.333, 0.326 over
// these 120,000 games), so each seat position is only required to be within
// 0.02 + 4 SE of 1/3.
TEST_CASE("go fish random players win their fair share under seat rotation") {
  constexpr int kDeals = 20000;
  std::array<int, 3> perm = {0, 1, 2};
  std::array<double, 3> player_sum{}, player_sq{}, seat_sum{};
  for (int deal = 0; deal < kDeals; ++deal) {
    std::array<double, 3> per_deal{};
    std::array<int, 3> p = perm;
    do {
      // Seat s is played by player p[s], with player p[s]'s Rng.
      const GameResult res =
          play(rules_for(3), {"random", "random", "random"}, static_cast<uint64_t>(deal), {},
               {uint64_t(p[0]), uint64_t(p[1]), uint64_t(p[2])});
      for (int s = 0; s < 3; ++s) {
        const double share = res.rank[s] == 1 ? 1.0 / res.winners : 0.0;
        per_deal[p[s]] += share / 6;
        seat_sum[s] += share / 6;
      }
    } while (std::next_permutation(p.begin(), p.end()));
    for (int v = 0; v < 3; ++v) {
      player_sum[v] += per_deal[v];
      player_sq[v] += per_deal[v] * per_deal[v];
    }
  }
  for (int v = 0; v < 3; ++v) {
    const double mean = player_sum[v] / kDeals;
    const double var = player_sq[v] / kDeals - mean * mean;
    const double se = std::sqrt(var / kDeals);
    INFO("player " << v << " share " << mean << " se " << se);
    CHECK(std::abs(mean - 1.0 / 3) <= 4 * se);
  }
  for (int s = 0; s < 3; ++s) {
    const double mean = seat_sum[s] / kDeals;
    // A share's SE over 120,000 games is at most sqrt(0.25/120000) ≈ 0.0015.
    INFO("seat " << s << " share " << mean);
    CHECK(std::abs(mean - 1.0 / 3) <= 0.02 + 4 * 0.0015);
  }
}
