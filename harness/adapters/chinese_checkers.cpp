// Binds engines/chinese_checkers to the harness. Mode `play`: the variants
// take the seats of a `seats`-player table, every deal (here: the seats'
// random streams) played once per seat order (see seated_match.hpp). With two
// seats a game that reaches max_plies with nobody home is a draw; with more,
// seats are ranked by finishing order, then pieces in goal, then distance.
#include <stdexcept>

#include <fmt/format.h>

#include "engines/chinese_checkers/game.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/seated_match.hpp"

namespace arena {
namespace {

namespace cc = chinese_checkers;

cc::Eval eval_from(const ParamSet& p) {
  return p.choice("eval") == "seed" ? cc::Eval::kSeed : cc::Eval::kProgress;
}

cc::AnyPlayer player_from(const PlayerConfig& player) {
  const ParamSet& p = player.params;
  if (player.strategy == "greedy") {
    return cc::GreedyPlayer(cc::GreedyParams{
        eval_from(p), p.real("progress_weight"), p.real("goal_bonus"), p.real("centre_weight"),
        p.real("grouping_weight"), p.real("hop_weight"), p.real("hop_length_bonus")});
  }
  if (player.strategy == "minimax") {
    return cc::MinimaxPlayer(cc::MinimaxParams{
        static_cast<int>(p.integer("depth")),
        p.choice("scoring") == "seed" ? cc::Scoring::kSeed : cc::Scoring::kNegamax, eval_from(p),
        p.real("hop_length_bonus")});
  }
  if (player.strategy == "alphabeta") {
    return cc::AlphaBetaPlayer(cc::AlphaBetaParams{
        static_cast<int>(p.integer("depth")), static_cast<int>(p.integer("time_ms")),
        static_cast<int>(p.integer("tt_mb")), eval_from(p)});
  }
  if (player.strategy == "mcts") {
    return cc::MctsPlayer(cc::MctsParams{
        static_cast<int>(p.integer("iterations")), static_cast<int>(p.integer("time_ms")),
        p.choice("playout") == "random" ? cc::Playout::kRandom : cc::Playout::kGreedyBiased,
        p.real("exploration"), static_cast<int>(p.integer("playout_depth")),
        p.real("random_fraction")});
  }
  if (player.strategy == "random") return cc::RandomPlayer();
  throw std::logic_error("chinese-checkers adapter: unknown strategy '" + player.strategy + "'");
}

cc::Rules rules_from(const RunConfig& config) {
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

// Strategies limited by the clock rather than by depth or iterations.
std::string timed_players(const RunConfig& config) {
  std::string names;
  for (const auto& player : config.players) {
    if (player.params.contains("time_ms") && player.params.integer("time_ms") > 0)
      names += (names.empty() ? "" : ", ") + player.name;
  }
  return names;
}

class PlayMatch final : public SeatedMatch {
 public:
  PlayMatch(const RunConfig& config, uint64_t seed)
      : SeatedMatch(config, seed, static_cast<int>(config.rules.integer("seats"))),
        rules_(rules_from(config)),
        players_(config.players),
        timed_(timed_players(config)) {
    for (const auto& player : players_)
      player_from(player);  // an unknown strategy fails here, not in the first game
  }

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
    std::array<cc::AnyPlayer, cc::kMaxPlayers> players;
    for (size_t s = 0; s < seats; ++s)
      players[s] = player_from(players_[static_cast<size_t>(game.lineup[s])]);
    auto rngs = game.seat_rngs();
    const cc::GameResult r =
        cc::play_game(rules_, std::span(players.data(), seats), std::span(rngs.data(), seats),
                      sink.timer(), game.lineup);
    for (size_t s = 0; s < seats; ++s) {
      // Two seats: a game cut off at max_plies is a draw, whoever was ahead.
      const int rank = r.draw && seats == 2 ? 1 : r.rank[s];
      sink.add(SeatResult{
          game.lineup[s],
          rank,
          {r.plies, r.finish_ply[s] >= 0 ? 1 : 0, r.pieces_in_goal[s], r.distance_to_goal[s]},
          Outcome::kByRank,
          static_cast<int>(s)});
    }
  }

  cc::Rules rules_;
  std::vector<PlayerConfig> players_;
  std::string timed_;
  std::vector<MetricSpec> metrics_ = {
      {"plies", "plies", "plies (single moves of any seat) the game lasted"},
      {"finished", "", "1 when this seat filled its goal"},
      {"in_goal", "pieces", "own pieces in the goal triangle at the end"},
      {"distance", "steps", "sum over own pieces of the distance to the goal at the end"}};
};

std::vector<ParamSpec> rule_params() {
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

ParamSpec eval_param(const char* def) {
  return ParamSpec::choice("eval", def, {"seed", "progress"},
                           "seed: the seed's four weighted features; progress: distance to the "
                           "goal (cheaper, stronger)");
}

std::vector<StrategySpec> strategy_specs() {
  const cc::GreedyParams g;
  const cc::MinimaxParams m;
  const cc::AlphaBetaParams a;
  const cc::MctsParams u;
  return {
      {"random", "a uniformly random legal move", {}},
      {"greedy",
       "the move whose resulting position evaluates best (the seed's one-move selector); ties "
       "at random",
       {eval_param("seed"),
        ParamSpec::real("progress_weight", g.progress_weight, 0, 1e6,
                        "seed eval: progress toward the goal centre"),
        ParamSpec::real("goal_bonus", g.goal_bonus, 0, 1e6, "seed eval: per piece in the goal"),
        ParamSpec::real("centre_weight", g.centre_weight, 0, 1e6,
                        "seed eval: closeness to the board's centre line (2 x 0.3)"),
        ParamSpec::real("grouping_weight", g.grouping_weight, 0, 1e6,
                        "seed eval: own pieces next to each other"),
        ParamSpec::real("hop_weight", g.hop_weight, 0, 1e6, "seed eval: hops available"),
        ParamSpec::real("hop_length_bonus", g.hop_length_bonus, 0, 1e6,
                        "bonus per hole a move advances by hopping")}},
      {"minimax",
       "fixed-depth minimax over the opponents' replies from the position after our move",
       {ParamSpec::integer("depth", m.depth, 1, 6, "plies searched"),
        ParamSpec::choice("scoring", "negamax", {"negamax", "seed"},
                          "negamax, or the seed's own eval minus half the opponent's best reply"),
        eval_param("progress"),
        ParamSpec::real("hop_length_bonus", m.hop_length_bonus, 0, 1e6,
                        "seed scoring: bonus per hole advanced by hopping")}},
      {"alphabeta",
       "iterative-deepening alpha-beta with move ordering and a Zobrist transposition table; "
       "paranoid with more than two seats",
       {ParamSpec::integer("depth", a.depth, 1, 12, "deepest iteration"),
        ParamSpec::integer("time_ms", a.time_ms, 0, 3'600'000,
                           "per-move time limit, 0 = none (a limit makes games depend on speed)"),
        ParamSpec::integer("tt_mb", a.tt_mb, 1, 4096, "transposition table size (MiB)"),
        eval_param("progress")}},
      {"mcts",
       "UCT Monte Carlo tree search with random or greedy-biased playouts",
       {ParamSpec::integer("iterations", u.iterations, 1, 100'000'000, "playouts per move"),
        ParamSpec::integer("time_ms", u.time_ms, 0, 3'600'000,
                           "per-move time limit instead of iterations, 0 = none"),
        ParamSpec::choice("playout", "greedy", {"random", "greedy"},
                          "playout moves: uniform, or mostly the best progress"),
        ParamSpec::real("exploration", u.exploration, 0, 100, "UCT constant c"),
        ParamSpec::integer("playout_depth", u.playout_depth, 1, 10'000,
                           "plies per playout before it is scored"),
        ParamSpec::real("random_fraction", u.random_fraction, 0, 1,
                        "greedy playouts: share of uniformly random moves")}},
  };
}

}  // namespace

EngineSpec chinese_checkers_engine() {
  return seated_engine<PlayMatch>(
      "chinese-checkers", "Chinese Checkers on the 121-hole star, 2 to 6 players, 10 pieces each",
      rule_params(), strategy_specs());
}

}  // namespace arena
