// The conformance suite (in the spirit of OpenSpiel's basic_tests): every
// engine, mode and strategy of make_registry(), at its defaults and at each
// sample it declares, with no per-strategy code. A strategy or engine is
// covered the moment it is registered.
//
// For each (engine, mode, setting) a short run (the engine's short_rules) of
// the setting against the engine's first strategy checks:
// - the declared metrics and phases fit what a game stores;
// - every game ends and reports every seat;
// - every decision is legal: the engines turn an illegal one into a forfeit,
//   and a run at default limits has none;
// - the same seed gives the same games.csv rows and signature, and 1, 2 and
//   8 threads give identical results;
// - a game replayed alone from its index equals the same game inside a run;
// - forfeits are scored alike: under a budget no decision meets, every
//   faulty seat loses with its metrics empty, and in a seated game the seat
//   that did not fault wins.
// Hidden information (Go Fish's hands and stock, Battleship's fleet) is
// checked per engine below, with the engine's own re-deal.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engines/battleship/strategies.hpp"
#include "engines/go_fish/play.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/runner.hpp"

using namespace arena;

namespace {

const Registry& registry() {
  static const Registry r = make_registry();
  return r;
}

// One case: a setting of one strategy in one mode of one engine.
struct Case {
  const EngineSpec* engine;
  std::string mode;
  StrategySetting setting;
  std::string label() const {
    std::string text = engine->name + " " + mode + " " + setting.strategy;
    if (setting.sample > 0) text += " (sample " + std::to_string(setting.sample) + ")";
    return text;
  }
};

std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (const EngineSpec& engine : registry().engines())
    for (const ModeSpec& mode : engine.modes)
      for (const StrategySetting& setting : settings_of(engine.strategies, false, true))
        cases.push_back({&engine, mode.name, setting});
  return cases;
}

std::string yaml_params(const ParamOverrides& overrides) {
  std::string out = "{";
  for (size_t i = 0; i < overrides.size(); ++i)
    out += (i ? ", " : "") + overrides[i].first + ": " + format_value(overrides[i].second);
  return out + "}";
}

// The case as a config: the setting ("tested") against the engine's first
// strategy at its defaults ("other"), under the engine's short rules; a few
// games, a whole number of series and deals. A strategy played by a program
// (it has a `command`) plays the reference bot (clients/cpp).
RunConfig config_of(const Case& c) {
  ParamOverrides overrides = c.setting.overrides;
  for (const StrategySpec& s : c.engine->strategies)
    for (const ParamSpec& p : s.params)
      if (s.name == c.setting.strategy && p.name == "command")
        overrides.emplace_back("command", std::string(ARENA_REFERENCE_BOT));
  std::string yaml = "name: conformance\nengine: " + c.engine->name + "\nmode: " + c.mode +
                     "\nseed: 20261201\ngames: 4\nrules: " + yaml_params(c.engine->short_rules) +
                     "\nplayers:\n  - {name: tested, strategy: " + c.setting.strategy +
                     ", params: " + yaml_params(overrides) + "}\n" +
                     "  - {name: other, strategy: " + c.engine->strategies.front().name + "}\n";
  return parse_config(yaml, "conformance.yaml", registry());
}

struct Run {
  RunStats stats;
  std::vector<std::string> rows;  // games.csv lines, without the header
};

// Plays games [first, end) of the case's match (all when end is 0) on
// `threads`, with the programs of external strategies (the pool's) if any.
Run play(const Match& match, int threads, uint64_t first = 0, uint64_t end = 0,
         uint64_t budget_ns = 0, const RunConfig* config = nullptr) {
  RunPlan plan{.first_game = first,
               .games = end ? end : match.game_count(),
               .threads = threads,
               .variant_names = {"tested", "other"}};
  plan.decision_budget_ns = budget_ns;
  std::unique_ptr<BotPool> bots;
  if (config) {
    auto specs = bot_specs(*config, *registry().find(config->engine), {});
    if (!specs.empty()) bots = std::make_unique<BotPool>(std::move(specs), threads, 4);
    plan.bots = bots.get();
  }
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  RunStats stats = run_games(match, plan, out, nullptr);
  std::fclose(out);
  Run run{std::move(stats), {}};
  std::istringstream lines(std::string(buffer, size));
  std::free(buffer);
  for (std::string line; std::getline(lines, line);)
    run.rows.push_back(line);
  return run;
}

std::vector<std::string> fields(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream in(row);
  for (std::string field; std::getline(in, field, ',');)
    out.push_back(field);
  if (!row.empty() && row.back() == ',') out.push_back("");
  return out;
}

uint64_t game_of(const std::string& row) {
  return std::stoull(fields(row).front());
}

