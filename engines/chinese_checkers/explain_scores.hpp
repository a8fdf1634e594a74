// A search's reasons for one decision, as the replay page shows them
// (engines/core/explain.hpp): the scores of the root's moves, or MCTS's visit
// counts of them. Built only while explaining(), from values the search
// computed anyway, so explaining changes no move.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/chinese_checkers/state.hpp"

namespace arena::chinese_checkers {

// A root move and its value for the root seat. `exact` false: an upper
// bound (alpha-beta stopped looking at the move once it was no better).
struct ScoredMove {
  Move move;
  double score = 0;
  bool exact = true;
};

// {"text": "<head>: 42-64 scores +3.00, best of 24 moves", "chosen": [from, to],
//  "moves": 24, "scores": [{"move": [from, to], "score": s, "bound":
//  "exact"|"upper"}, ...]}: the chosen move first, then the best others, at
// most `keep` in all. A score beyond ±(kWinScore − 10000) is the game's end
// (the mover finished, or not) kWinScore − |s| plies away (search_common.hpp).
nlohmann::json scores_explanation(const std::string& head, Move chosen,
                                  std::vector<ScoredMove> scored, size_t keep = 5);

// A root child of MCTS: its move, visits and summed reward of the root seat.
struct VisitedMove {
  Move move;
  int visits = 0;
  double value = 0;
};

// {"text": "mcts, 1000 iterations: 42-64 tried 412 times (mean reward 0.62)
//  of 24 moves", "chosen", "moves", "visits": [{"move", "visits", "value"
// (mean reward in (0, 1))}, ...]}: the chosen move first, then the most
// visited, at most `keep`.
nlohmann::json visits_explanation(const std::string& head, Move chosen,
                                  std::vector<VisitedMove> children, size_t keep = 5);

}  // namespace arena::chinese_checkers
