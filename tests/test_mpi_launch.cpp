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

TEST_CASE("MPI rounds grow while quick, shrink when slow, in whole units") {
  RoundSizer rounds(6, 3, kRoundBytesPerRank);  // series of 2, 3 ranks
  CHECK(rounds.games() == 6 * 16);
  rounds.observed(96, 0.1, 0);
  CHECK(rounds.games() == 6 * 32);
  for (int i = 0; i < 40; ++i)
    rounds.observed(rounds.games(), 0.1, 0);
  CHECK(rounds.games() == (uint64_t{3} << 20) / 6 * 6);  // the most a round plays
  rounds.observed(rounds.games(), 3.0, 0);
  CHECK(rounds.games() == (uint64_t{3} << 20) / 6 * 6 / 2 / 6 * 6);
  CHECK(rounds.games() % 6 == 0);
}

TEST_CASE("An MPI round holds at most its byte budget of per-game text per rank") {
  // Cheap games with every move recorded: 2,000 bytes a game, 2 ranks of 1 MiB each.
  RoundSizer rounds(2, 2, uint64_t{1} << 20);
  for (int i = 0; i < 40; ++i) {
    const uint64_t games = rounds.games();
    CHECK(games % 2 == 0);
    CHECK(games * 2000 <= (uint64_t{2} << 20));
    rounds.observed(games, 0.01, games * 2000);
  }
  CHECK(rounds.games() == (uint64_t{2} << 20) / 2000 / 2 * 2);  // 1,048 games: the budget
  // A round of bigger games lowers it at once; smaller ones later do not raise it again.
  rounds.observed(100, 0.01, 100 * 8000);
  CHECK(rounds.games() == (uint64_t{2} << 20) / 8000 / 2 * 2);
  rounds.observed(100, 0.01, 100);
  CHECK(rounds.games() == (uint64_t{2} << 20) / 8000 / 2 * 2);
  // However big the games, a round plays at least one unit.
  rounds.observed(2, 0.01, uint64_t{1} << 40);
  CHECK(rounds.games() == 2);
}

TEST_CASE("The MPI message and round sizes are rank 0's, and only positive numbers change them") {
  CHECK(kMessageBytes == uint64_t{64} << 20);  // well under MPI's int count (2 GiB)
  CHECK(bytes_from_env("ARENA_TEST_NO_SUCH_VARIABLE", 7) == 7);
  {
    const ScopedEnv chunk("ARENA_MPI_CHUNK_BYTES", "1000");
    CHECK(bytes_from_env("ARENA_MPI_CHUNK_BYTES", kMessageBytes) == 1000);
  }
  for (const char* bad : {"0", "-5", "12k", ""}) {
    const ScopedEnv chunk("ARENA_MPI_CHUNK_BYTES", bad);
    CHECK(bytes_from_env("ARENA_MPI_CHUNK_BYTES", kMessageBytes) == kMessageBytes);
  }
}