// What a run decided, without its timing: rows, signature, records.
void require_same(const Run& a, const Run& b) {
  REQUIRE(a.rows == b.rows);
  REQUIRE(a.stats.signature() == b.stats.signature());
  REQUIRE(a.stats.games() == b.stats.games());
  for (int v = 0; v < a.stats.variants(); ++v) {
    REQUIRE(a.stats.variant(v).record.wins == b.stats.variant(v).record.wins);
    REQUIRE(a.stats.variant(v).record.losses == b.stats.variant(v).record.losses);
    REQUIRE(a.stats.variant(v).record.draws == b.stats.variant(v).record.draws);
    REQUIRE(a.stats.variant(v).forfeits == b.stats.variant(v).forfeits);
  }
  REQUIRE(a.stats.pentanomial(0, 1) == b.stats.pentanomial(0, 1));
}

}  // namespace

TEST_CASE("conformance: every registered strategy ends its games and decides legally") {
  const auto cases = every_case();
  CHECK(cases.size() >= 20);
  for (const Case& c : cases) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    const auto match = c.engine->make_match(config, *config.seed);
    REQUIRE_NOTHROW(check_declared_sizes(*match));
    const Run run = play(*match, 2, 0, 0, 0, &config);
    REQUIRE(run.stats.games() == match->game_count());
    std::map<uint64_t, int> seats_per_game;
    for (const std::string& row : run.rows)
      ++seats_per_game[game_of(row)];
    REQUIRE(seats_per_game.size() == match->game_count());  // every game reported
    for (const auto& [game, seats] : seats_per_game) {
      INFO("game " << game);
      CHECK(seats >= 1);
      CHECK(seats == seats_per_game.begin()->second);  // the same seats every game
    }
    // An illegal move, a throw or a hang past a limit would be a forfeit.
    for (int v = 0; v < run.stats.variants(); ++v)
      CHECK(run.stats.variant(v).forfeit_total() == 0);
  }
}

TEST_CASE("conformance: the same seed gives the same games on 1, 2 and 8 threads") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    const auto match = c.engine->make_match(config, *config.seed);
    if (!match->nondeterminism().empty()) continue;  // a clock-limited setting
    const Run once = play(*match, 1, 0, 0, 0, &config);
    require_same(once, play(*match, 1, 0, 0, 0, &config));
    require_same(once, play(*match, 2, 0, 0, 0, &config));
    require_same(once, play(*match, 8, 0, 0, 0, &config));
    // Another match built from the same config and seed plays the same games.
    require_same(once, play(*c.engine->make_match(config, *config.seed), 1, 0, 0, 0, &config));
  }
}

TEST_CASE("conformance: a game replayed alone from its index equals the game in a run") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    const auto match = c.engine->make_match(config, *config.seed);
    if (!match->nondeterminism().empty()) continue;
    const Run whole = play(*match, 2, 0, 0, 0, &config);
    const uint64_t series = match->series_length();
    const uint64_t last = match->game_count() - series;  // the last series, alone
    const Run alone = play(*match, 1, last, match->game_count(), 0, &config);
    std::vector<std::string> inside;
    for (const std::string& row : whole.rows)
      if (game_of(row) >= last) inside.push_back(row);
    REQUIRE(!alone.rows.empty());
    CHECK(alone.rows == inside);
  }
}

TEST_CASE("conformance: forfeits are scored alike by every engine") {
  for (const Case& c : every_case()) {
    INFO(c.label());
    const RunConfig config = config_of(c);
    const auto match = c.engine->make_match(config, *config.seed);
    // No decision takes under a nanosecond: the first decision of a game (of
    // each independent seat) forfeits it.
    const Run run = play(*match, 2, 0, 0, 1, &config);
    REQUIRE(run.stats.games() == match->game_count());
    std::map<uint64_t, std::vector<std::vector<std::string>>> games;
    for (const std::string& row : run.rows)
      games[game_of(row)].push_back(fields(row));
    uint64_t faulty_seats = 0;
    for (const auto& [game, seats] : games) {
      INFO("game " << game);
      int faulted = 0;
      for (const auto& seat : seats) {
        if (seat.back().empty()) continue;
        ++faulted;
        CHECK(seat.back() == "over-budget");
        CHECK(seat[3] == "loss");
        for (size_t m = 4; m + 1 < seat.size(); ++m)
          CHECK(seat[m].empty());  // a forfeited game's metrics do not count
      }
      CHECK(faulted >= 1);
      faulty_seats += static_cast<uint64_t>(faulted);
      // At a table the game stops at the fault: every other seat wins.
      if (seats.size() == 2 && faulted == 1) {
        for (const auto& seat : seats)
          if (seat.back().empty()) CHECK((seat[3] == "win" || seat[2] == "1"));
      }
    }
    CHECK(run.stats.variant(0).forfeit_total() + run.stats.variant(1).forfeit_total() ==
          faulty_seats);
  }
}

