// Go Fish strategies: random's choices, memory's and seed-memory's bookkeeping,
// belief's model, counting's inferences on hand-built histories, random tie
// breaks, each informed strategy beating random players, and explanations
// that change no ask.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "engines/core/explain.hpp"

#include <cmath>
#include <map>
#include <set>

#include "go_fish_helpers.hpp"

using namespace go_fish_test;

namespace {

// A view built by hand: `me` holds `own`, the others hold `sizes` cards.
struct Table {
  Rules rules;
  PublicState state;
  Hand own;
  int me = 0;
  Table(int players, int me_, const std::vector<int>& own_ranks, std::vector<int> sizes,
        int stock) {
    rules = rules_for(players);
    me = me_;
    own = hand_of(own_ranks);
    state.book_owner.fill(-1);
    for (int p = 0; p < players; ++p)
      state.hand_size[p] = p == me ? own.size() : sizes[p];
    state.stock_size = stock;
  }
  PlayerView view() const { return PlayerView(rules, me, own, state, {}); }
};

PublicEvent ask(int asker, int target, int rank, int given) {
  return {EventKind::kAsk, static_cast<int8_t>(asker), static_cast<int8_t>(target),
          static_cast<int8_t>(rank), static_cast<int8_t>(given)};
}
PublicEvent draw(int player, int shown = -1) {
  return {EventKind::kDraw, static_cast<int8_t>(player), -1, static_cast<int8_t>(shown), 1};
}
PublicEvent book(int player, int rank) {
  return {EventKind::kBook, static_cast<int8_t>(player), -1, static_cast<int8_t>(rank), 4};
}

// Win share (ties split) of `name` against random players in 3-player games,
// every deal played with `name` in each seat; returns {share, standard error}
// with the per-deal mean as one observation.
std::pair<double, double> share_against_random(const std::string& name, int deals) {
  double sum = 0, sq = 0;
  for (int deal = 0; deal < deals; ++deal) {
    double per_deal = 0;
    for (int seat = 0; seat < 3; ++seat) {
      std::vector<std::string> names(3, "random");
      names[seat] = name;
      const GameResult res = play(rules_for(3), names, static_cast<uint64_t>(deal));
      if (res.rank[seat] == 1) per_deal += 1.0 / res.winners / 3;
    }
    sum += per_deal;
    sq += per_deal * per_deal;
  }
  const double mean = sum / deals;
  return {mean, std::sqrt((sq / deals - mean * mean) / deals)};
}

}  // namespace

TEST_CASE("go fish random asks a held rank of a player holding cards uniformly") {
  Table t(4, 0, {2, 2, 5, 9}, {0, 3, 0, 4}, 10);
  RandomPlayer player;
  Rng rng(3);
  std::map<int, int> ranks, targets;
  for (int i = 0; i < 30000; ++i) {
    const Ask a = player.decide(t.view(), rng);
    REQUIRE(t.view().legal(a));
    ++ranks[a.rank];
    ++targets[a.target];
  }
  CHECK(ranks.size() == 3);
  for (auto [rank, n] : ranks)
    CHECK(std::abs(n - 10000) < 400);  // 4 SE of a 1/3 share
  CHECK(targets.size() == 2);
  CHECK(std::abs(targets[1] - 15000) < 400);
}

TEST_CASE("go fish memory records askers and receivers as holders and givers as lacking") {
  Table t(3, 0, {3, 7}, {0, 5, 5}, 20);
  MemoryPlayer m;
  m.begin(t.view());
  m.observe(ask(1, 2, 3, 2), t.view());  // 1 asked 2 for 3s and got two
  CHECK(m.knowledge(1, 3) == Knowledge::kHolds);
  CHECK(m.knowledge(2, 3) == Knowledge::kLacks);  // gave them away: not a holder any more
  m.observe(draw(2), t.view());
  m.observe(ask(2, 1, 3, 0), t.view());  // 2 drew a 3 and asks 1 for 3s: go fish
  CHECK(m.knowledge(2, 3) == Knowledge::kHolds);
  CHECK(m.knowledge(1, 3) == Knowledge::kLacks);
  m.observe(ask(1, 0, 7, 0), t.view());
  CHECK(m.knowledge(1, 7) == Knowledge::kHolds);
  CHECK(m.knowledge(0, 7) == Knowledge::kLacks);
  m.observe(draw(1), t.view());  // a hidden draw forgets "lacks", keeps "holds"
  CHECK(m.knowledge(1, 3) == Knowledge::kUnknown);
  CHECK(m.knowledge(1, 7) == Knowledge::kHolds);
  m.observe(draw(2, 5), t.view());  // a shown lucky draw
  CHECK(m.knowledge(2, 5) == Knowledge::kHolds);
  m.observe(book(2, 5), t.view());
  for (int p = 0; p < 3; ++p)
    CHECK(m.knowledge(p, 5) == Knowledge::kLacks);
}

