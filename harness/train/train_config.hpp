// The `train:` section of a config: how `arena train` teaches a `q-learning`
// player of Go Fish to ask (docs/training.md).
//
// Contract: load_train_config reads the whole config (the players, rules and
// seed as `arena run` reads them, harness/config/config.hpp) and its `train:`
// section, and either returns a TrainConfig with every default filled in or
// throws ConfigError naming the file, line, column and key at fault. Players
// are referred to by index into run.players. Nothing is written.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"

namespace arena {

// Where training starts: the learner's `policy` (its file, or the prior when
// it names none), or a table of zeros (every ask ties: a uniform player).
enum class TrainStart { kPolicy, kZero };
inline constexpr EnumName<TrainStart> kTrainStartNames[] = {{TrainStart::kPolicy, "policy"},
                                                            {TrainStart::kZero, "zero"}};

// The learning curve: every `every` training games, after each count in `at`
// (and before the first game), the greedy learner plays `games` fixed deals at a table of `seats`:
// itself and seats - 1 copies of each player in `against`, in every seat in turn.
struct TrainEvaluation {
  std::vector<int> against;  // players (indices); default: every player but the learner
  int seats = 3;
  uint64_t games = 1200;  // a multiple of seats
  uint64_t every = 10000;
  std::vector<uint64_t> at;  // extra points (training games), ascending, each a multiple of batch
  // Whether the curve has a point after `game` training games (of `total`).
  bool at_point(uint64_t game, uint64_t total) const;
};

struct TrainConfig {
  RunConfig run;
  int learner = 0;             // the player whose table learns (strategy q-learning)
  std::vector<int> opponents;  // players the learner meets; kSelf: its own current table
  std::vector<int> seats = {2, 3};
  uint64_t games = 100000;  // training games, a multiple of batch
  uint64_t batch = 1000;    // games per generation, played with one frozen table
  double learning_rate = 0.02;
  double discount = 0.9;
  double exploration_start = 0.2;  // linear from start to end over the games
  double exploration_end = 0.02;
  TrainStart start = TrainStart::kPolicy;
  TrainEvaluation evaluate;
  double checkpoint_seconds = 5;

  static constexpr int kSelf = -1;
  // The exploration rate of the generation that starts at game `game`.
  double exploration_at(uint64_t game) const;
};

// Loads `path` and its train section against `registry`.
TrainConfig load_train_config(const std::string& path, const Registry& registry);
// The same from YAML text (as if read from `file`).
TrainConfig parse_train_config(const std::string& text, const std::string& file,
                               const Registry& registry);

// The train section as resolved YAML (every default filled in, players by
// name); without `checkpoint_every` when `with_checkpoint` is false (it
// changes nothing learnt, so a run may resume under another).
std::string resolved_train_yaml(const TrainConfig& config, bool with_checkpoint = true);

// The JSON Schema of the train section (for `arena schema`).
nlohmann::ordered_json train_schema();

}  // namespace arena
