#include "harness/tune/game_objective.hpp"

#include "harness/tune/matches.hpp"

namespace arena {
namespace {

// Games `players` play per deal in all, every table included.
uint64_t deal_games(const Registry& registry, const RunConfig& config,
                    const std::vector<PlayerConfig>& players, uint64_t games_per_table) {
  const EngineSpec& engine = *registry.find(config.engine);
  return engine.make_match(match_config(config, players, games_per_table), 0)->game_count();
}

}  // namespace

GameObjective::GameObjective(const Registry& registry, const RunConfig& config, int threads,
                             const std::atomic<bool>* interrupt)
    : registry_(registry),
      config_(config),
      tune_(*config.tune),
      threads_(threads),
      interrupt_(interrupt),
      opponents_(opponents(config, *config.tune)) {
  const Point start = start_point(tune_);
  const std::string& name = config.players[static_cast<size_t>(tune_.variant)].name;
  if (tune_.method == TuneMethod::kSpsa && tune_.against.empty()) {
    const std::vector<PlayerConfig> duel = {player_at(config, tune_, start, name + "+"),
                                            player_at(config, tune_, start, name + "-")};
    duel_deal_ = games_per_deal(registry, config, duel);
    iteration_games_ = deal_games(registry, config, duel, duel_deal_);
    return;
  }
  std::vector<PlayerConfig> table = {player_at(config, tune_, start, name)};
  table.insert(table.end(), opponents_.begin(), opponents_.end());
  opponent_deal_ = games_per_deal(registry, config, table);
  iteration_games_ = deal_games(registry, config, table, opponent_deal_);
}

RunConfig GameObjective::match_of(const Point& point, const std::string& name,
                                  bool against_other_side, const Point& other,
                                  uint64_t iterations) const {
  const std::string& variant = config_.players[static_cast<size_t>(tune_.variant)].name;
  std::vector<PlayerConfig> players = {player_at(config_, tune_, point, variant + name)};
  if (against_other_side) {
    players.push_back(player_at(config_, tune_, other, variant + "-"));
    return match_config(config_, std::move(players), iterations * duel_deal_);
  }
  players.insert(players.end(), opponents_.begin(), opponents_.end());
  return match_config(config_, std::move(players), iterations * opponent_deal_);
}

std::optional<RunStats> GameObjective::play(const RunConfig& config, uint64_t seed) const {
  return play_match(registry_, config, seed, threads_, progress_, interrupt_);
}

std::optional<double> GameObjective::compare(const Point& plus, const Point& minus,
                                             uint64_t iterations, uint64_t seed) {
  const double per_iteration = static_cast<double>(iteration_games_);
  if (tune_.against.empty()) {
    const auto stats = play(match_of(plus, "+", true, minus, iterations), seed);
    if (!stats) return std::nullopt;
    const Record& r = stats->pair(0, 1);
    return (static_cast<double>(r.wins) - static_cast<double>(r.losses)) * 2 / per_iteration;
  }
  // Both sides on the same seed: the same deals, so the deals' luck cancels.
  const auto with_plus = play(match_of(plus, "", false, {}, iterations), seed);
  if (!with_plus) return std::nullopt;
  const auto with_minus = play(match_of(minus, "", false, {}, iterations), seed);
  if (!with_minus) return std::nullopt;
  return 4 * (points_of(*with_plus, 0) - points_of(*with_minus, 0)) / per_iteration;
}

std::optional<std::vector<double>> GameObjective::evaluate(const std::vector<Point>& points,
                                                           uint64_t iterations, uint64_t seed) {
  std::vector<double> scores;
  for (const Point& point : points) {
    const auto stats = play(match_of(point, "", false, {}, iterations), seed);
    if (!stats) return std::nullopt;
    scores.push_back(points_of(*stats, 0) / static_cast<double>(stats->variant(0).games));
  }
  return scores;
}

}  // namespace arena
