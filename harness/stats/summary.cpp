#include "harness/stats/summary.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numeric>

#include "harness/stats/elo.hpp"
#include "harness/stats/plackett_luce.hpp"
#include "harness/stats/proportion.hpp"
#include "harness/stats/stopping.hpp"

namespace arena {
namespace {

using OrderedJson = nlohmann::ordered_json;

OrderedJson finite_or_null(double x) {
  return std::isfinite(x) ? OrderedJson(x) : OrderedJson(nullptr);
}

OrderedJson latency_json(const LatencyHistogram& h) {
  // [lowest ns of the bucket, decisions] for every bucket used, in increasing order.
  OrderedJson buckets = OrderedJson::array();
  for (int b = 0; b < LatencyHistogram::kBuckets; ++b) {
    if (h.bucket_count(b)) buckets.push_back({LatencyHistogram::bucket_low(b), h.bucket_count(b)});
  }
  // count: every decision; timed: those timed (all of them unless decisions are
  // cheap: then a sample), which the mean, quantiles, max and histogram describe.
  return OrderedJson{{"count", h.count()},     {"timed", h.timed()},     {"mean", h.mean()},
                     {"p50", h.quantile(0.5)}, {"p90", h.quantile(0.9)}, {"p99", h.quantile(0.99)},
                     {"max", h.max()},         {"histogram", buckets}};
}

OrderedJson metric_json(const IntHistogram& h) {
  // {"value": count} for every value seen, in increasing order of value.
  OrderedJson histogram = OrderedJson::object();
  const auto& counts = h.counts();
  for (size_t value = 0; value < counts.size(); ++value) {
    if (counts[value]) histogram[std::to_string(value)] = counts[value];
  }
  return OrderedJson{{"count", h.count()},     {"mean", h.mean()}, {"median", h.quantile(0.5)},
                     {"p90", h.quantile(0.9)}, {"min", h.min()},   {"max", h.max()},
                     {"histogram", histogram}};
}

// Win rate and interval, or nulls when the variant was never in a contest.
void add_record(OrderedJson& out, const Record& r) {
  out["wins"] = r.wins;
  out["losses"] = r.losses;
  out["draws"] = r.draws;
  const auto n = static_cast<double>(r.contests());
  if (n == 0) {
    out["win_rate"] = nullptr;
    out["win_rate_ci95"] = nullptr;
    return;
  }
  const double score = score_of(static_cast<double>(r.wins), static_cast<double>(r.draws), n);
  const auto [lo, hi] = wilson_interval(score, n);
  out["win_rate"] = score;
  out["win_rate_ci95"] = OrderedJson::array({lo, hi});
}

// games, record, mean rank and metrics of one variant (overall or in a group).
void add_variant_stats(OrderedJson& out, const VariantStats& s,
                       const std::vector<MetricSpec>& metrics) {
  out["games"] = s.games;
  add_record(out, s.record);
  out["mean_rank"] = s.games ? static_cast<double>(s.rank_sum) / static_cast<double>(s.games) : 0.0;
  // Share of games won, a k-way tie for first counting 1/k (multi-player tables).
  out["win_share"] = s.games ? static_cast<double>(s.win_share_units) / kWinShareUnit /
                                   static_cast<double>(s.games)
                             : 0.0;
  // How often the variant finished first, second, ...: rank_counts[k] = games at rank k + 1.
  const auto& ranks = s.ranks.counts();
  out["rank_counts"] = ranks.size() > 1 ? std::vector<uint64_t>(ranks.begin() + 1, ranks.end())
                                        : std::vector<uint64_t>{};
  OrderedJson metric_map = OrderedJson::object();
  for (size_t m = 0; m < metrics.size(); ++m)
    metric_map[metrics[m].name] = metric_json(s.metrics[m]);
  out["metrics"] = metric_map;
  // Games lost by fault, by reason (metrics above count only finished games).
  OrderedJson forfeits = OrderedJson::object();
  for (int f = 0; f < kFaultKinds; ++f)
    forfeits[fault_name(static_cast<Fault>(f))] = s.forfeits[f];
  out["forfeits"] = forfeits;
  // Games stopped at the engine's bound (shots, plies, rounds) before they ended.
  out["cut_off"] = s.cut_off;
}

// The first metric with a direction (the match's main one), or none.
std::optional<size_t> main_metric(const std::vector<MetricSpec>& metrics) {
  for (size_t m = 0; m < metrics.size(); ++m)
    if (metrics[m].better != Better::kNeither) return m;
  return std::nullopt;
}

OrderedJson game_ref_json(const GameRef& ref, const std::string& metric) {
  if (!ref.found()) return nullptr;
  return OrderedJson{{"game", ref.game}, {metric, ref.value}};
}

// The variant's games worth a look: its best and worst by the main metric,
// the first game it forfeited for each reason, the first one cut off.
OrderedJson notable_json(const NotableGames& n, const std::vector<MetricSpec>& metrics) {
  OrderedJson out = OrderedJson::object();
  if (const auto m = main_metric(metrics); m && *m < n.lowest.size()) {
    const bool lower = metrics[*m].better == Better::kLower;
    out["best"] = game_ref_json(lower ? n.lowest[*m] : n.highest[*m], metrics[*m].name);
    out["worst"] = game_ref_json(lower ? n.highest[*m] : n.lowest[*m], metrics[*m].name);
  }
  OrderedJson forfeits = OrderedJson::object();
  for (int f = 0; f < kFaultKinds; ++f) {
    if (n.first_forfeit[static_cast<size_t>(f)] != kNoGame)
      forfeits[fault_name(static_cast<Fault>(f))] = n.first_forfeit[static_cast<size_t>(f)];
  }
  out["first_forfeit"] = forfeits;
  out["first_cut_off"] =
      n.first_cut_off == kNoGame ? OrderedJson(nullptr) : OrderedJson(n.first_cut_off);
  return out;
}

OrderedJson variant_json(const PlayerConfig& player, int v, const Match& match,
                         const RunStats& stats) {
  OrderedJson out;
  out["name"] = player.name;
  out["strategy"] = player.strategy;
  out["params"] = params_json(player.params);
  add_variant_stats(out, stats.variant(v), match.metrics());
  out["notable_games"] = notable_json(stats.variant(v).notable, match.metrics());
  out["decision_latency_ns"] = latency_json(stats.latency(v));
  const auto phases = match.phases();
  if (!phases.empty()) {  // the same decisions split by the phase they were made in
    OrderedJson by_phase = OrderedJson::object();
    for (size_t p = 0; p < phases.size(); ++p)
      by_phase[phases[p]] = latency_json(stats.latency(v, static_cast<int>(p)));
    out["decision_latency_ns"]["by_phase"] = by_phase;
  }
  const auto groups = match.groups();
  if (groups.size() > 1) {
    OrderedJson by_group = OrderedJson::array();
    for (size_t g = 0; g < groups.size(); ++g) {
      OrderedJson entry;
      entry["group"] = groups[g];
      add_variant_stats(entry, stats.variant_in_group(v, static_cast<int>(g)), match.metrics());
      by_group.push_back(entry);
    }
    out["groups"] = by_group;
  }
  return out;
}

OrderedJson matches_json(const RunConfig& config, const RunStats& stats) {
  OrderedJson matches = OrderedJson::array();
  const int n = stats.variants();
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const Record& r = stats.pair(a, b);
      OrderedJson match;
      match["a"] = config.players[a].name;
      match["b"] = config.players[b].name;
      match["games"] = r.contests();
      add_record(match, r);
      const auto [e, paired] = pair_estimate(stats, a, b);
      if (paired) match["pentanomial"] = stats.pentanomial(a, b);  // [LL, LD, WL+DD, WD, WW] for a
      match["score"] = e.score;
      // An unbounded value (an infinite Elo or error) is null, never a finite-looking number.
      match["elo"] = finite_or_null(e.elo);
      match["elo_error"] = finite_or_null(e.elo_error);
      match["nelo"] = finite_or_null(e.nelo);
      match["nelo_error"] = finite_or_null(e.nelo_error);
      match["los"] = e.los;
      match["draw_ratio"] = static_cast<double>(r.draws) / std::max<double>(1, r.contests());
      matches.push_back(match);
    }
  }
  return matches;
}

