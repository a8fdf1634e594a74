// Binds engines/go_fish to the harness. Mode `play`: the variants take the
// seats of a `seats`-player table; every deal (the deck order, from the
// environment stream) is played once per seat order (see seated_match.hpp),
// so neither the deal nor the seat favours anyone. Ranks come from books
// (equal books share a rank); the seed's own winner rule (the first seat with
// the top score) is kept as the metric `seed_win` to show what it biased.
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <boost/container/static_vector.hpp>

#include "engines/go_fish/describe.hpp"
#include "engines/go_fish/play.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/bind_players.hpp"
#include "harness/adapters/go_fish.hpp"
#include "harness/adapters/seated_match.hpp"

namespace arena {
namespace {

namespace gf = go_fish;

// The table's seats (0: one per player), from rules known to be playable: the
// seat orders, and so how many games make whole deals, follow from them.
int go_fish_seats(const RunConfig& config) {
  const auto seats = static_cast<int>(config.rules.integer("seats"));
  const auto players = static_cast<int>(config.players.size());
  if (seats == 0 && (players < 2 || players > gf::kMaxPlayers)) {
    // The seats were not written: the count at fault is the players'.
    throw config.error_at(
        "players", fmt::format("{} player{}, and rules.seats 0 seats every player at one table, "
                               "which takes 2 to {}; {}",
                               players, players == 1 ? "" : "s", gf::kMaxPlayers,
                               players < 2 ? "add a player"
                                           : "set rules.seats to play them at smaller tables"));
  }
  return go_fish_rules(config, seats > 0 ? seats : players).players;
}

}  // namespace

gf::Rules go_fish_rules(const RunConfig& config, int players) {
  gf::Rules rules;
  rules.players = players;
  rules.ranks = static_cast<int>(config.rules.integer("ranks"));
  rules.suits = static_cast<int>(config.rules.integer("suits"));
  rules.hand_size = static_cast<int>(config.rules.integer("hand_size"));
  rules.ask_again_on_lucky_draw = config.rules.flag("ask_again_on_lucky_draw");
  const std::string preset = config.rules.choice("preset");
  rules.preset = preset == "seed"     ? gf::Preset::kSeed
                 : preset == "rlcard" ? gf::Preset::kRlcard
                                      : gf::Preset::kStandard;
  rules.max_rounds = static_cast<int>(config.rules.integer("max_rounds"));
  if (rules.players < 2 || rules.players > gf::kMaxPlayers) {
    throw config.error_at("rules.seats", fmt::format("a table seats 2 to {} players, got {}",
                                                     gf::kMaxPlayers, rules.players));
  }
  if (const auto why = gf::check(rules)) throw config.error_at("rules", *why);
  return rules;
}

std::vector<gf::Strategies::Bound> go_fish_players(const RunConfig& config) {
  std::vector<gf::Strategies::Bound> bound;
  for (size_t i = 0; i < config.players.size(); ++i) {
    const PlayerConfig& player = config.players[i];
    try {
      bound.push_back(bind_players<gf::Strategies>({player}, "go-fish").front());
    } catch (const std::invalid_argument& e) {
      throw config.error_at(fmt::format("players[{}].params", i), e.what());
    }
  }
  return bound;
}

namespace {

gf::Rules go_fish_rules_of(const RunConfig& config) {
  return go_fish_rules(config, go_fish_seats(config));
}

class GoFishMatch final : public SeatedMatch {
 public:
  GoFishMatch(const RunConfig& config, uint64_t seed)
      : SeatedMatch(config, seed, go_fish_seats(config)),
        rules_(go_fish_rules_of(config)),
        players_(go_fish_players(config)) {}

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }

 private:
  void play_seated(const SeatedGame& game, GameSink& sink) const override {
    const size_t seats = game.lineup.size();
    // Only the seats in play are built (an array of kMaxPlayers variants
    // would zero every one of them, a tenth of a cheap game), in place: a
    // heap block per game was several per cent of one.
    boost::container::static_vector<gf::AnyPlayer, gf::kMaxPlayers> players;
    for (size_t s = 0; s < seats; ++s)
      players.push_back(gf::Strategies::make(players_[static_cast<size_t>(game.lineup[s])],
                                             game.external(sink, s)));
    auto rngs = game.seat_rngs();
    Rng deal(game.environment_seed);
    const gf::GameResult r = sink.with_timer([&](auto& timer) {
      return gf::play_game(rules_, std::span(players.data(), seats), deal,
                           std::span(rngs.data(), seats), timer, game.lineup);
    });
    for (size_t s = 0; s < seats; ++s) {
      SeatResult seat{
          game.lineup[s],
          r.rank[s],
          {r.books[s], r.turns, r.seed_winner == static_cast<int>(s) ? 1 : 0, r.truncated ? 1 : 0},
          Outcome::kByRank,
          static_cast<int>(s)};
      seat.cut_off = r.truncated;
      sink.add(seat);
    }
  }

