#include "harness/stats/summary.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <optional>

namespace arena {
namespace {

using OrderedJson = nlohmann::ordered_json;

// The lowest value of the bucket of 8 per power of two (below 16: the value
// itself) that holds `ns`: the latency histogram's 64 sub-buckets nest in them.
uint64_t eighth_of_octave(uint64_t ns) {
  if (ns < 16) return ns;
  const int shift = 63 - std::countl_zero(ns) - 3;
  return (ns >> shift) << shift;
}

OrderedJson latency_json(const LatencyFigures& f) {
  // [lowest ns of the bucket, decisions] for every bucket used, in increasing
  // order, 8 buckets per power of two (the quantiles above come from 64).
  OrderedJson buckets = OrderedJson::array();
  for (const auto& [b, count] : f.histogram.used_buckets()) {
    const uint64_t low = eighth_of_octave(LatencyHistogram::bucket_low(b));
    if (!buckets.empty() && buckets.back()[0].get<uint64_t>() == low) {
      buckets.back()[1] = buckets.back()[1].get<uint64_t>() + count;
    } else {
      buckets.push_back({low, count});
    }
  }
  // count: every decision; timed: those timed (all of them unless decisions are
  // cheap: then a sample), which the mean, quantiles, max and histogram describe.
  return OrderedJson{{"count", f.count}, {"timed", f.timed},    {"mean", f.mean},
                     {"p50", f.p50},     {"p90", f.p90},        {"p99", f.p99},
                     {"max", f.max},     {"histogram", buckets}};
}

OrderedJson metric_json(const MetricFigures& f) {
  // {"value": count} for every value seen, in increasing order of value.
  OrderedJson histogram = OrderedJson::object();
  const auto& counts = f.histogram.counts();
  for (size_t value = 0; value < counts.size(); ++value) {
    if (counts[value]) histogram[std::to_string(value)] = counts[value];
  }
  return OrderedJson{{"count", f.histogram.count()},
                     {"mean", f.mean},
                     {"median", f.median},
                     {"p90", f.p90},
                     {"min", f.min},
                     {"max", f.max},
                     {"histogram", histogram}};
}

// Win rate and interval, or nulls when the variant was never in a contest.
void add_record(OrderedJson& out, const RecordFigures& f) {
  out["wins"] = f.record.wins;
  out["losses"] = f.record.losses;
  out["draws"] = f.record.draws;
  if (!f.score) {
    out["win_rate"] = nullptr;
    out["win_rate_ci95"] = nullptr;
    return;
  }
  out["win_rate"] = f.score->value;
  out["win_rate_ci95"] = OrderedJson::array({f.score->low, f.score->high});
}

// games, record, mean rank and metrics of one variant (overall or in a group).
void add_variant_stats(OrderedJson& out, const VariantFigures& f,
                       const std::vector<MetricSpec>& metrics) {
  out["games"] = f.games;
  add_record(out, f.record);
  out["mean_rank"] = f.mean_rank;
  // Share of games won, a k-way tie for first counting 1/k (multi-player tables).
  out["win_share"] = f.win_share;
  // How often the variant finished first, second, ...: rank_counts[k] = games at rank k + 1.
  out["rank_counts"] = f.rank_counts;
  OrderedJson metric_map = OrderedJson::object();
  for (size_t m = 0; m < metrics.size(); ++m)
    metric_map[metrics[m].name] = metric_json(f.metrics[m]);
  out["metrics"] = metric_map;
  // Games lost by fault, by reason (metrics above count only finished games).
  OrderedJson forfeits = OrderedJson::object();
  for (int fault = 0; fault < kFaultKinds; ++fault)
    forfeits[fault_name(static_cast<Fault>(fault))] = f.forfeits[fault];
  out["forfeits"] = forfeits;
  // Games stopped at the engine's bound (shots, plies, rounds) before they ended.
  out["cut_off"] = f.cut_off;
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

OrderedJson variant_json(const RunSummary& summary, const VariantSummary& v) {
  OrderedJson out;
  out["name"] = v.player->name;
  out["strategy"] = v.player->strategy;
  out["params"] = params_json(v.player->params);
  add_variant_stats(out, v.all, summary.metrics);
  out["notable_games"] = notable_json(v.notable, summary.metrics);
  out["decision_latency_ns"] = latency_json(v.latency);
  if (!summary.phases.empty()) {  // the same decisions split by the phase they were made in
    OrderedJson by_phase = OrderedJson::object();
    for (size_t p = 0; p < summary.phases.size(); ++p)
      by_phase[summary.phases[p]] = latency_json(v.latency_by_phase[p]);
    out["decision_latency_ns"]["by_phase"] = by_phase;
  }
  if (!summary.groups.empty()) {
    OrderedJson by_group = OrderedJson::array();
    for (size_t g = 0; g < summary.groups.size(); ++g) {
      OrderedJson entry;
      entry["group"] = summary.groups[g];
      add_variant_stats(entry, v.groups[g], summary.metrics);
      by_group.push_back(entry);
    }
    out["groups"] = by_group;
  }
  return out;
}

OrderedJson match_json(const RunSummary& summary, const MatchSummary& m) {
  OrderedJson match;
  match["a"] = summary.name_of(m.a);
  match["b"] = summary.name_of(m.b);
  match["games"] = m.record.record.contests();
  add_record(match, m.record);
  if (m.estimate.paired) match["pentanomial"] = m.pentanomial;  // [LL, LD, WL+DD, WD, WW] for a
  add_elo_estimate(match, m.estimate.elo);
  match["draw_ratio"] = m.draw_ratio;
  return match;
}

// Every pair once, the lower index first.
OrderedJson matches_json(const RunSummary& summary) {
  OrderedJson matches = OrderedJson::array();
  const int n = static_cast<int>(summary.variants.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b)
      matches.push_back(match_json(summary, summary.match(a, b)));
  }
  return matches;
}

// Every variant's score against every other one (three or more variants):
// the view people look at first in a tournament. score[a][b] is a's score
// against b (wins + draws / 2 over the games both played), null on the
// diagonal and where they never met; elo[a][b] its Elo, null when unbounded.
OrderedJson crosstable_json(const RunSummary& summary) {
  const size_t n = summary.variants.size();
  OrderedJson names = OrderedJson::array();
  OrderedJson score = OrderedJson::array();
  OrderedJson games = OrderedJson::array();
  OrderedJson elo = OrderedJson::array();
  for (size_t a = 0; a < n; ++a) {
    names.push_back(summary.name_of(static_cast<int>(a)));
    OrderedJson score_row = OrderedJson::array();
    OrderedJson games_row = OrderedJson::array();
    OrderedJson elo_row = OrderedJson::array();
    for (size_t b = 0; b < n; ++b) {
      if (a == b) {
        games_row.push_back(0);
        score_row.push_back(nullptr);
        elo_row.push_back(nullptr);
        continue;
      }
      const MatchSummary& m = summary.match(static_cast<int>(a), static_cast<int>(b));
      games_row.push_back(m.record.record.contests());
      score_row.push_back(m.record.score ? OrderedJson(m.record.score->value) : OrderedJson());
      elo_row.push_back(m.record.score ? finite_or_null(m.score_elo) : OrderedJson());
    }
    score.push_back(score_row);
    games.push_back(games_row);
    elo.push_back(elo_row);
  }
  return OrderedJson{{"variants", names}, {"score", score}, {"games", games}, {"elo", elo}};
}

OrderedJson expectations_json(const std::vector<ExpectationResult>& results) {
  OrderedJson out = OrderedJson::array();
  for (const auto& r : results) {
    const Expectation& e = *r.expectation;
    OrderedJson j;
    j["variant"] = e.variant;
    j["metric"] = e.metric;
    if (e.metric != "win_rate") j["stat"] = e.stat;
    if (e.stat == "share") j["at"] = e.at;
    j["figure"] = e.figure();
    // A range: "value" null, "range" its ends; "published" as the screen says it.
    j["value"] = e.up_to ? OrderedJson(nullptr) : OrderedJson(e.value);
    if (e.up_to) j["range"] = OrderedJson::array({e.value, *e.up_to});
    j["published"] = e.published();
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

OrderedJson rating_table(const RunSummary& summary, const RatingTable& ratings) {
  OrderedJson table = OrderedJson::array();
  for (const RankedRating& r : ratings.ranked) {
    table.push_back(OrderedJson{
        {"rank", r.rank},
        {"name", summary.name_of(r.variant)},
        {"rating", r.rating.rated ? OrderedJson(r.rating.rating) : OrderedJson(nullptr)},
        {"ci95", r.rating.rated ? OrderedJson(r.rating.ci95) : OrderedJson(nullptr)},
        {"games", summary.variants[r.variant].all.games}});
  }
  return table;
}

// Bradley-Terry ratings over every pairwise result, ranked; null with fewer
// than three variants (a single match says it all).
OrderedJson ratings_json(const RunSummary& summary) {
  if (summary.bradley_terry.empty()) return nullptr;
  return OrderedJson{{"model", "bradley-terry"},
                     {"anchor", anchor_name(summary.bradley_terry.anchor)},
                     {"prior_draws", 1.0},
                     {"table", rating_table(summary, summary.bradley_terry)}};
}

// Plackett-Luce ratings on whole finishing orders, for tables of three or more seats.
// Null when no game had three or more seats.
OrderedJson plackett_luce_json(const RunSummary& summary) {
  if (summary.plackett_luce.empty()) return nullptr;
  return OrderedJson{{"model", "plackett-luce"},
                     {"anchor", anchor_name(summary.plackett_luce.anchor)},
                     {"prior_draws", 1.0},
                     {"ties", "a k-way tie is one choice won 1/k by each tied seat"},
                     {"table", rating_table(summary, summary.plackett_luce)}};
}

// [[games, llr], ...]: the LLR at the stop checks, for the report's chart.
OrderedJson llr_history_json(const std::vector<LlrPoint>& points) {
  OrderedJson out = OrderedJson::array();
  for (const LlrPoint& p : points)
    out.push_back(OrderedJson::array({p.games, p.llr}));
  return out;
}

// How early stopping ended: the rule that fired (or null), games played, and
// the SPRT's LLR, bounds and verdict when there is one.
OrderedJson stop_json(const StopRules& rules, const RunSummary& summary) {
  const StopStatus& status = summary.stop;
  OrderedJson out;
  out["stopped_by"] =
      status.stopped_by.empty() ? OrderedJson(nullptr) : OrderedJson(status.stopped_by);
  out["games"] = summary.games;
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
        {"verdict", status.verdict.empty() ? OrderedJson(nullptr) : OrderedJson(status.verdict)},
        {"history", llr_history_json(summary.llr_history)}};
  }
  return out;
}

}  // namespace

OrderedJson finite_or_null(double x) {
  return std::isfinite(x) ? OrderedJson(x) : OrderedJson(nullptr);
}

void add_elo_estimate(OrderedJson& out, const EloEstimate& e) {
  out["score"] = e.score;
  // An unbounded value (an infinite Elo or error) is null, never a finite-looking number.
  out["elo"] = finite_or_null(e.elo);
  out["elo_error"] = finite_or_null(e.elo_error);
  out["nelo"] = finite_or_null(e.nelo);
  out["nelo_error"] = finite_or_null(e.nelo_error);
  out["los"] = e.los;
  out["los_normal"] = e.los_normal;  // fishtest's, beside the exact one
}

const std::vector<std::string>& timing_fields() {
  static const std::vector<std::string> fields = {"threads", "wall_seconds", "games_per_second",
                                                  "timer_overhead_ns", "decision_latency_ns"};
  return fields;
}

OrderedJson summary_json(const RunSummary& summary) {
  const RunConfig& config = *summary.config;
  const RunInfo& info = summary.info;
  OrderedJson out;
  out["name"] = config.name;
  out["engine"] = config.engine;
  out["mode"] = config.mode.name;
  // Each variant plays its own board (ModeSpec::apart): a game's replay shows one variant.
  out["variants_apart"] = config.mode.apart;
  out["seed"] = info.seed;
  out["threads"] = info.threads;
  out["games"] = summary.games;
  out["wall_seconds"] = info.wall_seconds;
  out["games_per_second"] = summary.games_per_second;
  out["timer_overhead_ns"] = info.timer_overhead_ns;
  out["version"] = ARENA_VERSION;
  out["format"] = format_name(config.format);
  out["signature"] = fmt::format("{:016x}", summary.signature);  // hash of every decision
  // What may make the run irreproducible (clocks, programs, Python functions), where results
  // are read.
  out["deterministic"] = summary.nondeterminism.empty();
  if (!summary.nondeterminism.empty()) out["nondeterminism"] = summary.nondeterminism;
  if (config.limits.decision_ms)
    out["limits"] = OrderedJson{{"decision_ms", *config.limits.decision_ms}};
  out["complete"] = summary.complete;
  OrderedJson variants = OrderedJson::array();
  for (const VariantSummary& v : summary.variants)
    variants.push_back(variant_json(summary, v));
  out["variants"] = variants;
  OrderedJson metric_specs =
      OrderedJson::array();  // what each metric counts, for tables and charts
  for (const MetricSpec& m : summary.metrics)
    metric_specs.push_back(
        OrderedJson{{"name", m.name},
                    {"unit", m.unit},
                    {"help", m.help},
                    {"better", m.better == Better::kLower    ? OrderedJson("lower")
                               : m.better == Better::kHigher ? OrderedJson("higher")
                                                             : OrderedJson(nullptr)}});
  out["metrics"] = metric_specs;
  // The phases decisions are timed in, in game order (each variant's `by_phase`).
  if (!summary.phases.empty()) out["phases"] = summary.phases;
  if (!summary.groups.empty()) {
    out["groups"] = summary.groups;
    out["group_kind"] = summary.group_kind;  // what the groups are: "seat", "board size"
  }
  out["matches"] = matches_json(summary);
  if (summary.variants.size() >= 3) out["crosstable"] = crosstable_json(summary);
  out["ratings"] = ratings_json(summary);
  if (OrderedJson pl = plackett_luce_json(summary); !pl.is_null())
    out["ratings_plackett_luce"] = std::move(pl);
  out["expectations"] = expectations_json(summary.expectations);
  if (config.stop.any()) out["stop"] = stop_json(config.stop, summary);
  return out;
}

}  // namespace arena
