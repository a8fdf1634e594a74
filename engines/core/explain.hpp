// A strategy's reasons for one decision: a small JSON object beside the move
// (a heat map of where ships may be, the scores of the best moves, what a
// card player believes), shown on the replay page (docs/results.md).
//
// Contract: explanations are asked for per thread by an ExplainScope, which
// only a replay opens; in a tournament none is open and explaining() is
// false, so a strategy computes nothing extra. A strategy that explains
// calls explain() during its decision, at most once, and explaining changes
// nothing it decides: the same moves with and without a scope (tested). The
// harness's timer takes the explanation after the decision and keeps it
// beside the logged move (MoveLog).
//
// An external program's reply may carry one too ("explain", docs/protocol.md):
// it costs nothing, so offer() keeps it whenever any scope is open, also in
// a run that records the program's moves.
#pragma once

#include <utility>

#include <nlohmann/json.hpp>

namespace arena {

class ExplainScope {
 public:
  // kAll: every strategy explains (a replay); kOffered: only what arrives
  // for free, an external program's explain field (a recorded run).
  enum class Level { kOffered, kAll };

  explicit ExplainScope(Level level) : level_(level), outer_(current_) { current_ = this; }
  ~ExplainScope() { current_ = outer_; }
  ExplainScope(const ExplainScope&) = delete;
  ExplainScope& operator=(const ExplainScope&) = delete;

  // Whether built-in strategies on this thread should explain their decisions.
  static bool explaining() { return current_ && current_->level_ == Level::kAll; }
  // Keeps `why` as the current decision's explanation (replacing an earlier one).
  static void explain(nlohmann::json why) {
    if (explaining()) current_->pending_ = std::move(why);
  }
  // An explanation that cost nothing to get: kept whenever a scope is open.
  static void offer(nlohmann::json why) {
    if (current_) current_->pending_ = std::move(why);
  }
  // The explanation given since the last take() (null when none), cleared.
  static nlohmann::json take() {
    if (!current_ || current_->pending_.is_null()) return nullptr;
    return std::exchange(current_->pending_, nullptr);
  }
  // Drops an explanation given by a decision that did not happen (it threw).
  static void drop() {
    if (current_) current_->pending_ = nullptr;
  }

 private:
  Level level_;
  ExplainScope* outer_;
  nlohmann::json pending_;
  static inline thread_local ExplainScope* current_ = nullptr;
};

// Shorthands for strategies.
inline bool explaining() {
  return ExplainScope::explaining();
}
inline void explain(nlohmann::json why) {
  ExplainScope::explain(std::move(why));
}

}  // namespace arena