  // Every hand after every ask (an omniscient view), the ask and its answer;
  // as text and as data (table_state), with the strategy's explanation.
  std::optional<GameReplay> replay_seated(const SeatedGame& game,
                                          const MoveLog& moves) const override {
    std::vector<std::string> names;
    for (const int v : game.lineup)
      names.push_back(name(v));
    Rng deal(game.environment_seed);
    const gf::Deck deck = gf::shuffled_deck(rules_, deal);
    const int first = gf::first_to_move(rules_, deal);
    gf::Game g(rules_, deck.span(), {}, gf::Record::kHistory, first);
    GameReplay replay{{"> marks the seat to move; hands and the stock (in draw order) are shown "
                       "to the viewer, not to the players"},
                      gf::describe_table(g, names),
                      {}};
    replay.start_state = table_state(g, gf::seen_events(g.history(), {}, {}, rules_));
    for (const MoveLog::Entry& e : moves.entries()) {
      if (e.kind == MoveLog::Kind::kFault) {
        // The table as the fault left it.
        replay.steps.push_back(fault_step(moves, e, name(e.variant)));
        replay.steps.back().board = gf::describe_table(g, names);
        replay.steps.back().state = table_state(g, {});
        continue;
      }
      if (g.over()) throw RecordMismatch("a move after the end of the game");
      const int seat = g.to_move();
      if (game.lineup[static_cast<size_t>(seat)] != e.variant)
        throw RecordMismatch("the record's move is not by the seat to move");
      replay.steps.push_back(
          ask_step(g, seat, gf::decode(static_cast<int>(moves.value(e))), e.variant, names));
      replay.steps.back().explain = moves.explanation(e);
    }
    return replay;
  }

  // Plays `ask` of `seat` on `g` and says what it did (an illegal ask changes nothing).
  ReplayStep ask_step(gf::Game& g, int seat, gf::Ask ask, int variant,
                      const std::vector<std::string>& names) const {
    const std::vector<int8_t> stock(g.stock().begin(), g.stock().end());
    std::array<int, gf::kMaxPlayers> sizes = g.public_state().hand_size;
    const size_t seen = g.history().size();
    try {
      g.play(ask);
    } catch (const std::invalid_argument& illegal) {
      nlohmann::json state = table_state(g, {});
      state["illegal"] = illegal.what();
      return {variant,
              names[static_cast<size_t>(seat)] + ": " + illegal.what(),
              {{"target", ask.target}, {"rank", ask.rank}, {"legal", false}},
              gf::describe_table(g, names),
              std::move(state)};
    }
    const std::vector<gf::SeenEvent> events =
        gf::seen_events(g.history().subspan(seen), stock, sizes, rules_);
    std::string text;
    for (const gf::SeenEvent& event : events) {
      if (!text.empty()) text += "; ";
      text += gf::describe_event(event, rules_, names);
    }
    return {variant,
            text,
            {{"seat", seat}, {"target", ask.target}, {"rank", ask.rank}},
            gf::describe_table(g, names),
            table_state(g, events)};
  }

  // The position after `events` as data for the replay page (the shape is
  // documented in harness/output/replay_boards/go_fish.js and docs/results.md).
  nlohmann::json table_state(const gf::Game& g, const std::vector<gf::SeenEvent>& events) const {
    nlohmann::json hands = nlohmann::json::array();
    nlohmann::json books = nlohmann::json::array();
    for (int s = 0; s < rules_.players; ++s) {
      std::vector<int> hand;
      for (int r = 0; r < rules_.ranks; ++r)
        hand.insert(hand.end(), static_cast<size_t>(g.hand(s).count(r)), r);
      hands.push_back(hand);
      std::vector<int> laid;
      for (int r = 0; r < rules_.ranks; ++r)
        if (g.public_state().book_owner[static_cast<size_t>(r)] == s) laid.push_back(r);
      books.push_back(laid);
    }
    nlohmann::json said = nlohmann::json::array();
    for (const gf::SeenEvent& event : events)
      said.push_back(event_json(event));
    return {{"ranks", rules_.ranks},
            {"suits", rules_.suits},
            {"hands", hands},
            {"books", books},
            {"stock", g.stock().size()},
            {"to_move", g.over() ? nlohmann::json() : nlohmann::json(g.to_move())},
            {"events", said}};
  }

