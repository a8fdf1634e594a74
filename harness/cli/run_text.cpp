// What `arena run` (and `arena merge`) prints on stdout once the games are played.
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "harness/cli/distributed.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/first_screen.hpp"

namespace arena {
namespace {

// The terminal's width in columns: stdout's when it is a terminal, else
// $COLUMNS when it holds a sensible number, else 80.
size_t screen_width() {
  winsize size{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n >= 40 && n <= 1000) return static_cast<size_t>(n);
  }
  return 80;
}

}  // namespace

void print_results(const RunSummary& summary, const PrintedRun& run) {
  ScreenFacts facts;
  facts.results = run.where;
  facts.partial_of = run.partial_of;
  facts.processes = world_size();
  facts.width = screen_width();
  if (run.detail) fmt::print("{}", detail_text(summary, facts));
  fmt::print("{}", first_screen(summary, facts));
}

bool all_reproduced(const RunSummary& summary) {
  return std::all_of(summary.expectations.begin(), summary.expectations.end(),
                     [](const ExpectationResult& r) { return r.reproduced; });
}

}  // namespace arena
