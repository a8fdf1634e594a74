// Binds engines/chinese_checkers to the harness. Mode `play`: the variants
// take the seats of a `seats`-player table, every deal (here: the seats'
// random streams) played once per seat order (see seated_match.hpp). With two
// seats a game that reaches max_plies with nobody home is a draw; with more,
// seats are ranked by finishing order, then pieces in goal, then distance.
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "engines/chinese_checkers/describe.hpp"
#include "engines/chinese_checkers/game.hpp"
#include "engines/chinese_checkers/perft.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/bind_players.hpp"
#include "harness/adapters/chinese_checkers.hpp"
#include "harness/adapters/chinese_checkers_replay.hpp"
#include "harness/adapters/seated_match.hpp"

namespace arena {

namespace cc = chinese_checkers;

cc::Rules checkers_rules_of(const RunConfig& config) {
  cc::Rules rules;
  rules.players = static_cast<int>(config.rules.integer("seats"));
  rules.neutral_zones = config.rules.choice("neutral_zones") == "forbidden"
                            ? cc::NeutralZones::kForbidden
                            : cc::NeutralZones::kAllowed;
  rules.win =
      config.rules.choice("win") == "all-own" ? cc::WinRule::kAllOwn : cc::WinRule::kFilledWithOwn;
  rules.max_plies = static_cast<int>(config.rules.integer("max_plies"));
  if (!rules.valid()) throw config.error_at("rules.seats", "seats must be 2, 3, 4 or 6");
  return rules;
}

namespace {

// The table's seats, from rules known to be playable: the seat orders, and so
// how many games make whole deals, follow from them.
int checkers_seats(const RunConfig& config) {
  return checkers_rules_of(config).players;
}

// Strategies limited by the clock rather than by depth or iterations.
std::string timed_players(const RunConfig& config) {
  std::string names;
  for (const auto& player : config.players) {
    if (!is_linked(player.strategy) && !follows_from_seed(player))
      names += (names.empty() ? "" : ", ") + player.name;
  }
  return names;
}

class CheckersMatch final : public SeatedMatch {
 public:
  CheckersMatch(const RunConfig& config, uint64_t seed)
      : SeatedMatch(config, seed, checkers_seats(config)),
        rules_(checkers_rules_of(config)),
        players_(bind_players<cc::Strategies>(config.players, "chinese-checkers")),
        timed_(timed_players(config)) {}

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  std::vector<std::string> phases() const override { return {"opening", "middle", "end"}; }
  std::string nondeterminism() const override {
    return timed_.empty() ? ""
                          : "time-limited search (" + timed_ +
                                "): moves depend on the machine's speed and load";
  }

 private:
  void play_seated(const SeatedGame& game, GameSink& sink) const override {
    const size_t seats = game.lineup.size();
    // Only the seats in play are built: an array of kMaxPlayers variants
    // would zero every one of them, a tenth of a cheap game.
    std::vector<cc::AnyPlayer> players;
    players.reserve(seats);
    for (size_t s = 0; s < seats; ++s)
      players.push_back(cc::Strategies::make(players_[static_cast<size_t>(game.lineup[s])],
                                             game.external(sink, s)));
    auto rngs = game.seat_rngs();
    const cc::GameResult r = sink.with_timer([&](auto& timer) {
      return cc::play_game(rules_, std::span(players.data(), seats), std::span(rngs.data(), seats),
                           timer, game.lineup);
    });
    for (size_t s = 0; s < seats; ++s) {
      // Two seats: a game cut off at max_plies is a draw, whoever was ahead.
      const int rank = r.draw && seats == 2 ? 1 : r.rank[s];
      SeatResult seat{
          game.lineup[s],
          rank,
          {r.plies, r.finish_ply[s] >= 0 ? 1 : 0, r.pieces_in_goal[s], r.distance_to_goal[s]},
          Outcome::kByRank,
          static_cast<int>(s)};
      seat.cut_off = r.cut_off;
      sink.add(seat);
    }
  }