  static nlohmann::json event_json(const gf::SeenEvent& seen) {
    const gf::PublicEvent& e = seen.event;
    switch (e.kind) {
      case gf::EventKind::kAsk:
        return {{"kind", "ask"},
                {"seat", e.player},
                {"target", e.target},
                {"rank", e.rank},
                {"given", e.count}};
      case gf::EventKind::kDraw: {
        static constexpr const char* kWhy[] = {"fish", "empty", "nobody"};
        nlohmann::json draw = {{"kind", "draw"},
                               {"seat", e.player},
                               {"card", seen.card},
                               {"why", kWhy[static_cast<int>(seen.reason)]},
                               {"shown", e.rank >= 0}};
        if (seen.asked >= 0) draw["asked"] = seen.asked;
        return draw;
      }
      case gf::EventKind::kBook:
        return {{"kind", "book"}, {"seat", e.player}, {"rank", e.rank}};
      case gf::EventKind::kSkip:
        break;
    }
    return {{"kind", "skip"}, {"seat", e.player}};
  }

  gf::Rules rules_;
  std::vector<gf::Strategies::Bound> players_;
  std::vector<MetricSpec> metrics_ = {
      {"books", "books", "books this seat laid", Better::kHigher},
      {"turns", "asks", "asks made in the game, by every seat"},
      {"seed_win", "", "1 when the seed's rule (first seat with the top score) names this seat"},
      {"truncated", "", "1 when the game hit max_rounds before every book was made"}};
};

std::vector<ParamSpec> go_fish_rule_params() {
  const gf::Rules defaults;
  return {
      ParamSpec::integer("seats", 0, 0, gf::kMaxPlayers,
                         "players at the table, 2 to 10; 0 = one per variant"),
      ParamSpec::integer("ranks", defaults.ranks, 1, gf::kMaxRanks, "ranks in the deck"),
      ParamSpec::integer("suits", defaults.suits, 2, gf::kMaxSuits,
                         "cards per rank (a book is all of them)"),
      ParamSpec::integer("hand_size", 0, 0, 60,
                         "cards dealt to each player; 0 = 7 with 2-3 players, 5 with 4 or more "
                         "(preset seed: 5)"),
      ParamSpec::flag("ask_again_on_lucky_draw", defaults.ask_again_on_lucky_draw,
                      "drawing the rank asked for shows it and asks again"),
      ParamSpec::choice("preset", "standard", {"standard", "seed", "rlcard"},
                        "seed: the seed's rules (5 cards each, no lucky draw, stops after 200 "
                        "rounds); rlcard: the RLCard fork's (random first player, empty hands "
                        "skipped, any player may be asked)"),
      ParamSpec::integer("max_rounds", 0, 0, 10'000'000,
                         "rounds (asks, skips, forced draws) before a game is cut off; 0 = "
                         "10000 (preset seed: 200)"),
  };
}

// The seats of one re-deal game: `setting` at seat `mine`, every built-in
// strategy at its defaults around it; an external setting's seat plays
// random (its views are what is compared).
std::vector<gf::AnyPlayer> redeal_seats(const StrategySetting& setting, int players, int mine,
                                        uint64_t deal) {
  std::vector<gf::Strategies::Bound> others;
  for (const StrategyInfo& info : gf::Strategies::infos())
    if (!info.external) others.push_back(gf::Strategies::bind_defaults(info.name));
  const bool external = is_linked(setting.strategy);
  std::vector<gf::AnyPlayer> seats;
  for (int s = 0; s < players; ++s) {
    if (s == mine && !external) {
      seats.push_back(gf::Strategies::make_default(setting.strategy, setting.overrides));
    } else {
      seats.push_back(
          gf::Strategies::make(others[(static_cast<size_t>(s) + deal) % others.size()]));
    }
  }
  return seats;
}

// Whether the seat's decision on the re-dealt game equals its real one: a
// copy of the player (and of its Rng) decides on `other`; an external
// strategy's program would be sent the same view.
bool same_decision(const gf::AnyPlayer& player, bool external, const gf::Game& game,
                   const gf::Game& other, const Rng& rng) {
  const int me = game.to_move();
  if (external) return gf::view_json(game.view(me)).dump() == gf::view_json(other.view(me)).dump();
  return std::visit(
      [&](const auto& p) {
        auto real = p;
        auto copy = p;
        Rng real_rng = rng;
        Rng copy_rng = rng;
        return real.decide(game.view(me), real_rng) == copy.decide(other.view(me), copy_rng);
      },
      player);
}

// One game of the re-deal check on a table of `players`, `setting` at seat
// deal % players; at each of its decisions the other hands and the stock
// are dealt anew (Game::resample_hidden), consistent with everything public.
// Adds to `report`; false at the first decision that changed.
bool redeal_game(const StrategySetting& setting, int players, uint64_t deal, uint64_t seed,
                 RedealReport& report) {
  const bool external = is_linked(setting.strategy);
  gf::Rules rules;
  rules.players = players;
  rules.preset = deal % 4 == 3   ? gf::Preset::kSeed
                 : deal % 4 == 1 ? gf::Preset::kRlcard
                                 : gf::Preset::kStandard;
  const int mine = static_cast<int>(deal % static_cast<uint64_t>(players));
  std::vector<gf::AnyPlayer> seats = redeal_seats(setting, players, mine, deal);
  std::vector<Rng> rngs;
  for (int s = 0; s < players; ++s)
    rngs.emplace_back(derive_seed(seed, players, deal, player_purpose(s)));
  Rng deal_rng(derive_seed(seed, players, deal, Purpose::kEnvironment));
  Rng redeal_rng(derive_seed(seed, players, deal, Purpose::kRedeal));
  const gf::Deck deck = gf::shuffled_deck(rules, deal_rng);
  const int first = gf::first_to_move(rules, deal_rng);
  gf::Game game(rules, deck.span(), {}, gf::Record::kHistory, first);
  for (int s = 0; s < players; ++s)
    std::visit([&](auto& p) { p.begin(game.view(s)); }, seats[s]);
  for (size_t seen = 0; !game.over();) {
    for (; seen < game.history().size(); ++seen)
      for (int s = 0; s < players; ++s)
        std::visit([&](auto& p) { p.observe(game.history()[seen], game.view(s)); }, seats[s]);
    const int me = game.to_move();
    if (me == mine) {
      const gf::Game other = game.resample_hidden(me, redeal_rng);
      for (int s = 0; s < players; ++s) {
        if (s != me && other.hand(s).held_ranks() != game.hand(s).held_ranks()) {
          ++report.redeals;
          break;
        }
      }
      ++report.decisions;
      if (!same_decision(seats[me], external, game, other, rngs[me])) {
        report.difference = fmt::format("{} seats, deal {}: seat {}'s ask after {} events changed",
                                        players, deal, me, game.history().size());
        return false;
      }
    }
    game.play(std::visit([&](auto& p) { return p.decide(game.view(me), rngs[me]); }, seats[me]));
  }
  return true;
}

// The re-deal check (HiddenInformation): tables of 2 to 5 seats, under the
// standard, the seed's and RLCard's rules.
RedealReport redeal_check(const StrategySetting& setting, uint64_t seed) {
  RedealReport report;
  for (int players = 2; players <= 5; ++players)
    for (uint64_t deal = 0; deal < 12; ++deal)
      if (!redeal_game(setting, players, deal, seed, report)) return report;
  return report;
}

}  // namespace

EngineSpec go_fish_engine() {
  EngineSpec engine = seated_engine<GoFishMatch>(
      "go-fish", "Go Fish with hidden hands, 2 to 10 players", go_fish_rule_params(),
      gf::Strategies::infos(), HiddenInformation::redeal(redeal_check));
  // At rotated three-seat tables, and under the seed's rules.
  engine.bench_cases = {
      {"go-fish", 0, {{"seats", int64_t{3}}}, 6, 20},
      {"go-fish-seed-rules",
       0,
       {{"seats", int64_t{2}}, {"preset", std::string("seed")}},
       7,
       100,
       false},
  };
  return engine;
}

}  // namespace arena
