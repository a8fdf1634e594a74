// Go Fish positions and events in words, for people reading a game (arena
// replay): an omniscient view that shows every hand and every drawn card.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engines/go_fish/game.hpp"

namespace arena::go_fish {

// "A", "2" ... "10", "J", "Q", "K" with 13 ranks; "1" ... "n" otherwise.
std::string rank_name(int rank, const Rules& rules);

// Every seat's hand and books, then the stock: one line each. `names[s]` names seat s.
std::vector<std::string> describe_table(const Game& game, std::span<const std::string> names);

// What `event` did, e.g. "alice asks bob for 7s: bob gives 2"; `drawn` is the
// card a draw took (shown even when the rules keep it hidden: the viewer sees all).
std::string describe_event(const PublicEvent& event, const Rules& rules,
                           std::span<const std::string> names, int drawn = -1);

}  // namespace arena::go_fish
