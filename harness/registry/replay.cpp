#include "harness/registry/replay.hpp"

#include <fmt/format.h>

namespace arena {

ReplayStep fault_step(const MoveLog& log, const MoveLog::Entry& fault, const std::string& who) {
  return {fault.variant,
          fmt::format("{} forfeits ({}): {}", who, fault_name(fault.fault), log.message(fault)),
          {{"fault", fault_name(fault.fault)}, {"message", log.message(fault)}},
          {}};
}

}  // namespace arena
