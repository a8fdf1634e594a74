// Strategy `external`: a separate program chooses the shots (docs/protocol.md).
//
// Contract: as every shooter (random.hpp), through a BotLink
// (engines/core/bot_link.hpp). Its view is what the shooter has seen: the
// shot grid, one string per row ('.' not fired at, 'o' a miss, 'x' a hit on
// a ship still afloat, '#' a cell of a sunk ship), the ships afloat by name,
// and the shots fired. The reply {"row": r, "col": c} is the next shot; the
// game judges it (a shot off the board forfeits, named by the row and column
// sent; a repeated shot is legal and wasted).
#pragma once

#include <fmt/format.h>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/shooter_context.hpp"
#include "engines/battleship/shot_view.hpp"
#include "engines/core/bot_link.hpp"

namespace arena::battleship {

class ExternalShooter : public ExternalStrategy {
 public:
  ExternalShooter(const Params& params, const ShooterContext& context, const ExternalSeat& seat)
      : ExternalStrategy(params, seat), rules_(&context.tables.rules()), seen_(*rules_) {}

  int choose(Rng& rng) {
    BotLink& bot = link(rng);
    const nlohmann::json reply = decide_explained(bot, seen_.json());
    const int64_t row = reply_integer(bot, reply, "row");
    const int64_t col = reply_integer(bot, reply, "col");
    if (row < 0 || col < 0 || row >= rules_->size || col >= rules_->size) {
      // Said here, as sent: the cell number the game would judge has lost it.
      illegal(fmt::format("battleship: shot at row {}, col {}: off the {}x{} board", row, col,
                          rules_->size, rules_->size));
    }
    return static_cast<int>(row * rules_->size + col);
  }

  void observe(int cell, const ShotResult& result) { seen_.observe(cell, result); }

 private:
  const Rules* rules_;
  ShotView seen_;  // the program's view
};

}  // namespace arena::battleship
