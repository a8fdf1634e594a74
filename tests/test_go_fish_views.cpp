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

// Re-dealing the hidden cards never changes a decision: see tests/test_conformance.cpp.
