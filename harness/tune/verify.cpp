#include "harness/tune/verify.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "harness/config/tune_config.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/stopping.hpp"
#include "harness/stats/summary.hpp"
#include "harness/tune/matches.hpp"

namespace arena {
namespace {

using OrderedJson = nlohmann::ordered_json;

// `players` with tune.verify.games games, checked to be whole deals; stopped
// by tune.verify.sprt when `sprt` (the head-to-head match only: the matches
// against the opponents play every game, so that tuned and start meet the same deals).
RunConfig verify_config(const Registry& registry, const RunConfig& config,
                        const std::vector<PlayerConfig>& players, bool sprt) {
  const uint64_t games = config.tune->verify.games;
  const uint64_t deal = games_per_deal(registry, config, players);
  if (games % deal != 0) {
    throw config.error_at("tune.verify.games",
                          fmt::format("{} games are not whole deals of the verification: use a "
                                      "multiple of {}",
                                      games, deal));
  }
  RunConfig match = match_config(config, players, games);
  if (sprt && config.tune->verify.sprt) {
    match.stop.sprt = config.tune->verify.sprt;
    // Checked every ~1000 games, at a deal boundary so that pairs stay whole.
    match.stop.batch = deal * std::max<uint64_t>(1, 1000 / deal);
  }
  return match;
}

// What summary.json says of the match, without timing, latency and notable games.
OrderedJson match_json(const RunConfig& config, const Match& match, const RunStats& stats) {
  RunInfo info;
  info.planned_games = match.game_count();
  const OrderedJson summary = summary_json(summarize(config, info, match, stats));
  OrderedJson variants = OrderedJson::array();
  for (const OrderedJson& v : summary["variants"]) {
    OrderedJson metrics = OrderedJson::object();
    for (const auto& [name, m] : v["metrics"].items())
      metrics[name] = m["mean"];
    OrderedJson entry;
    for (const char* key : {"name", "games", "wins", "losses", "draws", "win_rate", "win_share"}) {
      if (v.contains(key)) entry[key] = v[key];
    }
    entry["metrics"] = metrics;
    entry["cut_off"] = v["cut_off"];
    variants.push_back(entry);
  }
  OrderedJson out = {{"players", OrderedJson::array()}, {"games", stats.games()}};
  for (const PlayerConfig& p : config.players)
    out["players"].push_back(p.name);
  out["variants"] = variants;
  out["matches"] = summary["matches"];
  if (summary.contains("stop")) out["stop"] = summary["stop"];
  return out;
}

// Tuned and start point; at a table of more seats (`rules.seats`, as every
// table engine names its size) the opponents take the others, so that each
// of the two sits once per table rather than filling the seats in turn.
std::vector<PlayerConfig> head_to_head_players(const RunConfig& config, PlayerConfig tuned,
                                               PlayerConfig start) {
  std::vector<PlayerConfig> players = {std::move(tuned), std::move(start)};
  const int64_t seats =
      config.rules.contains("seats") && std::holds_alternative<int64_t>(config.rules.at("seats"))
          ? config.rules.integer("seats")
          : 2;
  for (int i : config.tune->against) {
    if (static_cast<int64_t>(players.size()) >= seats) break;
    players.push_back(config.players[static_cast<size_t>(i)]);
  }
  return players;
}

std::optional<OrderedJson> play_one(const Registry& registry, const RunConfig& config,
                                    uint64_t seed, int threads, Progress* progress,
                                    const std::atomic<bool>* interrupt) {
  PreparedRun prepared = prepare_run(registry, config, seed, threads);
  RunPlan& plan = prepared.plan;
  plan.interrupt = interrupt;
  if (config.stop.any()) {
    plan.check_every = config.stop.batch;
    plan.stop_when = [&stop = config.stop](const RunStats& so_far) {
      return !evaluate_stop(stop, so_far).stopped_by.empty();
    };
  }
  const RunStats stats = run_games(*prepared.match, plan, nullptr, progress);
  const bool stopped = !evaluate_stop(config.stop, stats).stopped_by.empty();
  if (stats.games() < plan.games && !stopped) return std::nullopt;
  return match_json(config, *prepared.match, stats);
}

// The tuned player's mean Elo against the opponents minus the start point's,
// with the root sum of squares of the two 95% errors (conservative: both
// played the same deals, whose luck the difference cancels); null when an
// Elo is unbounded.
OrderedJson difference_json(const OrderedJson& tuned, const OrderedJson& start) {
  const auto mean_elo = [](const OrderedJson& match, double& elo, double& error) {
    int n = 0;
    elo = error = 0;
    for (const OrderedJson& m : match["matches"]) {
      if (m["a"] != match["players"][0]) continue;
      if (!m["elo"].is_number() || !m["elo_error"].is_number()) return false;
      elo += m["elo"].get<double>();
      error += m["elo_error"].get<double>();
      ++n;
    }
    elo /= n;
    error /= n;
    return n > 0;
  };
  double tuned_elo = 0, tuned_error = 0, start_elo = 0, start_error = 0;
  if (!mean_elo(tuned, tuned_elo, tuned_error) || !mean_elo(start, start_elo, start_error))
    return {{"elo", nullptr}, {"elo_error", nullptr}};
  return {{"elo", tuned_elo - start_elo}, {"elo_error", std::hypot(tuned_error, start_error)}};
}

}  // namespace

Verification::Verification(const Registry& registry, const RunConfig& config, const Point& tuned)
    : registry_(registry), config_(config) {
  const TuneConfig& tune = *config.tune;
  const std::string& name = config.players[static_cast<size_t>(tune.variant)].name;
  const PlayerConfig tuned_player = player_at(config, tune, tuned, name + "-tuned");
  const PlayerConfig start_player = player_at(config, tune, start_point(tune), name + "-start");
  head_to_head_ = verify_config(registry, config,
                                head_to_head_players(config, tuned_player, start_player), true);
  if (tune.against.empty()) return;
  std::vector<PlayerConfig> with_tuned = {tuned_player};
  std::vector<PlayerConfig> with_start = {start_player};
  for (int i : tune.against) {
    with_tuned.push_back(config.players[static_cast<size_t>(i)]);
    with_start.push_back(config.players[static_cast<size_t>(i)]);
  }
  tuned_against_ = verify_config(registry, config, with_tuned, false);
  start_against_ = verify_config(registry, config, with_start, false);
}

uint64_t Verification::games() const {
  const auto count = [&](const RunConfig& c) {
    return registry_.find(c.engine)->make_match(c, 0)->game_count();
  };
  uint64_t games = count(head_to_head_);
  if (tuned_against_) games += count(*tuned_against_) + count(*start_against_);
  return games;
}

std::optional<OrderedJson> Verification::play(uint64_t master_seed, int threads, Progress* progress,
                                              const std::atomic<bool>* interrupt) const {
  OrderedJson out;
  const auto h2h =
      play_one(registry_, head_to_head_, tune_seed(master_seed, 0, TunePurpose::kVerify), threads,
               progress, interrupt);
  if (!h2h) return std::nullopt;
  out["head_to_head"] = *h2h;
  if (!tuned_against_) return out;
  // Both on one seed: the same deals, so the comparison is paired.
  const uint64_t seed = tune_seed(master_seed, 1, TunePurpose::kVerify);
  const auto tuned = play_one(registry_, *tuned_against_, seed, threads, progress, interrupt);
  if (!tuned) return std::nullopt;
  const auto start = play_one(registry_, *start_against_, seed, threads, progress, interrupt);
  if (!start) return std::nullopt;
  out["against"] = {
      {"tuned", *tuned}, {"start", *start}, {"difference", difference_json(*tuned, *start)}};
  return out;
}

}  // namespace arena