// Every variant's score against every other one (three or more variants):
// the view people look at first in a tournament. score[a][b] is a's score
// against b (wins + draws / 2 over the games both played), null on the
// diagonal and where they never met; elo[a][b] its Elo, null when unbounded.
OrderedJson crosstable_json(const RunConfig& config, const RunStats& stats) {
  const int n = stats.variants();
  OrderedJson names = OrderedJson::array();
  OrderedJson score = OrderedJson::array();
  OrderedJson games = OrderedJson::array();
  OrderedJson elo = OrderedJson::array();
  for (int a = 0; a < n; ++a) {
    names.push_back(config.players[a].name);
    OrderedJson score_row = OrderedJson::array();
    OrderedJson games_row = OrderedJson::array();
    OrderedJson elo_row = OrderedJson::array();
    for (int b = 0; b < n; ++b) {
      const CrossCell cell = cross_cell(stats, a, b);
      games_row.push_back(a == b ? 0 : cell.games);
      score_row.push_back(a == b || cell.games == 0 ? OrderedJson(nullptr)
                                                    : OrderedJson(cell.score));
      elo_row.push_back(a == b || cell.games == 0 ? OrderedJson(nullptr)
                                                  : finite_or_null(elo_of_score(cell.score)));
    }
    score.push_back(score_row);
    games.push_back(games_row);
    elo.push_back(elo_row);
  }
  return OrderedJson{{"variants", names}, {"score", score}, {"games", games}, {"elo", elo}};
}

}  // namespace

