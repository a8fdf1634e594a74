#include "harness/adapters/chinese_checkers_replay.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arena {

namespace cc = chinese_checkers;

namespace checkers_replay {

// The hole between two holes two steps apart in a line.
int hop_over(int from, int to) {
  const cc::Cube a = cc::board().cube(from);
  const cc::Cube b = cc::board().cube(to);
  return cc::board().hole_at((a.x + b.x) / 2, (a.y + b.y) / 2);
}

}  // namespace checkers_replay

std::string checkers_move_text(const std::string& who, const std::vector<int>& path) {
  const int from = path.front();
  const int to = path.back();
  std::string how;
  if (cc::board().steps(from).test(to)) {
    how = "one step";
  } else {
    const size_t hops = path.size() - 1;
    how = hops == 1 ? fmt::format("one hop, over hole {}", checkers_replay::hop_over(from, to))
                    : fmt::format("{} hops, landing on {}", hops,
                                  fmt::join(path.begin() + 1, path.end(), ", "));
  }
  return fmt::format("{} moves a piece from hole {} to hole {}: {}", who, from, to, how);
}

nlohmann::json checkers_state_json(const cc::State& state, nlohmann::json move) {
  nlohmann::json pieces = nlohmann::json::array();
  for (int s = 0; s < state.players(); ++s) {
    nlohmann::json holes = nlohmann::json::array();
    for (int hole = 0; hole < cc::kHoles; ++hole)
      if (state.pieces(s).test(hole)) holes.push_back(hole);
    pieces.push_back(std::move(holes));
  }
  nlohmann::json out = {{"pieces", std::move(pieces)}, {"ply", state.ply()}};
  if (!move.is_null()) out["move"] = std::move(move);
  return out;
}

nlohmann::json checkers_start_state_json(const cc::State& state) {
  nlohmann::json out = checkers_state_json(state, nullptr);
  nlohmann::json holes = nlohmann::json::array();
  nlohmann::json triangle = nlohmann::json::array();
  for (int hole = 0; hole < cc::kHoles; ++hole) {
    const cc::Cube c = cc::board().cube(hole);
    holes.push_back({c.x, c.y, c.z});
    triangle.push_back(cc::board().triangle(hole));
  }
  nlohmann::json homes = nlohmann::json::array();
  nlohmann::json goals = nlohmann::json::array();
  for (int s = 0; s < state.players(); ++s) {
    homes.push_back(state.home(s));
    goals.push_back(state.goal(s));
  }
  out["holes"] = std::move(holes);
  out["triangle"] = std::move(triangle);
  out["homes"] = std::move(homes);
  out["goals"] = std::move(goals);
  return out;
}

}  // namespace arena
