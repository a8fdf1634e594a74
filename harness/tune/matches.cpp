#include "harness/tune/matches.hpp"

#include <cmath>

#include "harness/runner/runner.hpp"

namespace arena {

PlayerConfig player_at(const RunConfig& config, const TuneConfig& tune, const Point& point,
                       const std::string& name) {
  PlayerConfig player = config.players[static_cast<size_t>(tune.variant)];
  player.name = name;
  for (size_t i = 0; i < tune.params.size(); ++i) {
    const TuneParam& p = tune.params[i];
    if (p.integer) {
      player.params.set(p.name, static_cast<int64_t>(std::llround(point[i])));
    } else {
      player.params.set(p.name, point[i]);
    }
  }
  return player;
}

RunConfig match_config(const RunConfig& config, std::vector<PlayerConfig> players, uint64_t games) {
  RunConfig match = config;
  match.players = std::move(players);
  match.games = games;
  match.format = Format::kGauntlet;  // with two players, their one pairing
  match.stop = {};
  match.expect.clear();
  match.output.moves = MovesRecord::kNone;
  match.output.games_csv = GamesCsv::kNone;
  match.tune = nullptr;
  return match;
}

std::vector<PlayerConfig> opponents(const RunConfig& config, const TuneConfig& tune) {
  std::vector<PlayerConfig> out;
  for (int i : tune.against)
    out.push_back(config.players[static_cast<size_t>(i)]);
  if (out.empty()) {
    const std::string& name = config.players[static_cast<size_t>(tune.variant)].name;
    out.push_back(player_at(config, tune, start_point(tune), name + "-start"));
  }
  return out;
}

uint64_t games_per_deal(const Registry& registry, const RunConfig& config,
                        const std::vector<PlayerConfig>& players) {
  const EngineSpec& engine = *registry.find(config.engine);
  // Up to every seat order of five seats (Seating::kMaxOrders) and beyond.
  constexpr uint64_t kLargest = 1024;
  for (uint64_t games = 1;; ++games) {
    try {
      engine.make_match(match_config(config, players, games), 0);
      return games;
    } catch (const ConfigError& e) {
      // Only "games: ... do not split ..." means another count may fit.
      if (games == kLargest || e.message().rfind("games:", 0) != 0) throw;
    }
  }
}

std::optional<RunStats> play_match(const Registry& registry, const RunConfig& config, uint64_t seed,
                                   int threads, Progress* progress,
                                   const std::atomic<bool>* interrupt) {
  PreparedRun prepared = prepare_run(registry, config, seed, threads);
  prepared.plan.interrupt = interrupt;
  RunStats stats = run_games(*prepared.match, prepared.plan, nullptr, progress);
  if (stats.games() < prepared.plan.games) return std::nullopt;
  return stats;
}

double points_of(const RunStats& stats, int v) {
  return static_cast<double>(stats.variant(v).win_share_units) / static_cast<double>(kWinShareUnit);
}

}  // namespace arena
