// `arena bench`: the fixed deterministic suite, its decisions and signature.
#include <fmt/format.h>
#include <tbb/info.h>

#include "harness/cli/bench_suite.hpp"
#include "harness/cli/commands.hpp"

namespace arena {

int bench_command(const Registry& registry, int threads) {
  if (threads <= 0) threads = tbb::info::default_concurrency();
  const auto results = run_bench_suite(registry, threads);
  fmt::print("{:<30} {:<52} {:>6} {:>9}  {:<16}  {:>7}\n", "case", "strategy setting", "games",
             "decisions", "signature", "seconds");
  uint64_t decisions = 0;
  double seconds = 0;
  for (const auto& r : results) {
    fmt::print("{:<30} {:<52} {:>6} {:>9}  {:016x}  {:>7.3f}\n", r.name, r.setting, r.games,
               r.decisions, r.signature, r.seconds);
    decisions += r.decisions;
    seconds += r.seconds;
  }
  fmt::print("{:<30} {:<52} {:>6} {:>9}  {:016x}  {:>7.3f}  ({} threads)\n", "total", "", "",
             decisions, combined_signature(results), seconds, threads);
  return 0;
}

}  // namespace arena