namespace {

RatingAnchor rating_anchor(const RunConfig& config) {
  return config.anchor == Anchor::kMean ? RatingAnchor::kMean : RatingAnchor::kFirst;
}

}  // namespace

std::vector<RankedRating> tournament_ratings(const RunConfig& config, const RunStats& stats) {
  const int n = stats.variants();
  std::vector<std::vector<double>> wins(n, std::vector<double>(n, 0));
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a != b) wins[a][b] = stats.pair(a, b).wins + stats.pair(a, b).draws / 2.0;
    }
  }
  return ranked(bradley_terry(wins, rating_anchor(config), 1.0));
}

std::vector<RankedRating> finishing_order_ratings(const RunConfig& config, const RunStats& stats) {
  if (stats.finishing_orders().most_seats() < 3 || stats.variants() < 2) return {};
  return ranked(
      plackett_luce(stats.finishing_orders(), stats.variants(), rating_anchor(config), 1.0));
}

const std::vector<std::string>& timing_fields() {
  static const std::vector<std::string> fields = {"threads", "wall_seconds", "games_per_second",
                                                  "timer_overhead_ns", "decision_latency_ns"};
  return fields;
}

OrderedJson expectations_json(const std::vector<ExpectationResult>& results) {
  OrderedJson out = OrderedJson::array();
  for (const auto& r : results) {
    const Expectation& e = *r.expectation;
    OrderedJson j;
    j["variant"] = e.variant;
    j["metric"] = e.metric;
    if (e.metric != "win_rate") j["stat"] = e.stat;
    j["value"] = e.value;
    j["tolerance"] = e.tolerance;
    j["source"] = e.source;
    j["measured"] = r.measured_ok ? OrderedJson(r.measured) : OrderedJson(nullptr);
    // The measured value's 95% interval, which the verdict compares with the figure.
    j["interval"] = r.measured_ok ? OrderedJson::array({r.low, r.high}) : OrderedJson(nullptr);
    j["reproduced"] = r.reproduced;
    out.push_back(j);
  }
  return out;
}

OrderedJson rating_table(const RunConfig& config, const RunStats& stats,
                         const std::vector<RankedRating>& ratings) {
  OrderedJson table = OrderedJson::array();
  for (const RankedRating& r : ratings) {
    table.push_back(OrderedJson{
        {"rank", r.rank},
        {"name", config.players[r.variant].name},
        {"rating", r.rating.rated ? OrderedJson(r.rating.rating) : OrderedJson(nullptr)},
        {"ci95", r.rating.rated ? OrderedJson(r.rating.ci95) : OrderedJson(nullptr)},
        {"games", stats.variant(r.variant).games}});
  }
  return table;
}

// Bradley-Terry ratings over every pairwise result, ranked; null with fewer
// than three variants (a single match says it all).
OrderedJson ratings_json(const RunConfig& config, const RunStats& stats) {
  if (stats.variants() < 3) return nullptr;
  return OrderedJson{{"model", "bradley-terry"},
                     {"anchor", anchor_name(config.anchor)},
                     {"prior_draws", 1.0},
                     {"table", rating_table(config, stats, tournament_ratings(config, stats))}};
}

// Plackett-Luce ratings on whole finishing orders, for tables of three or more seats.
// Null when no game had three or more seats.
OrderedJson plackett_luce_json(const RunConfig& config, const RunStats& stats) {
  const auto ratings = finishing_order_ratings(config, stats);
  if (ratings.empty()) return nullptr;
  return OrderedJson{{"model", "plackett-luce"},
                     {"anchor", anchor_name(config.anchor)},
                     {"prior_draws", 1.0},
                     {"ties", "a k-way tie is one choice won 1/k by each tied seat"},
                     {"table", rating_table(config, stats, ratings)}};
}

// How early stopping ended: the rule that fired (or null), games played, and
// the SPRT's LLR, bounds and verdict when there is one.
OrderedJson stop_json(const StopRules& rules, const StopStatus& status, const RunStats& stats) {
  OrderedJson out;
  out["stopped_by"] =
      status.stopped_by.empty() ? OrderedJson(nullptr) : OrderedJson(status.stopped_by);
  out["games"] = stats.games();
  out["batch"] = rules.batch;
  if (rules.ci_width) {
    out["ci_width"] = *rules.ci_width;
    out["ci_width_reached"] = status.ci_width;
  }
  if (rules.sprt) {
    const SprtTest& t = *rules.sprt;
    out["sprt"] = OrderedJson{
        {"elo0", t.elo0},
        {"elo1", t.elo1},
        {"alpha", t.alpha},
        {"beta", t.beta},
        {"model", sprt_model_name(t.model)},
        {"llr", status.llr},
        {"lower_bound", t.lower_bound()},
        {"upper_bound", t.upper_bound()},
        {"verdict", status.verdict.empty() ? OrderedJson(nullptr) : OrderedJson(status.verdict)}};
  }
  return out;
}

