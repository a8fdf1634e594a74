// The matches a tuning run plays, built from its config as `arena run` would
// build them: the tuned player at a point, its opponents, the config's mode
// and rules, and as many games as the iterations take.
//
// Contract: a match config is the run's config with other players and
// games, no stop rules, expectations or recorded moves (the tuning writes no
// per-game files); with opponents it is a gauntlet of the tuned player (its
// first player) against them, so every table holds it. Played with
// prepare_run and run_games, so results do not depend on the thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/config.hpp"
#include "harness/config/tune_config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/progress.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/tune/spsa.hpp"

namespace arena {

// The tuned player with the values of `point` (integers as integers), named `name`.
PlayerConfig player_at(const RunConfig& config, const TuneConfig& tune, const Point& point,
                       const std::string& name);

// `config` with `players` and `games` (per table or pairing, as `games` counts them).
RunConfig match_config(const RunConfig& config, std::vector<PlayerConfig> players, uint64_t games);

// The opponents of the tuned player: the `against` players, or, with none,
// the tuned player at its start point (named "<variant>-start").
std::vector<PlayerConfig> opponents(const RunConfig& config, const TuneConfig& tune);

// The fewest games a match of `players` accepts as its `games` (a whole deal:
// every seat order; a pair of games when they are paired), found by building
// the match. Throws the match's ConfigError when no count up to the largest
// number of seat orders fits (the players cannot meet in this mode).
uint64_t games_per_deal(const Registry& registry, const RunConfig& config,
                        const std::vector<PlayerConfig>& players);

// Plays every game of `config` from `seed` on `threads` workers, counting them
// in `progress` (may be null); nullopt when `interrupt` (may be null) stopped
// the run before its last game.
std::optional<RunStats> play_match(const Registry& registry, const RunConfig& config, uint64_t seed,
                                   int threads, Progress* progress,
                                   const std::atomic<bool>* interrupt);

// Variant v's score: wins plus half the draws (a k-way shared first place
// counting 1/k), summed over its games.
double points_of(const RunStats& stats, int v);

}  // namespace arena