  // The star after every move, with the moving piece's path; as data, each
  // seat's holes and the move (harness/output/replay_boards/chinese_checkers.js).
  std::optional<GameReplay> replay_seated(const SeatedGame& game,
                                          const MoveLog& moves) const override {
    GameReplay replay{cc::star_legend(), {}, {}};
    for (size_t s = 0; s < game.lineup.size(); ++s)
      replay.legend.push_back(fmt::format("seat {}: {}", s + 1, name(game.lineup[s])));
    cc::State state = cc::State::initial(rules_);
    replay.start = cc::render_star(state);
    replay.start_state = checkers_start_state_json(state);
    const auto entries = moves.entries();
    size_t next = 0;
    while (!state.game_over() && next < entries.size()) {
      const int seat = state.side_to_move();
      const std::string who = fmt::format("seat {} ({})", seat + 1, name(game.lineup[seat]));
      if (!cc::has_move(state)) {
        state.pass();
        const nlohmann::json move = {{"seat", seat}, {"pass", true}};
        replay.steps.push_back({-1, who + " has no move and passes", move, cc::render_star(state),
                                checkers_state_json(state, move)});
        continue;
      }
      const MoveLog::Entry& e = entries[next++];
      if (e.variant != game.lineup[seat]) throw RecordMismatch("a move by a seat not to move");
      if (e.kind == MoveLog::Kind::kFault) {
        replay.steps.push_back(fault_step(moves, e, who));
        replay.steps.back().board = cc::render_star(state);
        replay.steps.back().state = checkers_state_json(state, nullptr);
        break;
      }
      const cc::Move m = cc::decode(static_cast<int>(moves.value(e)));
      nlohmann::json move = {{"seat", seat}, {"from", m.from}, {"to", m.to}};
      if (!cc::is_legal(state, m)) {
        move["legal"] = false;
        replay.steps.push_back(
            {e.variant,
             fmt::format("{} moves a piece from hole {} to hole {}: not a legal move", who, m.from,
                         m.to),
             move, cc::render_star(state), checkers_state_json(state, move), moves.explanation(e)});
        break;
      }
      const std::vector<int> path = cc::move_path(state, m);
      state.apply(m);
      move["path"] = path;
      replay.steps.push_back({e.variant, checkers_move_text(who, path), move,
                              cc::render_star(state, path), checkers_state_json(state, move),
                              moves.explanation(e)});
    }
    return replay;
  }

  cc::Rules rules_;
  std::vector<cc::Strategies::Bound> players_;
  std::string timed_;
  std::vector<MetricSpec> metrics_ = {
      {"plies", "plies", "plies (single moves of any seat) the game lasted"},
      {"finished", "", "1 when this seat filled its goal"},
      {"in_goal", "pieces", "own pieces in the goal triangle at the end"},
      {"distance", "steps", "sum over own pieces of the distance to the goal at the end",
       Better::kLower}};
};

std::vector<ParamSpec> checkers_rule_params() {
  const cc::Rules defaults;
  return {
      ParamSpec::integer("seats", defaults.players, 2, 6,
                         "players at the table: 2 (opposite triangles), 3 (alternate), 4 (two "
                         "opposite pairs) or 6"),
      ParamSpec::choice("neutral_zones", "allowed", {"allowed", "forbidden"},
                        "forbidden: no move may end in a triangle that is neither the mover's "
                        "home nor its goal"),
      ParamSpec::choice("win", "filled-with-own", {"filled-with-own", "all-own"},
                        "goal full with at least one own piece (anti-spoiling), or all ten own"),
      ParamSpec::integer("max_plies", defaults.max_plies, 1, 1'000'000,
                         "plies before the game is cut off (a draw with two seats)"),
  };
}

}  // namespace

EngineSpec chinese_checkers_engine() {
  EngineSpec engine = seated_engine<CheckersMatch>(
      "chinese-checkers", "Chinese Checkers on the 121-hole star, 2 to 6 players, 10 pieces each",
      checkers_rule_params(), cc::Strategies::infos(), HiddenInformation::none());
  engine.short_rules = {{"max_plies", int64_t{40}}};
  // Its searches take milliseconds a move: 1200 games a pairing were 50
  // minutes on two cores, 24 take about one (docs/measurements.md).
  engine.new_config_games = 24;
  // In pairs, and at a six-seat table under the other rule choices.
  engine.bench_cases = {
      {"chinese-checkers", 0, {{"seats", int64_t{2}}, {"max_plies", int64_t{300}}}, 8, 2},
      {"chinese-checkers-6p",
       0,
       {{"seats", int64_t{6}},
        {"max_plies", int64_t{200}},
        {"neutral_zones", std::string("forbidden")},
        {"win", std::string("all-own")}},
       9,
       1,
       false},
  };
  engine.bot_hello = [] { return cc::board_json(); };
  engine.solitaire = checkers_solitaire;
  engine.perft = [](int players, int depth) {
    cc::Rules rules;
    rules.players = players;
    if (!rules.valid())
      throw std::invalid_argument(fmt::format("'{}' is not one of 2 | 3 | 4 | 6", players));
    return cc::perft(rules, depth);
  };
  return engine;
}

}  // namespace arena
