// A strategy at fault: what ends a game by forfeit instead of ending the run.
//
// Contract: `who` is the id the game loop passes to timer.decide for the
// faulty seat (the harness passes variant indices). Game loops throw
// StrategyFault(who, Fault::kIllegalMove, ...) when a decision breaks the
// rules, checked outside the timed decision; the harness's timer turns an
// exception escaping a decision into Fault::kThrew and a decision over the
// run's budget into Fault::kOverBudget. Anything else a game throws is a bug
// in the engine or the harness and still ends the run.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace arena {

// kCrashed and kProtocolError are faults of external strategies (a program
// that exited, or wrote what is not a reply; see engines/core/bot_link.hpp).
enum class Fault : uint8_t { kThrew, kIllegalMove, kOverBudget, kCrashed, kProtocolError };
constexpr int kFaultKinds = 5;

// The names results files use: "threw", "illegal-move", "over-budget",
// "crashed", "protocol-error".
constexpr const char* fault_name(Fault fault) {
  switch (fault) {
    case Fault::kThrew:
      return "threw";
    case Fault::kIllegalMove:
      return "illegal-move";
    case Fault::kOverBudget:
      return "over-budget";
    case Fault::kCrashed:
      return "crashed";
    case Fault::kProtocolError:
      return "protocol-error";
  }
  return "?";
}

class StrategyFault : public std::runtime_error {
 public:
  StrategyFault(int who, Fault fault, const std::string& detail)
      : std::runtime_error(detail), who_(who), fault_(fault) {}

  int who() const { return who_; }
  Fault fault() const { return fault_; }

 private:
  int who_;
  Fault fault_;
};

}  // namespace arena
