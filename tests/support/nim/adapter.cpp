// Binds the test-only nim engine (game.hpp, strategies.hpp) to the harness,
// as harness/adapters/<game>.cpp does for a shipped engine: its EngineSpec
// (rules, strategies, the match) and, in place of a line in make_registry(),
// registry_with_nim(). Played through the same SeatedMatch as the shipped
// table games, so a forfeit here goes through the runner exactly as one in
// Go Fish would.
#include "tests/support/nim/nim_engine.hpp"

#include "harness/adapters/adapters.hpp"
#include "harness/adapters/bind_players.hpp"
#include "harness/adapters/seated_match.hpp"
#include "tests/support/nim/game.hpp"
#include "tests/support/nim/strategies.hpp"

namespace arena::testing {
namespace {

class NimMatch final : public SeatedMatch {
 public:
  NimMatch(const RunConfig& config, uint64_t seed)
      : SeatedMatch(config, seed, static_cast<int>(config.rules.integer("players"))),
        rules_{static_cast<int>(config.rules.integer("players")),
               static_cast<int>(config.rules.integer("stones")),
               static_cast<int>(config.rules.integer("max_take"))},
        players_(bind_players<nim::Strategies>(config.players, "nim")) {}

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }

 private:
  void play_seated(const SeatedGame& game, GameSink& sink) const override {
    const auto seats = static_cast<size_t>(rules_.players);
    std::array<nim::Strategies::Player, 6> players;
    for (size_t s = 0; s < seats; ++s)
      players[s] = nim::Strategies::make(players_[static_cast<size_t>(game.lineup[s])]);
    auto rngs = game.seat_rngs();
    const nim::GameResult r =
        nim::play_nim(rules_, players, std::span(rngs.data(), seats), sink.timer(), game.lineup);
    for (size_t s = 0; s < seats; ++s) {
      sink.add(SeatResult{game.lineup[s],
                          static_cast<int>(s) == r.winner ? 1 : 2,
                          {r.takes},
                          Outcome::kByRank,
                          static_cast<int>(s)});
    }
  }

  // The pile after every take: one line of stones ('o').
  std::optional<GameReplay> replay_seated(const SeatedGame& /*game*/,
                                          const MoveLog& moves) const override {
    int pile = rules_.stones;
    const auto draw = [&] { return std::vector<std::string>{std::string(pile, 'o')}; };
    GameReplay replay{{"o a stone left in the pile"}, draw(), {}};
    for (const MoveLog::Entry& e : moves.entries()) {
      if (e.kind == MoveLog::Kind::kFault) {
        replay.steps.push_back(fault_step(moves, e, name(e.variant)));
      } else {
        const auto take = static_cast<int>(moves.value(e));
        pile -= std::clamp(take, 0, pile);
        replay.steps.push_back(
            {e.variant, name(e.variant) + " takes " + std::to_string(take), {{"take", take}}, {}});
      }
      replay.steps.back().board = draw();
    }
    return replay;
  }

  nim::Rules rules_;
  std::vector<nim::Strategies::Bound> players_;
  std::vector<MetricSpec> metrics_ = {
      {"takes", "takes", "takes in the game, by every seat", Better::kLower}};
};

}  // namespace

EngineSpec nim_engine() {
  return seated_engine<NimMatch>(
      "nim", "test only: take 1 to max_take stones; who takes the last wins",
      {ParamSpec::integer("players", 2, 2, 6, "seats at the table"),
       ParamSpec::integer("stones", 21, 1, 1000, "stones in the pile"),
       ParamSpec::integer("max_take", 3, 1, 100, "most stones one take may remove")},
      nim::Strategies::infos(), HiddenInformation::none());
}

Registry registry_with_nim() {
  Registry registry = make_registry();
  registry.add(nim_engine());
  return registry;
}

}  // namespace arena::testing
