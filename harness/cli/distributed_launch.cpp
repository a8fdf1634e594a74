// What the environment says about an MPI launch; built with and without MPI
// (built_with_mpi() is in distributed_mpi.cpp or distributed_none.cpp).
#include <charconv>
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

}  // namespace arena
