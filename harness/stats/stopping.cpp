#include "harness/stats/stopping.hpp"

#include <numeric>

#include <nlohmann/json.hpp>

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

void LlrHistory::add(uint64_t games, double llr) {
  latest_ = {games, llr};
  if (checks_++ % stride_ != 0) return;
  kept_.push_back(latest_);
  if (kept_.size() <= kMaxPoints) return;
  // Every other point goes: those left are the multiples of twice the stride.
  for (size_t i = 0; 2 * i < kept_.size(); ++i)
    kept_[i] = kept_[2 * i];
  kept_.resize((kept_.size() + 1) / 2);
  stride_ *= 2;
}

std::vector<LlrPoint> LlrHistory::points() const {
  std::vector<LlrPoint> out = kept_;
  if (checks_ > 0 && (out.empty() || out.back().games != latest_.games)) out.push_back(latest_);
  return out;
}

nlohmann::json LlrHistory::to_json() const {
  nlohmann::json kept = nlohmann::json::array();
  for (const LlrPoint& p : kept_)
    kept.push_back({p.games, p.llr});
  return {{"checks", checks_},
          {"stride", stride_},
          {"kept", kept},
          {"latest", {latest_.games, latest_.llr}}};
}

LlrHistory LlrHistory::from_json(const nlohmann::json& j) {
  LlrHistory h;
  h.checks_ = j.at("checks").get<uint64_t>();
  h.stride_ = j.at("stride").get<uint64_t>();
  for (const auto& p : j.at("kept"))
    h.kept_.push_back({p.at(0).get<uint64_t>(), p.at(1).get<double>()});
  h.latest_ = {j.at("latest").at(0).get<uint64_t>(), j.at("latest").at(1).get<double>()};
  return h;
}

}  // namespace arena
