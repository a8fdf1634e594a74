#include "engines/chinese_checkers/strategies/alphabeta.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include <fmt/format.h>

#include "engines/chinese_checkers/explain_scores.hpp"
#include "engines/chinese_checkers/search_common.hpp"
#include "engines/core/explain.hpp"

namespace arena::chinese_checkers {

StrategyInfo AlphaBetaPlayer::info() {
  const Params a;
  return {"alphabeta",
          "iterative-deepening alpha-beta with move ordering and a Zobrist transposition table; "
          "paranoid with more than two seats",
          {ParamSpec::integer("depth", a.depth, 1, 12, "deepest iteration"),
           ParamSpec::time_budget_ms("time_ms", a.time_ms, 3'600'000,
                                     "per-move time limit, 0 = none (a limit makes games "
                                     "depend on speed)"),
           ParamSpec::integer("tt_mb", a.tt_mb, 1, 4096, "transposition table size (MiB)"),
           eval_param("progress")},
          {},
          {{"depth", int64_t{3}}, {"tt_mb", int64_t{1}}}};
}

AlphaBetaParams AlphaBetaPlayer::params_from(const ParamSet& p) {
  return {static_cast<int>(p.integer("depth")), static_cast<int>(p.integer("time_ms")),
          static_cast<int>(p.integer("tt_mb")), eval_from(p)};
}

namespace {

// Wins and losses are stored as distances from the node, not the root, so a
// table hit at another ply still means "win in n plies from here".
double to_table(double v, int ply) {
  if (v > kWinThreshold) return v + ply;
  if (v < -kWinThreshold) return v - ply;
  return v;
}

double from_table(double v, int ply) {
  if (v > kWinThreshold) return v - ply;
  if (v < -kWinThreshold) return v + ply;
  return v;
}

// Moves the highest-keyed move of [i, n) to position i (lazy selection sort:
// a cut-off usually comes after a few moves, so sorting all would be waste).
void select_next(MoveList& moves, std::array<int, kMaxMoves>& keys, int i) {
  int best = i;
  for (int j = i + 1; j < moves.size(); ++j)
    if (keys[j] > keys[best]) best = j;
  std::swap(moves[i], moves[best]);
  std::swap(keys[i], keys[best]);
}

// Set when this thread's pool is destroyed (at thread exit): a player that
// goes later lets its table go with it.
thread_local bool pool_gone = false;

template <class Table>
struct TablePool {
  std::vector<Table> tables;
  ~TablePool() { pool_gone = true; }
};

}  // namespace

// The generation counter wraps after 2^32 takings: the entries are then
// really cleared, so that none of an old generation can pass for current.
void AlphaBetaPlayer::Table::next_generation() {
  if (++generation == 0) {
    entries.clear();
    generation = 1;
  }
}

std::vector<AlphaBetaPlayer::Table>* AlphaBetaPlayer::pool() {
  thread_local TablePool<Table> tables;
  return pool_gone ? nullptr : &tables.tables;
}

AlphaBetaPlayer::Table AlphaBetaPlayer::take_table(size_t entries) {
  Table table;
  if (std::vector<Table>* tables = pool()) {
    const auto same_size = std::find_if(tables->begin(), tables->end(), [&](const Table& t) {
      return t.entries.size() == entries;
    });
    if (same_size != tables->end()) {
      table = std::move(*same_size);
      tables->erase(same_size);
    }
  }
  if (table.entries.empty()) table.entries = ZeroedArray<TtEntry>(entries);
  table.next_generation();
  return table;
}

void AlphaBetaPlayer::give_back(Table&& table) {
  if (table.entries.empty()) return;
  if (std::vector<Table>* tables = pool()) tables->push_back(std::move(table));
}

AlphaBetaPlayer::~AlphaBetaPlayer() {
  give_back(std::move(tt_));
}

void AlphaBetaPlayer::allocate_table() {
  const size_t bytes = static_cast<size_t>(std::max(params_.tt_mb, 1)) << 20;
  size_t entries = 1;
  while (entries * 2 * sizeof(TtEntry) <= bytes)
    entries *= 2;
  give_back(std::move(tt_));
  tt_ = take_table(entries);
}

void AlphaBetaPlayer::clear_table() {
  tt_.next_generation();
}

bool AlphaBetaPlayer::out_of_time() {
  if (params_.time_ms <= 0 || completed_depth_ < 1) return false;
  if ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_) stop_ = true;
  return stop_;
}

