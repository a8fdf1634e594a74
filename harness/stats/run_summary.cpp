#include "harness/stats/run_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "harness/stats/bradley_terry.hpp"
#include "harness/stats/plackett_luce.hpp"
#include "harness/stats/proportion.hpp"

namespace arena {
namespace {

MetricFigures metric_figures(const IntHistogram& h) {
  return {h, h.mean(), h.quantile(0.5), h.quantile(0.9), h.min(), h.max()};
}

LatencyFigures latency_figures(const LatencyHistogram& h) {
  return {
      h,      h.count(), h.timed(), h.mean(), h.quantile(0.5), h.quantile(0.9), h.quantile(0.99),
      h.max()};
}

double per_game(double total, uint64_t games) {
  return games ? total / static_cast<double>(games) : 0.0;
}

VariantFigures variant_figures(const VariantStats& s) {
  VariantFigures f;
  f.games = s.games;
  f.record = record_figures(s.record);
  f.mean_rank = per_game(static_cast<double>(s.rank_sum), s.games);
  f.win_share = per_game(static_cast<double>(s.win_share_units) / kWinShareUnit, s.games);
  const auto& ranks = s.ranks.counts();  // counts()[k]: games at rank k (ranks start at 1)
  if (ranks.size() > 1) f.rank_counts.assign(ranks.begin() + 1, ranks.end());
  f.multi_seat = s.ranks.max() >= 3;
  for (const IntHistogram& h : s.metrics)
    f.metrics.push_back(metric_figures(h));
  f.forfeits = s.forfeits;
  f.forfeit_total = s.forfeit_total();
  f.cut_off = s.cut_off;
  return f;
}

VariantSummary variant_summary(const PlayerConfig& player, int v, const RunSummary& summary,
                               const RunStats& stats) {
  VariantSummary out;
  out.player = &player;
  out.all = variant_figures(stats.variant(v));
  for (size_t g = 0; g < summary.groups.size(); ++g)
    out.groups.push_back(variant_figures(stats.variant_in_group(v, static_cast<int>(g))));
  out.notable = stats.variant(v).notable;
  out.latency = latency_figures(stats.latency(v));
  for (size_t p = 0; p < summary.phases.size(); ++p)
    out.latency_by_phase.push_back(latency_figures(stats.latency(v, static_cast<int>(p))));
  return out;
}

PairEstimate pair_estimate(const RunStats& stats, int a, int b) {
  const Pentanomial& penta = stats.pentanomial(a, b);
  if (std::accumulate(penta.begin(), penta.end(), uint64_t{0}) > 0)
    return {estimate_pentanomial(penta), true};
  const Record& r = stats.pair(a, b);
  return {estimate_trinomial(r.wins, r.losses, r.draws), false};
}

MatchSummary match_summary(const RunStats& stats, int a, int b) {
  const Record& r = stats.pair(a, b);
  MatchSummary m;
  m.a = a;
  m.b = b;
  m.record = record_figures(r);
  if (m.record.score) m.score_elo = elo_of_score(m.record.score->value);
  m.estimate = pair_estimate(stats, a, b);
  m.pentanomial = stats.pentanomial(a, b);
  m.draw_ratio = static_cast<double>(r.draws) / std::max<double>(1, r.contests());
  return m;
}

RatingAnchor rating_anchor(const RunConfig& config) {
  return config.anchor == Anchor::kMean ? RatingAnchor::kMean : RatingAnchor::kFirst;
}

// Bradley-Terry over every pairwise result (a draw half a win each way), with
// one virtual draw per pair as a prior.
// Ranked ratings with the anchor they were given (`asked`, or the mean).
RatingTable rating_table_of(const std::vector<Rating>& ratings, RatingAnchor asked) {
  std::vector<bool> rated;
  for (const Rating& r : ratings)
    rated.push_back(r.rated);
  RatingTable table;
  table.ranked = ranked(ratings);
  table.anchor = anchor_used(asked, rated) == RatingAnchor::kMean ? Anchor::kMean : Anchor::kFirst;
  return table;
}

RatingTable tournament_ratings(const RunConfig& config, const RunStats& stats) {
  const int n = stats.variants();
  if (n < 3) return {};
  std::vector<std::vector<double>> wins(n, std::vector<double>(n, 0));
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a != b) wins[a][b] = stats.pair(a, b).wins + stats.pair(a, b).draws / 2.0;
    }
  }
  return rating_table_of(bradley_terry(wins, rating_anchor(config), 1.0), rating_anchor(config));
}

