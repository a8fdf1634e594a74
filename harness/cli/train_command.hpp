// `arena train CONFIG.yaml`: Q-learning of a Go Fish `q-learning` player
// (harness/train/), with checkpoints, resume and progress like `arena run`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "harness/registry/registry.hpp"

namespace arena {

struct TrainOptions {
  std::string config_path;
  std::optional<int> threads;  // overrides the config's; 0 = all cores
  std::optional<uint64_t> seed;
  std::optional<std::string> out;
  bool quiet = false;
  bool resume = false;
};

// Exit codes as for arena run: 0 done (also --resume of finished training),
// 1 failed, 2 bad input, 130 interrupted (a checkpoint is left for --resume).
int train_command(const TrainOptions& options, const Registry& registry);

}  // namespace arena
