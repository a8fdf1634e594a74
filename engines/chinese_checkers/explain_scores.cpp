#include "engines/chinese_checkers/explain_scores.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engines/chinese_checkers/search_common.hpp"

namespace arena::chinese_checkers {

namespace {

nlohmann::json explained_move(Move m) {
  return nlohmann::json::array({m.from, m.to});
}

// Beyond kWinThreshold a score is the game's end at a known distance: the
// mover finished, or the game over without it (a cut-off too).
std::string explained_score(double v) {
  const auto plies = [](long n) { return fmt::format("{} pl{}", n, n == 1 ? "y" : "ies"); };
  if (v > kWinThreshold) return "finishing in " + plies(std::lround(kWinScore - v));
  if (v < -kWinThreshold) return "the end unfinished in " + plies(std::lround(kWinScore + v));
  return fmt::format("{:+.2f}", v);
}

// Moves `chosen` to the front of sorted `items` (ties may have put another
// first) and keeps at most `keep`.
template <class T>
void explained_first(std::vector<T>& items, Move chosen, size_t keep) {
  const auto it =
      std::find_if(items.begin(), items.end(), [&](const T& t) { return t.move == chosen; });
  if (it != items.end()) std::rotate(items.begin(), it, it + 1);
  if (items.size() > keep) items.resize(keep);
}

}  // namespace

nlohmann::json scores_explanation(const std::string& head, Move chosen,
                                  std::vector<ScoredMove> scored, size_t keep) {
  const size_t count = scored.size();
  std::stable_sort(scored.begin(), scored.end(),
                   [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  explained_first(scored, chosen, keep);
  nlohmann::json scores = nlohmann::json::array();
  for (const ScoredMove& s : scored)
    scores.push_back({{"move", explained_move(s.move)},
                      {"score", s.score},
                      {"bound", s.exact ? "exact" : "upper"}});
  const std::string value = scored.empty() ? "?" : explained_score(scored.front().score);
  return {{"text", fmt::format("{}: {}-{} scores {}, best of {} moves", head, chosen.from,
                               chosen.to, value, count)},
          {"chosen", explained_move(chosen)},
          {"moves", count},
          {"scores", std::move(scores)}};
}

nlohmann::json visits_explanation(const std::string& head, Move chosen,
                                  std::vector<VisitedMove> children, size_t keep) {
  const size_t count = children.size();
  std::stable_sort(children.begin(), children.end(),
                   [](const VisitedMove& a, const VisitedMove& b) { return a.visits > b.visits; });
  explained_first(children, chosen, keep);
  nlohmann::json visits = nlohmann::json::array();
  for (const VisitedMove& c : children)
    visits.push_back({{"move", explained_move(c.move)},
                      {"visits", c.visits},
                      {"value", c.visits > 0 ? c.value / c.visits : 0.0}});
  std::string text = fmt::format("{}: {}-{}", head, chosen.from, chosen.to);
  if (!children.empty() && children.front().move == chosen)
    text += fmt::format(
        " tried {} times (mean reward {:.2f})", children.front().visits,
        children.front().visits > 0 ? children.front().value / children.front().visits : 0.0);
  text += fmt::format(" of {} moves", count);
  return {{"text", std::move(text)},
          {"chosen", explained_move(chosen)},
          {"moves", count},
          {"visits", std::move(visits)}};
}

}  // namespace arena::chinese_checkers
