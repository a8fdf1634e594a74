#include "harness/registry/move_log.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace arena {

Fault fault_from_name(const std::string& name) {
  for (int f = 0; f < kFaultKinds; ++f) {
    if (name == fault_name(static_cast<Fault>(f))) return static_cast<Fault>(f);
  }
  throw std::invalid_argument("unknown fault '" + name + "'");
}

void MoveLog::add_fault(const StrategyFault& fault) {
  for (auto e = entries_.rbegin(); e != entries_.rend(); ++e) {
    if (e->kind == Kind::kFault && e->variant == fault.who() && e->fault == fault.fault() &&
        messages_[e->begin] == fault.what())
      return;  // already logged, when it was raised
  }
  entries_.push_back(
      {fault.who(), Kind::kFault, fault.fault(), static_cast<uint32_t>(messages_.size()), 1});
  messages_.emplace_back(fault.what());
}

const nlohmann::json& MoveLog::explanation(const Entry& e) const {
  static const nlohmann::json kNone;
  const auto index = static_cast<uint32_t>(&e - entries_.data());
  const auto at = std::lower_bound(explanations_.begin(), explanations_.end(), index,
                                   [](const auto& x, uint32_t i) { return x.first < i; });
  return at != explanations_.end() && at->first == index ? at->second : kNone;
}

nlohmann::json MoveLog::to_json() const {
  nlohmann::json moves = nlohmann::json::array();
  for (const Entry& e : entries_) {
    switch (e.kind) {
      case Kind::kValue:
        moves.push_back({e.variant, value(e)});
        break;
      case Kind::kList: {
        const auto list = values(e);
        moves.push_back(
            {e.variant, nlohmann::json(std::vector<int64_t>(list.begin(), list.end()))});
        break;
      }
      case Kind::kFault:
        moves.push_back({e.variant, {{"fault", fault_name(e.fault)}, {"message", message(e)}}});
        break;
    }
    if (const nlohmann::json& why = explanation(e); !why.is_null()) moves.back().push_back(why);
  }
  return moves;
}

MoveLog MoveLog::from_json(const nlohmann::json& moves) {
  if (!moves.is_array()) throw std::invalid_argument("\"moves\" is not a list");
  MoveLog log;
  for (size_t i = 0; i < moves.size(); ++i) {
    const nlohmann::json& m = moves[i];
    if (!m.is_array() || m.size() < 2 || m.size() > 3 || !m[0].is_number_integer()) {
      throw std::invalid_argument(fmt::format("move {} is not [variant, move(, explanation)]", i));
    }
    const int variant = m[0].get<int>();
    const nlohmann::json& move = m[1];
    if (move.is_number_integer()) {
      log.add(variant, move.get<int64_t>());
    } else if (move.is_array()) {
      log.add(variant, move.get<std::vector<int64_t>>());
    } else if (move.is_object() && move.contains("fault")) {
      log.add_fault(StrategyFault(variant, fault_from_name(move.at("fault").get<std::string>()),
                                  move.value("message", "")));
    } else {
      throw std::invalid_argument(
          fmt::format("move {} is neither a number, a list nor a fault", i));
    }
    if (m.size() == 3) log.explain_last(m[2]);
  }
  return log;
}

const MoveLog::Entry& MoveScript::next(int variant) {
  if (done())
    mismatch(fmt::format("the game asks variant {} for a move after the last one", variant));
  // Another seat's fault raised outside its decisions (a strategy that could
  // not be built): the game raises it again by itself.
  while (log_.entries()[next_].kind == MoveLog::Kind::kFault &&
         log_.entries()[next_].variant != variant) {
    if (++next_ == log_.entries().size()) {
      mismatch(fmt::format("the game asks variant {} for a move after the last one", variant));
    }
  }
  const MoveLog::Entry& e = log_.entries()[next_];
  if (e.variant != variant) {
    mismatch(
        fmt::format("the game asks variant {} for a move; variant {} made it", variant, e.variant));
  }
  ++next_;
  if (e.kind == MoveLog::Kind::kFault) throw StrategyFault(variant, e.fault, log_.message(e));
  return e;
}

void MoveScript::fault_before_decision(int variant) {
  if (done()) return;
  const MoveLog::Entry& e = log_.entries()[next_];
  if (e.kind != MoveLog::Kind::kFault || e.variant != variant) return;
  ++next_;
  throw StrategyFault(variant, e.fault, log_.message(e));
}

void MoveScript::mismatch(const std::string& why) const {
  throw RecordMismatch(
      fmt::format("the record does not fit this game at move {}: {}", next_ + 1, why));
}

}  // namespace arena