TEST_CASE("go fish memory asks a known holder first") {
  Table t(3, 0, {3, 7, 7}, {0, 5, 5}, 20);
  MemoryPlayer m;
  m.begin(t.view());
  m.observe(ask(2, 1, 3, 0), t.view());  // 2 holds a 3; 1 lacks 3s
  Rng rng(1);
  for (int i = 0; i < 50; ++i)
    CHECK(m.decide(t.view(), rng) == Ask{2, 3});
  // Without a known holder: the rank it holds most of, from someone not known to lack it.
  MemoryPlayer fresh;
  fresh.begin(t.view());
  fresh.observe(ask(0, 1, 7, 0), t.view());
  for (int i = 0; i < 50; ++i)
    CHECK(fresh.decide(t.view(), rng) == Ask{2, 7});
}

TEST_CASE("go fish seed-memory keeps the seed's bookkeeping and the fixed variant does not") {
  Table t(3, 0, {3}, {0, 5, 5}, 20);
  SeedMemoryPlayer seed;
  SeedMemoryPlayer fixed(SeedMemoryParams{false});
  for (SeedMemoryPlayer* p : {&seed, &fixed}) {
    p->begin(t.view());
    CHECK(p->belief(1, 3) == Approx(4.0 / 3));
    p->observe(ask(1, 2, 3, 1), t.view());
  }
  CHECK(seed.known_holder(2, 3));  // the seed's fault: the giver is still a holder
  CHECK_FALSE(fixed.known_holder(2, 3));
  CHECK(seed.known_holder(1, 3));
  // updateGiven: 4/3 − 1 for the giver, 4/3 + 1 for the asker, rescaled to 4 in all.
  const double giver = 1.0 / 3, asker = 7.0 / 3, other = 4.0 / 3, sum = giver + asker + other;
  CHECK(seed.belief(2, 3) == Approx(giver * 4 / sum));
  CHECK(seed.belief(1, 3) == Approx(asker * 4 / sum));
  CHECK(fixed.belief(2, 3) == 0);
  // Books are cleared only in the model of the player who laid them, when faithful.
  seed.observe(book(1, 3), t.view());
  fixed.observe(book(1, 3), t.view());
  CHECK(seed.belief(1, 3) > 0);
  CHECK(fixed.belief(1, 3) == 0);
}

TEST_CASE("go fish seed-memory breaks ties toward the lowest seat as the seed did") {
  Table t(4, 3, {6}, {5, 5, 5, 0}, 20);
  SeedMemoryPlayer seed;
  seed.begin(t.view());
  Rng rng(5);
  for (int i = 0; i < 20; ++i)
    CHECK(seed.decide(t.view(), rng) == Ask{0, 6});
}

TEST_CASE("go fish belief follows the seed's model with gives recorded and books shown") {
  Table t(3, 0, {4, 4}, {0, 5, 5}, 20);
  BeliefPlayer b;
  b.begin(t.view());
  // Own entry pinned to 2: the other two share 2 cards of rank 4.
  CHECK(b.expected(1, 4) == Approx(1.0));
  b.observe(ask(2, 1, 4, 0), t.view());  // 1 answered go fish
  CHECK(b.expected(1, 4) == 0);
  CHECK(b.expected(2, 4) == Approx(2.0));
  b.observe(ask(1, 2, 9, 1), t.view());  // 2 handed over a 9
  CHECK(b.expected(2, 9) == 0);
  CHECK(b.expected(1, 9) > b.expected(0, 9));
  Rng rng(1);
  CHECK(b.decide(t.view(), rng) == Ask{2, 4});
  t.state.book_owner[9] = 2;
  b.observe(book(2, 9), t.view());
  CHECK(b.expected(1, 9) == 0);
}

TEST_CASE("go fish belief and counting break ties at random and not toward the lowest seat") {
  Table t(4, 3, {6}, {5, 5, 5, 0}, 20);
  for (const char* name : {"belief", "counting", "memory"}) {
    std::set<int> targets;
    for (uint64_t seed = 0; seed < 60; ++seed) {
      AnyPlayer p = Strategies::make_default(name);
      Rng rng(seed);
      std::visit(
          [&](auto& s) {
            s.begin(t.view());
            targets.insert(s.decide(t.view(), rng).target);
          },
          p);
    }
    INFO(name);
    CHECK(targets == std::set<int>{0, 1, 2});
  }
}

