// Test support: plays a YAML config in-process and keeps its rows.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"

namespace arena::testing {

struct Played {
  RunStats stats;
  std::string rows;  // games.csv without its header
  uint64_t games = 0;
};

// Plays `yaml` (which must set a seed) on `threads` workers: `games` games, or
// as many as the match plans when 0.
inline Played play_config(const std::string& yaml, int threads, uint64_t games = 0) {
  static const Registry registry = make_registry();
  const RunConfig config = parse_config(yaml, "t.yaml", registry);
  PreparedRun run = prepare_run(registry, config, *config.seed, threads);
  RunPlan& plan = run.plan;
  if (games) plan.games = games;
  const auto& match = run.match;
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* rows = open_memstream(&buffer, &size);
  RunStats stats = run_games(*match, plan, rows, nullptr);
  std::fclose(rows);
  Played result{std::move(stats), std::string(buffer, size), plan.games};
  std::free(buffer);
  return result;
}

}  // namespace arena::testing
