// What `arena run` (and `arena merge`) prints on stdout once the games are played.
#include <fmt/format.h>

#include "harness/cli/distributed.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/first_screen.hpp"

namespace arena {

void print_results(const RunConfig& config, const Match& match, const RunStats& stats,
                   const std::vector<ExpectationResult>& expectations, const PrintedRun& run) {
  ScreenFacts facts;
  facts.info = run.info;
  facts.results = run.where;
  facts.partial_of = run.partial_of;
  facts.processes = world_size();
  if (run.detail) fmt::print("{}", detail_text(config, match, stats, facts));
  fmt::print("{}", first_screen(config, match, stats, expectations, facts));
}

}  // namespace arena
