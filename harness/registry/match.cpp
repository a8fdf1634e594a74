#include "harness/registry/match.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace arena {

void check_declared_sizes(const Match& match) {
  if (match.metrics().size() > static_cast<size_t>(kMaxMetrics)) {
    throw std::logic_error(
        fmt::format("the match declares {} metrics; a game records at most {} (kMaxMetrics)",
                    match.metrics().size(), kMaxMetrics));
  }
  if (match.phases().size() > static_cast<size_t>(kMaxPhases)) {
    throw std::logic_error(
        fmt::format("the match declares {} decision phases; latency is kept for at most {} "
                    "(kMaxPhases)",
                    match.phases().size(), kMaxPhases));
  }
}

void LatencyRecorder::over_budget(int variant, uint64_t ns, uint64_t budget_ns) {
  throw StrategyFault(
      variant, Fault::kOverBudget,
      fmt::format("a decision took {:.3f} ms; the budget is {:.3f} ms",
                  static_cast<double>(ns) / 1e6, static_cast<double>(budget_ns) / 1e6));
}

bool Match::forfeit_at_end(GameSink& sink, const StrategyFault& fault) const {
  const auto seats = sink.seats();
  const bool decided = std::any_of(seats.begin(), seats.end(),
                                   [](const SeatResult& seat) { return seat.fault.has_value(); });
  if (!decided) sink.forfeit(fault);
  sink.note(fault);
  return !decided;
}

void GameSink::forfeit(const StrategyFault& fault) {
  const auto faulty = std::count_if(lineup_.begin(), lineup_.end(),
                                    [&](const auto& seat) { return seat.first == fault.who(); });
  if (faulty == 0) {
    throw std::logic_error(fmt::format(
        "variant {} faulted in a game that declared no seat for it (GameSink::seat): {}",
        fault.who(), fault.what()));
  }
  const int others = static_cast<int>(lineup_.size()) - static_cast<int>(faulty);
  seats_.clear();
  for (const auto& [variant, group] : lineup_) {
    if (variant == fault.who()) {
      seats_.push_back(SeatResult::forfeited(variant, fault.fault(), others + 1, group));
    } else {
      SeatResult seat{variant, 1, {}, Outcome::kByRank, group};
      seat.has_metrics = false;
      seats_.push_back(seat);
    }
  }
  timer_.fold_fault(fault.who(), fault.fault());
  moves_.add_fault(fault);
}

}  // namespace arena
