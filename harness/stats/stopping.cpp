#include "harness/stats/stopping.hpp"

#include <numeric>

#include "harness/stats/proportion.hpp"
#include "harness/stats/sprt.hpp"

namespace arena {

StopStatus evaluate_stop(const StopRules& rules, const RunStats& stats) {
  StopStatus status;
  if (stats.variants() < 2) return status;
  const Record& r = stats.pair(0, 1);
  const Pentanomial& penta = stats.pentanomial(0, 1);
  const bool paired = std::accumulate(penta.begin(), penta.end(), uint64_t{0}) > 0;
  if (rules.sprt) {
    status.has_sprt = true;
    status.llr = paired ? sprt_llr_pentanomial(*rules.sprt, penta)
                        : sprt_llr_trinomial(*rules.sprt, r.wins, r.losses, r.draws);
    if (status.llr >= rules.sprt->upper_bound()) status.verdict = "H1";
    if (status.llr <= rules.sprt->lower_bound()) status.verdict = "H0";
    if (!status.verdict.empty()) status.stopped_by = "sprt";
  }
  const auto n = static_cast<double>(r.contests());
  if (n > 0) {
    const double score = score_of(static_cast<double>(r.wins), static_cast<double>(r.draws), n);
    const auto [lo, hi] = wilson_interval(score, n);
    status.ci_width = hi - lo;
  }
  if (status.stopped_by.empty() && rules.ci_width && status.ci_width <= *rules.ci_width) {
    status.stopped_by = "ci_width";
  }
  return status;
}

}  // namespace arena