std::string nondeterminism(const RunConfig& config, const Match& match, const RunStats& stats) {
  std::string why = match.nondeterminism();
  std::string programs;
  for (const PlayerConfig& p : config.players)
    if (p.strategy == kExternalName) programs += (programs.empty() ? "" : ", ") + p.name;
  if (!programs.empty()) {
    why += (why.empty() ? "" : "; ") +
           fmt::format(
               "external programs ({}) decide some moves: the same seed gives the same "
               "games only if they decide from their seeds alone, and any of their "
               "decisions over its budget forfeits",
               programs);
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

PairEstimate pair_estimate(const RunStats& stats, int a, int b) {
  const Pentanomial& penta = stats.pentanomial(a, b);
  if (std::accumulate(penta.begin(), penta.end(), uint64_t{0}) > 0)
    return {estimate_pentanomial(penta), true};
  const Record& r = stats.pair(a, b);
  return {estimate_trinomial(r.wins, r.losses, r.draws), false};
}

CrossCell cross_cell(const RunStats& stats, int a, int b) {
  if (a == b) return {};
  const Record& r = stats.pair(a, b);
  const uint64_t games = r.contests();
  const double points = static_cast<double>(r.wins) + 0.5 * static_cast<double>(r.draws);
  return {games, games ? points / static_cast<double>(games) : 0.0};
}

OrderedJson summary_json(const RunConfig& config, const RunInfo& info, const Match& match,
                         const RunStats& stats,
                         const std::vector<ExpectationResult>& expectations) {
  OrderedJson out;
  out["name"] = config.name;
  out["engine"] = config.engine;
  out["mode"] = config.mode.name;
  // Each variant plays its own board (ModeSpec::apart): a game's replay shows one variant.
  out["variants_apart"] = config.mode.apart;
  out["seed"] = info.seed;
  out["threads"] = info.threads;
  out["games"] = stats.games();
  out["wall_seconds"] = info.wall_seconds;
  out["games_per_second"] =
      info.wall_seconds > 0 ? static_cast<double>(stats.games()) / info.wall_seconds : 0.0;
  out["timer_overhead_ns"] = info.timer_overhead_ns;
  out["version"] = ARENA_VERSION;
  out["format"] = format_name(config.format);
  out["signature"] = fmt::format("{:016x}", stats.signature());  // hash of every decision
  // Only clock-limited strategies make a run irreproducible; say so where results are read.
  const std::string why = nondeterminism(config, match, stats);
  out["deterministic"] = why.empty();
  if (!why.empty()) out["nondeterminism"] = why;
  if (config.limits.decision_ms)
    out["limits"] = OrderedJson{{"decision_ms", *config.limits.decision_ms}};
  const StopStatus stop = evaluate_stop(config.stop, stats);
  out["complete"] = run_complete(config, info, stats);
  OrderedJson variants = OrderedJson::array();
  for (int v = 0; v < stats.variants(); ++v) {
    variants.push_back(variant_json(config.players[v], v, match, stats));
  }
  out["variants"] = variants;
  OrderedJson metric_specs =
      OrderedJson::array();  // what each metric counts, for tables and charts
  for (const MetricSpec& m : match.metrics())
    metric_specs.push_back(
        OrderedJson{{"name", m.name},
                    {"unit", m.unit},
                    {"help", m.help},
                    {"better", m.better == Better::kLower    ? OrderedJson("lower")
                               : m.better == Better::kHigher ? OrderedJson("higher")
                                                             : OrderedJson(nullptr)}});
  out["metrics"] = metric_specs;
  const auto groups = match.groups();
  if (groups.size() > 1) {
    out["groups"] = groups;
    out["group_kind"] = match.group_kind();  // what the groups are: "seat", "board size"
  }
  out["matches"] = matches_json(config, stats);
  if (stats.variants() >= 3) out["crosstable"] = crosstable_json(config, stats);
  out["ratings"] = ratings_json(config, stats);
  if (OrderedJson pl = plackett_luce_json(config, stats); !pl.is_null())
    out["ratings_plackett_luce"] = std::move(pl);
  out["expectations"] = expectations_json(expectations);
  if (config.stop.any()) out["stop"] = stop_json(config.stop, stop, stats);
  return out;
}

}  // namespace arena