TEST_CASE("go fish counting infers bounds from a hand-built history") {
  // Seat 0 holds 3 3 7; seats 1 and 2 hold 5 cards each; 30 in the stock.
  Table t(3, 0, {3, 3, 7}, {0, 5, 5}, 30);
  CountingPlayer c;
  c.begin(t.view());
  CHECK(c.lower_bound(1, 3) == 0);
  CHECK(c.history_upper_bound(1, 3) == 3);
  // 1 asks 2 for 7s and receives one: 1 holds at least two, 2 none.
  c.observe(ask(1, 2, 7, 1), t.view());
  t.state.hand_size[1] = 6;
  t.state.hand_size[2] = 4;
  CHECK(c.lower_bound(1, 7) == 2);
  CHECK(c.upper_bound(t.view(), 2, 7) == 0);
  CHECK(c.hit_probability(t.view(), 1, 7) == 1);
  CHECK(c.hit_probability(t.view(), 2, 7) == 0);
  // Card counting: we hold one 7 and seat 1 at least two, so one more 7 is unseen.
  CHECK(c.upper_bound(t.view(), 1, 7) == 3);
  // 2 asks 1 for 3s: go fish. 2 holds a 3, 1 none; 2's hidden draw is not a 3
  // (a lucky draw would have been shown), so 2's bound on 3s stays.
  c.observe(ask(2, 1, 3, 0), t.view());
  t.state.stock_size = 29;
  t.state.hand_size[2] = 5;
  c.observe(draw(2), t.view());
  CHECK(c.lower_bound(2, 3) == 1);
  CHECK(c.upper_bound(t.view(), 1, 3) == 0);
  CHECK(c.history_upper_bound(2, 3) == 3);
  CHECK(c.history_upper_bound(1, 3) == 0);
  // 1 draws a hidden card: it may hold a 3 again, but at most one.
  c.observe(draw(1), t.view());
  t.state.hand_size[1] = 7;
  t.state.stock_size = 28;
  CHECK(c.upper_bound(t.view(), 1, 3) == 1);
  const double p = c.hit_probability(t.view(), 1, 3);
  CHECK(p > 0);
  CHECK(p < 0.2);
  // It asks a sure hit, and seat 2 for 3s rather than the unlikely seat 1.
  Rng rng(1);
  const Ask a = c.decide(t.view(), rng);
  CHECK(c.hit_probability(t.view(), a.target, a.rank) == 1);
  CHECK(c.score(t.view(), {2, 3}) > c.score(t.view(), {1, 3}));
}

TEST_CASE("go fish counting deduces a holder when the cards fit nowhere else") {
  // Two 9s unseen, the stock is empty, seat 2 holds none (we asked): both are with 1.
  Table t(3, 0, {9, 9}, {0, 2, 3}, 0);
  CountingPlayer c;
  c.begin(t.view());
  c.observe(ask(0, 2, 9, 0), t.view());
  CHECK(c.lower_bound(1, 9) == 0);
  CHECK(c.hit_probability(t.view(), 1, 9) == 1);
  CHECK(c.hit_probability(t.view(), 2, 9) == 0);
}

TEST_CASE("go fish counting prefers an ask that reveals nothing new") {
  Table t(3, 0, {4, 8}, {0, 6, 6}, 20);
  CountingPlayer d;
  d.begin(t.view());
  d.observe(draw(0, 8), t.view());  // a shown draw: the others know we hold an 8
  CHECK(d.lower_bound(0, 8) == 1);
  CHECK(d.hit_probability(t.view(), 2, 8) == Approx(d.hit_probability(t.view(), 2, 4)));
  // Same odds for a 4 and an 8 from seat 2, but asking for 4s would tell the table.
  CHECK(d.score(t.view(), {2, 8}) > d.score(t.view(), {2, 4}));
}

TEST_CASE("go fish memory belief and counting each beat random players") {
  const int deals = 1500;  // 4,500 games each, ~0.012 SE
  for (const char* name : {"memory", "belief", "counting", "seed-memory"}) {
    const auto [share, se] = share_against_random(name, deals);
    WARN(name << " win share against two random players " << share << " se " << se);
    CHECK(share > 1.0 / 3 + 4 * se);
  }
}

