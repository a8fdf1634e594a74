// Built when MPI support is off: one process, nothing to distribute.
#include <stdexcept>

#include "harness/cli/distributed.hpp"

namespace arena {

bool built_with_mpi() {
  return false;
}

MpiSession::MpiSession(int& /*argc*/, char**& /*argv*/) {}
MpiSession::~MpiSession() = default;
int world_rank() {
  return 0;
}
int world_size() {
  return 1;
}
Workers::~Workers() = default;
void Workers::start(const std::string& /*resolved_yaml*/, const std::string& /*config_file*/,
                    const std::filesystem::path& /*results_dir*/) {}

RunStats run_games_distributed(const Match& match, const RunPlan& plan, GameWriter* out,
                               Progress* progress) {
  return run_games(match, plan, out, progress);
}

int serve_as_worker(const Registry& /*registry*/) {
  throw std::logic_error("serve_as_worker without MPI support");
}

}  // namespace arena
