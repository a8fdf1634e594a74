// One `arena run` as several processes of an MPI job (mpirun -np K, srun).
//
// Contract: rank 0 does everything a single process does (config, results
// folder, checkpoints, output) and coordinates; ranks 1..K-1 are workers that
// write nothing but their bots' stderr (bots/<variant>.rank<K>.log in rank
// 0's results folder when they reach it, else in a folder of their own that
// they name once on stderr). Rank 0 sends the workers the resolved config
// (so they need no copy of the config file, only of files it names), then cuts the games
// into rounds: each round is split into K contiguous slices of whole series,
// every rank plays its slice with oneTBB on its own cores, and rank 0 merges
// the counts and appends the rows in game order. Results are therefore
// exactly those of one process. With early stopping a round ends at every
// `stop.batch` boundary and rank 0 checks the rule there, so the run stops at
// the same game. Round sizes adapt to about a second of play, and are bounded
// by bytes too: a round's per-game text (games.csv rows, recorded moves) is
// held in memory by the rank that played it until rank 0 has it, so a round
// plays at most about kRoundBytesPerRank of it per rank, as measured in the
// rounds before (RoundSizer). They change how work is cut, never what is
// computed. A text of any length goes in messages of at most kMessageBytes
// (MPI counts are int: 2 GiB at most per message).
//
// Without MPI support (ARENA_MPI off) or outside an MPI launch, the world is
// one process and none of this runs.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "harness/registry/registry.hpp"
#include "harness/runner/runner.hpp"

namespace arena {

// The largest message a text is sent in (a length first, then the text in
// pieces of at most this); ARENA_MPI_CHUNK_BYTES on rank 0 sets another (tests).
inline constexpr uint64_t kMessageBytes = uint64_t{64} << 20;
// A round's per-game text per rank, at most (about); ARENA_MPI_ROUND_BYTES on
// rank 0 sets another (tests).
inline constexpr uint64_t kRoundBytesPerRank = uint64_t{256} << 20;

// The size of each round of an MPI run, in games: a whole multiple of `unit`
// (series length x ranks), from unit x 16 at first, doubled after a round
// under half a second and halved after one over 2 s (up to ranks << 20
// games), and never more than `bytes_per_rank` x ranks of per-game text at
// the most bytes per game any earlier round wrote. Pure: no MPI.
class RoundSizer {
 public:
  RoundSizer(uint64_t unit, int ranks, uint64_t bytes_per_rank);
  // Games of the next round.
  uint64_t games() const;
  // After a round of `games` games that took `seconds` and wrote `bytes` of
  // per-game text on all ranks together.
  void observed(uint64_t games, double seconds, uint64_t bytes);

 private:
  uint64_t unit_;
  uint64_t max_round_;
  uint64_t budget_;  // bytes per round, all ranks
  uint64_t round_;   // by time alone
  double bytes_per_game_ = 0;
};

// A positive byte count from the environment variable `name` (a test's
// seam), else `otherwise`.
uint64_t bytes_from_env(const char* name, uint64_t otherwise);

// True when this arena was built with MPI support (ARENA_MPI).
bool built_with_mpi();

// How many processes the MPI launcher that started this one started in all,
// read from the environment it sets (mpirun/mpiexec of Open MPI, MPICH or
// Intel MPI; srun); 1 when no launcher started it.
int launched_processes();

// Why this process must not run: it is one of several started by an MPI
// launcher but cannot talk to the others (no MPI support), so each would play
// the whole run on its own. One line for stderr, or "" when it may run.
std::string mpi_launch_refusal(bool with_mpi, int processes);

// Initialises MPI when the process was started by an MPI launcher (and MPI
// support was built); finalises it on destruction. One per process, in main().
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

// This process's rank and the number of processes (0 and 1 without MPI).
int world_rank();
int world_size();

// Rank 0: the workers' side of a run. Either start() them with the resolved
// config or, on destruction without start() (an error before the run), tell
// them there is no run. After start(), run_games_distributed plays the games.
class Workers {
 public:
  Workers() = default;
  ~Workers();
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  // `config_file` as given; workers find the files the config names relative to it.
  // `results_dir`: the folder rank 0 writes into, where workers put their bots' logs.
  void start(const std::string& resolved_yaml, const std::string& config_file,
             const std::filesystem::path& results_dir);

 private:
  bool told_ = false;
};

// Rank 0: run_games (harness/runner/runner.hpp) across every rank, same
// contract. `plan.threads` is rank 0's; each worker uses the config's threads
// (0: all cores of its node).
RunStats run_games_distributed(const Match& match, const RunPlan& plan, GameWriter* out,
                               Progress* progress);

// Ranks > 0: receives the config, plays slices until rank 0 says the run is
// over; returns the process's exit code. Errors go to rank 0, which reports them.
int serve_as_worker(const Registry& registry);

}  // namespace arena