// Go Fish: at every decision of mixed games, the deciding strategy (a copy,
// with a copy of its Rng) also decides on the view of a game whose hidden
// cards (other hands, stock) were dealt anew by the engine. Both decisions
// must be equal, for every strategy and setting of the list.
TEST_CASE("conformance: re-dealing what a Go Fish player cannot see never changes its decision") {
  namespace gf = go_fish;
  std::vector<gf::Strategies::Bound> settings;
  for (const StrategySetting& s : settings_of(gf::Strategies::infos(), false))
    settings.push_back(gf::Strategies::bind_defaults(s.strategy, s.overrides));
  int compared = 0;
  int hidden_changed = 0;
  for (int players = 2; players <= 5; ++players) {
    for (uint64_t deal = 0; deal < 25; ++deal) {
      gf::Rules rules;
      rules.players = players;
      rules.preset = deal % 4 == 3 ? gf::Preset::kSeed : gf::Preset::kStandard;
      std::vector<gf::AnyPlayer> seats;
      std::vector<Rng> rngs;
      for (int s = 0; s < players; ++s) {
        seats.push_back(gf::Strategies::make(settings[(s + deal) % settings.size()]));
        rngs.emplace_back(derive_seed(21, players, deal, player_purpose(s)));
      }
      Rng deal_rng(derive_seed(21, players, deal, Purpose::kEnvironment));
      Rng resample_rng(derive_seed(21, players, deal, 99));
      gf::Game game(rules, gf::shuffled_deck(rules, deal_rng).span());
      for (int s = 0; s < players; ++s)
        std::visit([&](auto& p) { p.begin(game.view(s)); }, seats[s]);
      size_t seen = 0;
      while (!game.over()) {
        for (; seen < game.history().size(); ++seen)
          for (int s = 0; s < players; ++s)
            std::visit([&](auto& p) { p.observe(game.history()[seen], game.view(s)); }, seats[s]);
        const int me = game.to_move();
        const gf::Game other = game.resample_hidden(me, resample_rng);
        for (int s = 0; s < players; ++s)
          if (s != me && !(other.hand(s).held_ranks() == game.hand(s).held_ranks()))
            ++hidden_changed;
        const gf::Ask ask = std::visit(
            [&](auto& p) {
              auto copy = p;
              Rng rng_copy = rngs[me];
              const gf::Ask on_other = copy.decide(other.view(me), rng_copy);
              const gf::Ask real = p.decide(game.view(me), rngs[me]);
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

// An external program sees only the view it is sent: the same view of a game
// whose hidden cards were dealt anew, byte for byte.
TEST_CASE("conformance: a Go Fish program's view shows nothing its player cannot see") {
  namespace gf = go_fish;
  int compared = 0;
  for (int players = 2; players <= 5; ++players) {
    for (uint64_t deal = 0; deal < 10; ++deal) {
      gf::Rules rules;
      rules.players = players;
      Rng deal_rng(derive_seed(22, players, deal, Purpose::kEnvironment));
      Rng pick(derive_seed(22, players, deal, 7));
      Rng resample_rng(derive_seed(22, players, deal, 99));
      gf::Game game(rules, gf::shuffled_deck(rules, deal_rng).span());
      while (!game.over()) {
        const int me = game.to_move();
        const gf::Game other = game.resample_hidden(me, resample_rng);
        REQUIRE(gf::view_json(game.view(me)).dump() == gf::view_json(other.view(me)).dump());
        ++compared;
        game.play(gf::RandomPlayer{}.decide(game.view(me), pick));
      }
    }
  }
  CHECK(compared > 500);
}

namespace {

// A Battleship shooter decides from its Rng alone (and the ShotResults it was
// told): nothing of the ocean reaches it, so a re-dealt fleet consistent with
// the shots so far cannot change a decision.
template <class Shooter>
concept DecidesBlind = requires(Shooter& s, Rng& rng, const battleship::ShotResult& result) {
  { s.choose(rng) } -> std::same_as<int>;
  s.observe(0, result);
};
template <class Shooter>
concept SeesTheOcean = requires(Shooter& s, Rng& rng, const battleship::Ocean& ocean) {
  s.choose(ocean, rng);
};

template <class... S>
constexpr bool all_blind(std::variant<S...>*) {
  return ((DecidesBlind<S> && !SeesTheOcean<S> &&
           !std::is_constructible_v<S, const battleship::Ocean&>)&&...);
}

}  // namespace

TEST_CASE("conformance: no Battleship shooter is handed the fleet it fires at") {
  STATIC_REQUIRE(all_blind(static_cast<battleship::AnyShooter*>(nullptr)));
}
