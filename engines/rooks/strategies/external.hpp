// Strategy `external`: a separate program places the rooks (docs/protocol.md).
//
// Contract: as every solver (../strategies.hpp), through a BotLink
// (engines/core/bot_link.hpp). Its view is the board: "n" and "rows", one
// string per row ('.' open, 'X' a fort). The reply {"rooks": [[row, col],
// ...]} is the placement; the harness judges it (rooks on forts or attacking
// each other forfeit the board).
#pragma once

#include <string>

#include <fmt/format.h>

#include "engines/core/bot_link.hpp"
#include "engines/rooks/board.hpp"

namespace arena::rooks {

class ExternalSolver : public ExternalStrategy {
 public:
  using ExternalStrategy::ExternalStrategy;

  Placement solve(const Board& board, const Segments& /*segments*/, Rng& rng) const {
    BotLink& bot = link(rng);
    const nlohmann::json reply = decide_explained(bot, {{"n", board.n}, {"rows", rows_of(board)}});
    const auto it = reply.find("rooks");
    if (it == reply.end() || !it->is_array()) bot.reject("the move has no \"rooks\" list");
    Placement rooks;
    for (const nlohmann::json& rook : *it) {
      if (!rook.is_array() || rook.size() != 2 || !rook[0].is_number_integer() ||
          !rook[1].is_number_integer()) {
        bot.reject("a rook is not [row, col]: " + rook.dump().substr(0, 100));
      }
      const int64_t r = rook[0].get<int64_t>(), c = rook[1].get<int64_t>();
      if (r < 0 || c < 0 || r >= board.n || c >= board.n) {
        illegal(fmt::format("rooks: a rook at row {}, col {}: off the {}x{} board", r, c, board.n,
                            board.n));
      }
      rooks.push_back(static_cast<int32_t>(r * board.n + c));
    }
    return rooks;
  }
};

}  // namespace arena::rooks
