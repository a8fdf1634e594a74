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
// the same game. Round sizes adapt to about a second of play; they change how
// work is cut, never what is computed.
//
// Without MPI support (ARENA_MPI off) or outside an MPI launch, the world is
// one process and none of this runs.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

#include "harness/registry/registry.hpp"
#include "harness/runner/runner.hpp"

namespace arena {

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
