// An arena without MPI support that is started by mpirun or srun refuses
// instead of playing the same run once per process.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "harness/cli/distributed.hpp"
#include "tests/cli_support.hpp"

using namespace arena;
using namespace arena::testing;

namespace {

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { ::setenv(name, value, 1); }
  ~ScopedEnv() { ::unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

}  // namespace

TEST_CASE("the process count comes from what mpirun, Hydra or srun put in the environment") {
  CHECK(launched_processes() == 1);
  {
    const ScopedEnv ompi("OMPI_COMM_WORLD_SIZE", "4");
    CHECK(launched_processes() == 4);
  }
  {
    const ScopedEnv hydra("PMI_SIZE", "3");
    CHECK(launched_processes() == 3);
  }
  {
    const ScopedEnv srun("SLURM_STEP_NUM_TASKS", "8");
    CHECK(launched_processes() == 8);
  }
  {
    // sbatch sets SLURM_NTASKS for the batch script, which runs arena once.
    const ScopedEnv batch("SLURM_NTASKS", "8");
    CHECK(launched_processes() == 1);
  }
  const ScopedEnv garbage("OMPI_COMM_WORLD_SIZE", "two");
  CHECK(launched_processes() == 1);
}

TEST_CASE("several MPI processes without MPI support are refused, one process or MPI is fine") {
  CHECK(mpi_launch_refusal(false, 1).empty());
  CHECK(mpi_launch_refusal(true, 4).empty());
  const std::string why = mpi_launch_refusal(false, 2);
  CHECK_THAT(why, Catch::Contains("one of 2 MPI processes") &&
                      Catch::Contains("built without MPI support") &&
                      Catch::Contains("libopenmpi-dev"));
  CHECK(why.find('\n') == std::string::npos);
}

TEST_CASE("arena built without MPI exits 2 at once with one line when mpirun starts two") {
  if (built_with_mpi()) {
    SUCCEED("this arena has MPI support; the non-MPI build (.ci/checks) runs this case");
    return;
  }
  const auto dir = scratch("mpi-refusal");
  const testing::Outcome o = arena_cli_env("OMPI_COMM_WORLD_SIZE=2",
                                           "run " ARENA_SOURCE_DIR
                                           "/configs/quickstart.yaml --games 10 "
                                           "--out " +
                                               (dir / "out").string(),
                                           dir);
  CHECK(o.code == 2);
  CHECK_THAT(o.err, Catch::StartsWith("arena: started as one of 2 MPI processes"));
  CHECK(std::count(o.err.begin(), o.err.end(), '\n') == 1);
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}