Move AlphaBetaPlayer::choose(const State& state, Rng& rng) {
  if (tt_.entries.empty() || root_ != state.side_to_move()) allocate_table();
  root_ = state.side_to_move();
  nodes_ = 0;
  completed_depth_ = 0;
  stop_ = false;
  deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(params_.time_ms);

  MoveList moves;
  generate_moves(state, moves);
  shuffle_moves(moves, rng);
  // Stable insertion sort by progress gain keeps the shuffled order on ties.
  for (int i = 1; i < moves.size(); ++i)
    for (int j = i; j > 0 && progress_gain(state, moves[j]) > progress_gain(state, moves[j - 1]);
         --j)
      std::swap(moves[j], moves[j - 1]);

  Move chosen = moves[0];
  // Explaining, the root's values of the last finished depth, as searched.
  const bool explained = explaining();
  std::vector<ScoredMove> scored, finished;
  for (int depth = 1; depth <= std::max(params_.depth, 1); ++depth) {
    double alpha = -2 * kWinScore;
    int best_index = 0;
    scored.clear();
    for (int i = 0; i < moves.size(); ++i) {
      State next = state;
      next.apply(moves[i]);
      const double v = search(next, depth - 1, 1, alpha, 2 * kWinScore);
      if (stop_) break;
      // Beta is infinite at the root: a value above alpha is exact, one at or
      // below it only an upper bound (its search stopped at a good reply).
      if (explained) scored.push_back({moves[i], v, i == 0 || v > alpha});
      if (v > alpha) {
        alpha = v;
        best_index = i;
      }
    }
    if (stop_) break;
    completed_depth_ = depth;
    if (explained) finished.swap(scored);
    // The best move leads the next iteration; the rest keep their order.
    std::rotate(moves.begin(), moves.begin() + best_index, moves.begin() + best_index + 1);
    chosen = moves[0];
    if (alpha > kWinThreshold) break;  // a forced win needs no deeper look
  }
  if (explained)
    explain(scores_explanation(fmt::format("alphabeta, depth {}", completed_depth_), chosen,
                               std::move(finished)));
  return chosen;
}

// Value of `state` for the root within (alpha, beta), `ply` plies below it.
double AlphaBetaPlayer::search(const State& state, int depth, int ply, double alpha, double beta) {
  ++nodes_;
  if (out_of_time()) return 0;
  if (is_terminal(state, root_)) return terminal_score(state, root_, ply);
  if (depth == 0) return relative_score(state, root_, params_.eval, weights_);

  TtEntry& e = entry(state.hash());
  Move table_move{kHoles, kHoles};
  if (e.key == state.hash()) {
    table_move = e.best;
    if (e.depth >= depth) {
      const double v = from_table(e.value, ply);
      if (e.bound == Bound::kExact) return v;
      if (e.bound == Bound::kLower && v >= beta) return v;
      if (e.bound == Bound::kUpper && v <= alpha) return v;
    }
  }

  MoveList moves;
  generate_moves(state, moves);
  if (moves.empty()) {
    State next = state;
    next.pass();
    return search(next, depth - 1, ply + 1, alpha, beta);
  }
  std::array<int, kMaxMoves> keys;
  for (int i = 0; i < moves.size(); ++i)
    keys[i] = moves[i] == table_move ? 1000 : progress_gain(state, moves[i]);

  const bool maximise = state.side_to_move() == root_;
  const double alpha0 = alpha;
  const double beta0 = beta;
  double best = maximise ? -2 * kWinScore : 2 * kWinScore;
  Move best_move = moves[0];
  for (int i = 0; i < moves.size() && alpha < beta; ++i) {
    select_next(moves, keys, i);
    State next = state;
    next.apply(moves[i]);
    const double v = search(next, depth - 1, ply + 1, alpha, beta);
    if (stop_) return 0;
    if (maximise ? v > best : v < best) {
      best = v;
      best_move = moves[i];
    }
    if (maximise)
      alpha = std::max(alpha, v);
    else
      beta = std::min(beta, v);
  }

  TtEntry& slot = entry(state.hash());
  slot.key = state.hash();
  slot.value = to_table(best, ply);
  slot.best = best_move;
  slot.depth = static_cast<int8_t>(depth);
  slot.bound = best <= alpha0 ? Bound::kUpper : best >= beta0 ? Bound::kLower : Bound::kExact;
  return best;
}

}  // namespace arena::chinese_checkers