namespace {

// Every ask of a game (seat, code) and what the strategy explained, taken
// after each decision as the harness's timer does (harness/registry/match.hpp).
struct ExplainedGame {
  std::vector<std::pair<int, int>> asks;
  std::vector<nlohmann::json> explanations;
  GameResult result;
};

struct ExplainTimer {
  ExplainedGame* game;
  template <class F>
  int decide(int seat, F&& f) {
    const int code = f();
    game->asks.emplace_back(seat, code);
    game->explanations.push_back(ExplainScope::take());
    return code;
  }
};

ExplainedGame play_explained(const Rules& rules, const std::vector<std::string>& names,
                             uint64_t deal) {
  ExplainedGame out;
  std::vector<AnyPlayer> seats;
  std::vector<Rng> rngs;
  std::vector<int> who;
  for (size_t s = 0; s < names.size(); ++s) {
    seats.push_back(Strategies::make_default(names[s]));
    rngs.emplace_back(derive_seed(17, 0, deal, player_purpose(s)));
    who.push_back(static_cast<int>(s));
  }
  Rng deal_rng(derive_seed(17, 0, deal, Purpose::kEnvironment));
  ExplainTimer timer{&out};
  out.result = play_game(rules, std::span(seats), deal_rng, std::span(rngs), timer,
                         std::span<const int>(who));
  return out;
}

}  // namespace

TEST_CASE(
    "go fish explanations change no ask and no result, and memory belief counting give them") {
  const std::vector<std::vector<std::string>> tables = {
      {"memory", "belief"},
      {"counting", "random", "memory"},
      {"belief", "counting", "seed-memory", "memory"},
      {"counting", "counting"}};
  for (const Preset preset : {Preset::kStandard, Preset::kSeed}) {
    for (const auto& names : tables) {
      const Rules rules = rules_for(static_cast<int>(names.size()), preset);
      for (uint64_t deal = 0; deal < 8; ++deal) {
        INFO(names.size() << " seats, deal " << deal);
        const ExplainedGame plain = play_explained(rules, names, deal);
        ExplainedGame explained;
        {
          const ExplainScope scope(ExplainScope::Level::kAll);
          explained = play_explained(rules, names, deal);
        }
        REQUIRE(plain.asks == explained.asks);
        CHECK(plain.result.rank == explained.result.rank);
        CHECK(plain.result.books == explained.result.books);
        CHECK(plain.result.turns == explained.result.turns);
        for (size_t i = 0; i < plain.asks.size(); ++i) {
          CHECK(plain.explanations[i].is_null());
          const std::string& name = names[static_cast<size_t>(plain.asks[i].first)];
          const nlohmann::json& why = explained.explanations[i];
          if (name == "memory" || name == "belief" || name == "counting") {
            REQUIRE(why.is_object());
            CHECK(why["text"].is_string());
            REQUIRE(why["knows"].size() == names.size());
            CHECK(why["knows"][static_cast<size_t>(plain.asks[i].first)].is_null());
            const Ask ask = decode(plain.asks[i].second);
            CHECK(why["knows"][static_cast<size_t>(ask.target)].size() ==
                  static_cast<size_t>(rules.ranks));
            if (name != "memory") {  // the chosen ask first, with its score
              CHECK(why["asks"][0]["target"] == ask.target);
              CHECK(why["asks"][0]["rank"] == ask.rank);
              CHECK(why["asks"][0]["score"].is_number());
            }
          } else {
            CHECK(why.is_null());
          }
        }
      }
    }
  }
}

TEST_CASE("go fish counting explains a sure hit and the odds of the others") {
  // Seat 1 asked for 3s and got one: counting (seat 0) knows it holds a 3.
  Table t(3, 0, {3, 5}, {0, 4, 4}, 20);
  CountingPlayer d;
  d.begin(t.view());
  d.observe(ask(1, 2, 3, 1), t.view());
  Rng rng(1);
  nlohmann::json why;
  {
    const ExplainScope scope(ExplainScope::Level::kAll);
    CHECK(d.decide(t.view(), rng) == Ask{1, 3});
    why = ExplainScope::take();
  }
  CHECK(why["measure"] == "probability");
  CHECK(why["knows"][1][3] == 1.0);
  CHECK(why["knows"][0].is_null());
  CHECK(why["asks"][0]["sure"] == true);
  CHECK_THAT(why["text"].get<std::string>(), Catch::Contains("surely holds a four"));
}
