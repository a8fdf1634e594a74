// What the environment says about an MPI launch; built with and without MPI
// (built_with_mpi() is in distributed_mpi.cpp or distributed_none.cpp).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "harness/cli/distributed.hpp"

namespace arena {

int launched_processes() {
  // Open MPI's mpirun; Hydra (MPICH, Intel MPI) and srun --mpi=pmi2; any srun step.
  int processes = 1;
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"}) {
    const char* text = std::getenv(name);
    if (!text) continue;
    int value = 0;
    const char* end = text + std::strlen(text);
    if (std::from_chars(text, end, value).ptr == end && value > processes) processes = value;
  }
  return processes;
}

std::string mpi_launch_refusal(bool with_mpi, int processes) {
  if (with_mpi || processes <= 1) return "";
  return fmt::format(
      "arena: started as one of {} MPI processes, but this arena was built without MPI support, "
      "so each process would play the whole run; install Open MPI (apt-get install "
      "libopenmpi-dev openmpi-bin), configure and build again (cmake then prints 'arena: MPI "
      "support ON'), or run arena without mpirun/srun",
      processes);
}

RoundSizer::RoundSizer(uint64_t unit, int ranks, uint64_t bytes_per_rank)
    : unit_(unit),
      max_round_(std::max(unit, (static_cast<uint64_t>(ranks) << 20) / unit * unit)),
      budget_(bytes_per_rank * static_cast<uint64_t>(ranks)),
      round_(std::min(unit * 16, max_round_)) {}

uint64_t RoundSizer::games() const {
  if (bytes_per_game_ <= 0) return round_;
  const double fit = std::floor(static_cast<double>(budget_) / bytes_per_game_);
  const uint64_t by_bytes =
      fit >= static_cast<double>(max_round_) ? max_round_ : static_cast<uint64_t>(fit);
  return std::min(round_, std::max(unit_, by_bytes / unit_ * unit_));
}

void RoundSizer::observed(uint64_t games, double seconds, uint64_t bytes) {
  if (games > 0) {
    bytes_per_game_ =
        std::max(bytes_per_game_, static_cast<double>(bytes) / static_cast<double>(games));
  }
  if (seconds < 0.5) round_ = std::min(round_ * 2, max_round_);
  if (seconds > 2) round_ = std::max(unit_, round_ / 2 / unit_ * unit_);
}

uint64_t bytes_from_env(const char* name, uint64_t otherwise) {
  const char* text = std::getenv(name);
  if (!text) return otherwise;
  uint64_t value = 0;
  const char* end = text + std::strlen(text);
  if (std::from_chars(text, end, value).ptr != end || value == 0) return otherwise;
  return value;
}

}  // namespace arena
