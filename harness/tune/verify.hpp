// The verification of `arena tune`: matches that are not part of the search,
// on games of their own (derive_seed(master, kTuneStream, k, kVerify), which
// no step uses), that say whether the tuned values are better.
//
// Contract: two kinds of match, each in the config's mode and rules:
// - `head_to_head`: the tuned player ("<variant>-tuned") against its start
//   point ("<variant>-start"), tune.verify.games games (paired where the mode
//   pairs them), stopped early by tune.verify.sprt when one is given; at
//   tables of more than two seats the opponents fill the other seats;
// - `against` (when the search had opponents): the tuned player and the start
//   point each against the opponents on the same deals, tune.verify.games
//   games per table each; `difference`: the tuned player's mean Elo against
//   them minus the start point's, with the root sum of squares of their 95%
//   errors (null when an Elo is unbounded).
// Each reports what summary.json would (games, per variant W/L/D, win rate,
// win share, metric means; per pair W/L/D, pentanomial, Elo with its 95%
// error, LOS; the SPRT's LLR and verdict) without its timing fields, so the
// verification is the same whatever the thread count.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/progress.hpp"
#include "harness/tune/spsa.hpp"

namespace arena {

class Verification {
 public:
  // Throws ConfigError at tune.verify.games when the games are not whole deals.
  Verification(const Registry& registry, const RunConfig& config, const Point& tuned);

  // Games it plays at most (for the progress).
  uint64_t games() const;
  // Plays the matches; nullopt when interrupted.
  std::optional<nlohmann::ordered_json> play(uint64_t master_seed, int threads, Progress* progress,
                                             const std::atomic<bool>* interrupt) const;

 private:
  const Registry& registry_;
  const RunConfig& config_;
  RunConfig head_to_head_;
  std::optional<RunConfig> tuned_against_;
  std::optional<RunConfig> start_against_;
};

}  // namespace arena