// Plackett-Luce on whole finishing orders, when some game had three or more seats.
RatingTable finishing_order_ratings(const RunConfig& config, const RunStats& stats) {
  if (stats.finishing_orders().most_seats() < 3 || stats.variants() < 2) return {};
  return rating_table_of(
      plackett_luce(stats.finishing_orders(), stats.variants(), rating_anchor(config), 1.0),
      rating_anchor(config));
}

}  // namespace

RecordFigures record_figures(const Record& r) {
  RecordFigures f{r, std::nullopt};
  const auto n = static_cast<double>(r.contests());
  if (n == 0) return f;
  const double score = score_of(static_cast<double>(r.wins), static_cast<double>(r.draws), n);
  const auto [lo, hi] = wilson_interval(score, n);
  f.score = Share{score, lo, hi};
  return f;
}

const Rating* RatingTable::of(int v) const {
  for (const RankedRating& x : ranked)
    if (x.variant == v && x.rating.rated) return &x.rating;
  return nullptr;
}

std::string nondeterminism(const RunConfig& config, const Match& match, const RunStats& stats) {
  std::string why = match.nondeterminism();
  std::string programs;
  std::string functions;
  for (const PlayerConfig& p : config.players) {
    std::string& names = p.strategy == kPythonName ? functions : programs;
    if (is_linked(p.strategy)) names += (names.empty() ? "" : ", ") + p.name;
  }
  if (!programs.empty()) {
    why += (why.empty() ? "" : "; ") +
           fmt::format(
               "external programs ({}) decide some moves: the same seed gives the same "
               "games only if they decide from their seeds alone, and any of their "
               "decisions over its budget forfeits",
               programs);
  }
  if (!functions.empty()) {
    why += (why.empty() ? "" : "; ") +
           fmt::format(
               "Python functions ({}) decide some moves: the same seed gives the same games "
               "only if they decide from their view, rng and session alone",
               functions);
  }
  if (!config.limits.decision_ms) return why;
  uint64_t over_budget = 0;
  for (int v = 0; v < stats.variants(); ++v)
    over_budget += stats.variant(v).forfeits[static_cast<size_t>(Fault::kOverBudget)];
  // Even with no forfeit here, a slower machine or a busier one may forfeit some.
  const std::string clock = fmt::format(
      "a decision over limits.decision_ms ({} ms) forfeits its game, and which decisions take "
      "that long depends on the machine's speed and load ({} such forfeits in this run)",
      *config.limits.decision_ms, over_budget);
  return why.empty() ? clock : why + "; " + clock;
}

bool run_complete(const RunConfig& config, const RunInfo& info, const RunStats& stats) {
  return stats.games() == info.planned_games ||
         !evaluate_stop(config.stop, stats).stopped_by.empty();
}

RunSummary summarize(const RunConfig& config, const RunInfo& info, const Match& match,
                     const RunStats& stats) {
  RunSummary s;
  s.config = &config;
  s.info = info;
  s.metrics = match.metrics();
  if (auto groups = match.groups(); groups.size() > 1) {
    s.groups = std::move(groups);
    s.group_kind = match.group_kind();
  }
  s.phases = match.phases();
  s.games = stats.games();
  s.games_per_second =
      info.wall_seconds > 0 ? static_cast<double>(s.games) / info.wall_seconds : 0.0;
  s.signature = stats.signature();
  s.nondeterminism = nondeterminism(config, match, stats);
  s.complete = run_complete(config, info, stats);
  const int n = stats.variants();
  for (int v = 0; v < n; ++v) {
    s.variants.push_back(variant_summary(config.players[v], v, s, stats));
    s.contests = s.contests || stats.variant(v).record.contests() > 0;
  }
  s.pairs.assign(n, std::vector<MatchSummary>(n));
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) s.pairs[a][b] = match_summary(stats, a, b);
  s.bradley_terry = tournament_ratings(config, stats);
  s.plackett_luce = finishing_order_ratings(config, stats);
  s.stop = evaluate_stop(config.stop, stats);
  if (s.stop.has_sprt) {
    s.llr_history = info.llr_history;
    if (s.llr_history.empty() || s.llr_history.back().games != s.games)
      s.llr_history.push_back({s.games, s.stop.llr});
  }
  s.expectations = check_expectations(config, s.metrics, stats);
  return s;
}

}  // namespace arena
