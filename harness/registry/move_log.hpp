// The moves of one game as the harness sees them: every decision that passed
// through the game's timer, in order, with who made it, and the faults that
// ended a seat's game. Engine-neutral: a decision is an integer (a Battleship
// cell, an encoded Go Fish ask or Chinese Checkers move) or a list of integers
// (a rooks placement); what it means is the engine's to say (Match::replay).
//
// Contract: a MoveLog is filled by one game on one thread (LatencyRecorder
// adds each decision after it passed its budget, and each fault raised in or
// around a decision) and cleared between games. A MoveScript hands a logged
// game's decisions back in the same order, so that a game can be played again
// from its record instead of its strategies (external programs, time-limited
// search): replay of a game the seed alone cannot rebuild.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/core/strategy_fault.hpp"

namespace arena {

// Fault::kThrew for "threw", ...; nullopt-like failure throws std::invalid_argument.
Fault fault_from_name(const std::string& name);

class MoveLog {
 public:
  enum class Kind : uint8_t { kValue, kList, kFault };
  struct Entry {
    int variant = 0;
    Kind kind = Kind::kValue;
    Fault fault = Fault::kThrew;  // kFault only
    uint32_t begin = 0;           // kValue, kList: values_[begin, begin + size)
    uint32_t size = 0;            // kFault: the message is messages_[begin]
  };

  void clear() {
    entries_.clear();
    values_.clear();
    messages_.clear();
    explanations_.clear();
  }
  bool empty() const { return entries_.empty(); }

  template <class T>
  requires std::is_integral_v<T>
  void add(int variant, T value) {
    entries_.push_back({variant, Kind::kValue, Fault::kThrew, begin(), 1});
    values_.push_back(static_cast<int64_t>(value));
  }
  template <class T>
  requires std::is_integral_v<T>
  void add(int variant, const std::vector<T>& list) {
    entries_.push_back(
        {variant, Kind::kList, Fault::kThrew, begin(), static_cast<uint32_t>(list.size())});
    values_.insert(values_.end(), list.begin(), list.end());
  }
  // A fault that ended `fault.who()`'s game; logged once (a second report of
  // the same fault, e.g. by the runner after the timer, is ignored).
  void add_fault(const StrategyFault& fault);

  // The strategy's explanation of the last decision added (engines/core/explain.hpp).
  void explain_last(nlohmann::json why) {
    if (!entries_.empty() && !why.is_null())
      explanations_.emplace_back(static_cast<uint32_t>(entries_.size() - 1), std::move(why));
  }
  // The explanation of entry `e` (one of entries()), null when it has none.
  const nlohmann::json& explanation(const Entry& e) const;

  std::span<const Entry> entries() const { return entries_; }
  int64_t value(const Entry& e, uint32_t i = 0) const { return values_[e.begin + i]; }
  std::span<const int64_t> values(const Entry& e) const {
    return std::span(values_).subspan(e.begin, e.size);
  }
  const std::string& message(const Entry& e) const { return messages_[e.begin]; }

  // [[variant, value], [variant, [values...]], [variant, {"fault": name,
  // "message": text}], ...] (docs/results.md, moves.jsonl.gz); a decision
  // with an explanation has it third: [variant, value, {...}].
  nlohmann::json to_json() const;
  // Throws std::invalid_argument naming what is wrong.
  static MoveLog from_json(const nlohmann::json& moves);

 private:
  uint32_t begin() const { return static_cast<uint32_t>(values_.size()); }
  std::vector<Entry> entries_;
  std::vector<int64_t> values_;
  std::vector<std::string> messages_;
  std::vector<std::pair<uint32_t, nlohmann::json>> explanations_;  // by entry index, ascending
};

// Thrown when a record does not fit the game it is replayed into (a record
// from another config or version): replay says so instead of showing a wrong game.
class RecordMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Hands the decisions of a logged game back, in order (see the contract above).
class MoveScript {
 public:
  explicit MoveScript(const MoveLog& log) : log_(log) {}

  // The next decision, which must be `variant`'s; a logged fault of that
  // variant at this point is thrown again as the StrategyFault it was.
  template <class T>
  T take(int variant) {
    const MoveLog::Entry& e = next(variant);
    if constexpr (std::is_integral_v<T>) {
      if (e.kind != MoveLog::Kind::kValue) mismatch("a list where one value was logged");
      return static_cast<T>(log_.value(e));
    } else {
      if (e.kind != MoveLog::Kind::kList) mismatch("one value where a list was logged");
      const auto values = log_.values(e);
      return T(values.begin(), values.end());
    }
  }
  // Throws the fault logged next if it is `variant`'s (a program that failed
  // before its first decision); otherwise does nothing.
  void fault_before_decision(int variant);
  bool done() const { return next_ >= log_.entries().size(); }

 private:
  const MoveLog::Entry& next(int variant);
  [[noreturn]] void mismatch(const std::string& why) const;

  const MoveLog& log_;
  size_t next_ = 0;
};

}  // namespace arena
