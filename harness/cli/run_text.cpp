// What `arena run` (and `arena merge`) prints on stdout once the games are played.
#include <algorithm>

#include <fmt/format.h>

#include "harness/cli/distributed.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/first_screen.hpp"

namespace arena {

void print_results(const RunSummary& summary, const PrintedRun& run) {
  ScreenFacts facts;
  facts.results = run.where;
  facts.partial_of = run.partial_of;
  facts.processes = world_size();
  if (run.detail) fmt::print("{}", detail_text(summary, facts));
  fmt::print("{}", first_screen(summary, facts));
}

bool all_reproduced(const RunSummary& summary) {
  return std::all_of(summary.expectations.begin(), summary.expectations.end(),
                     [](const ExpectationResult& r) { return r.reproduced; });
}

}  // namespace arena
