// Go Fish hidden information: a strategy's view has no way to another hand,
// and re-dealing every card a player cannot see never changes its decision.
#include <catch2/catch.hpp>

#include <type_traits>

#include "go_fish_helpers.hpp"

using namespace go_fish_test;

namespace {

// Ways a view might leak another hand; none of them may compile.
template <class V>
concept LeaksHandBySeat = requires(const V& v) {
  v.hand(1);
};
template <class V>
concept LeaksCountBySeat = requires(const V& v) {
  v.count(1, 0);
};
template <class V>
concept LeaksHands = requires(const V& v) {
  v.hands();
};
template <class V>
concept LeaksStock = requires(const V& v) {
  v.stock();
};
template <class V>
concept LeaksGame = requires(const V& v) {
  v.game();
};

}  // namespace

TEST_CASE("go fish a view offers no way to another hand or the stock") {
  STATIC_REQUIRE_FALSE(LeaksHandBySeat<PlayerView>);
  STATIC_REQUIRE_FALSE(LeaksCountBySeat<PlayerView>);
  STATIC_REQUIRE_FALSE(LeaksHands<PlayerView>);
  STATIC_REQUIRE_FALSE(LeaksStock<PlayerView>);
  STATIC_REQUIRE_FALSE(LeaksGame<PlayerView>);
  // The own hand is the only Hand a view hands out; the public state holds sizes only.
  STATIC_REQUIRE(std::is_same_v<decltype(std::declval<PlayerView>().hand()), const Hand&>);
  STATIC_REQUIRE(std::is_same_v<decltype(PublicState::hand_size), std::array<int, kMaxPlayers>>);
  // Strategies are handed views only (decide/observe take const PlayerView&).
  STATIC_REQUIRE(Strategy<CountingPlayer>);
}

TEST_CASE("go fish a view shows the viewer's own hand and public sizes only") {
  const Game g = position(rules_for(3), {{0, 0, 1}, {0, 2, 2}, {5}}, {1, 1, 1, 0, 2, 2, 5, 5, 5});
  const PlayerView v = g.view(1);
  CHECK(v.me() == 1);
  CHECK(v.count(2) == 2);
  CHECK(v.count(1) == 0);  // seat 0's 1 is not seat 1's
  CHECK(v.hand_size(0) == 3);
  CHECK(v.hand_size(2) == 1);
  CHECK(v.stock_size() == 9);
}

// Plays mixed games; at every decision the deciding strategy (a copy, with a copy
// of its Rng) also decides on the view of a game whose hidden cards were dealt
// anew. Both decisions must be equal, for every strategy.
TEST_CASE("go fish re-dealing the hidden cards never changes a decision") {
  const std::vector<std::string> names = strategy_names();
  int compared = 0;
  int hidden_changed = 0;
  for (int players = 2; players <= 5; ++players) {
    for (uint64_t deal = 0; deal < 25; ++deal) {
      const Rules rules = rules_for(players, deal % 4 == 3 ? Preset::kSeed : Preset::kStandard);
      std::vector<AnyPlayer> seats;
      std::vector<Rng> rngs;
      for (int s = 0; s < players; ++s) {
        seats.push_back(Strategies::make_default(names[(s + deal) % names.size()]));
        rngs.emplace_back(derive_seed(21, players, deal, player_purpose(s)));
      }
      Rng deal_rng(derive_seed(21, players, deal, Purpose::kEnvironment));
      Rng resample_rng(derive_seed(21, players, deal, 99));
      Game game(rules, shuffled_deck(rules, deal_rng).span());
      for (int s = 0; s < players; ++s)
        std::visit([&](auto& p) { p.begin(game.view(s)); }, seats[s]);
      size_t seen = 0;
      while (!game.over()) {
        for (; seen < game.history().size(); ++seen)
          for (int s = 0; s < players; ++s)
            std::visit([&](auto& p) { p.observe(game.history()[seen], game.view(s)); }, seats[s]);
        const int me = game.to_move();
        const Game other = game.resample_hidden(me, resample_rng);
        for (int s = 0; s < players; ++s)
          if (s != me && !(other.hand(s).held_ranks() == game.hand(s).held_ranks()))
            ++hidden_changed;
        const Ask ask = std::visit(
            [&](auto& p) {
              auto copy = p;
              Rng rng_copy = rngs[me];
              const Ask on_other = copy.decide(other.view(me), rng_copy);
              const Ask real = p.decide(game.view(me), rngs[me]);
              REQUIRE(real == on_other);
              return real;
            },
            seats[me]);
        ++compared;
        game.play(ask);
      }
    }
  }
  CHECK(compared > 1000);
  CHECK(hidden_changed > compared / 4);  // the re-deals did change the hidden hands
}
