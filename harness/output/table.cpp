#include "harness/output/table.hpp"

#include <set>

#include <fmt/format.h>

#include "harness/stats/elo.hpp"

namespace arena {
namespace {

size_t name_width(const RunSummary& summary) {
  size_t width = 7;
  for (const VariantSummary& v : summary.variants)
    width = std::max(width, v.player->name.size());
  return width;
}

// "44.0", a score in percent; "-" without contests.
std::string win_percent(const std::optional<Share>& score) {
  return score ? fmt::format("{:.1f}", 100 * score->value) : "-";
}

// "a vs b: +W -L =D  score ...  Elo ...  LOS ...", or "" when they never met.
std::string match_line(const RunSummary& summary, const MatchSummary& m) {
  const Record& r = m.record.record;
  if (r.contests() == 0) return "";
  const EloEstimate& e = m.estimate.elo;
  std::string out =
      fmt::format("{} vs {}: +{} -{} ={}  score {}  Elo {}  LOS {:.1f}%", summary.name_of(m.a),
                  summary.name_of(m.b), r.wins, r.losses, r.draws, win_rate_cell(m.record.score),
                  estimate_text(e.elo, e.elo_error), 100 * e.los);
  if (m.estimate.paired)
    out += fmt::format("  pairs [LL, LD, WL+DD, WD, WW] = [{}]", fmt::join(m.pentanomial, ", "));
  return out + "\n";
}

}  // namespace

std::string format_nanoseconds(double ns) {
  if (ns < 1e3) return fmt::format("{:.0f} ns", ns);
  if (ns < 1e6) return fmt::format("{:.3g} us", ns / 1e3);
  if (ns < 1e9) return fmt::format("{:.3g} ms", ns / 1e6);
  return fmt::format("{:.3g} s", ns / 1e9);
}

std::string win_rate_cell(const std::optional<Share>& score) {
  if (!score) return "-";
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * score->value, 100 * score->low,
                     100 * score->high);
}

std::string results_table(const RunSummary& summary) {
  const size_t width = name_width(summary);
  const auto& metrics = summary.metrics;
  const std::string metric = metrics.empty() ? "" : metrics.front().name;
  // Tables of three or more seats: win share (ties split) and mean rank say more than W/L/D.
  bool multi_seat = false;
  bool forfeits = false;  // a column only when some strategy forfeited
  for (const VariantSummary& v : summary.variants) {
    multi_seat = multi_seat || v.all.multi_seat;
    forfeits = forfeits || v.all.forfeit_total > 0;
  }
  std::string out = fmt::format("{:<{}}  {:<12}  {:>10}  {:<22}  {:>21}  {:>10}  {:>10}", "variant",
                                width, "strategy", "games", "win rate [95% CI]",
                                metric.empty() ? "" : metric + " mean/median/p90", "p50", "p99");
  if (multi_seat) out += fmt::format("  {:>10}  {:>9}", "win share", "mean rank");
  out += forfeits ? fmt::format("  {:>8}\n", "forfeits") : "\n";
  for (const VariantSummary& v : summary.variants) {
    const VariantFigures& f = v.all;
    std::string metric_cell;
    if (!metrics.empty()) {
      const MetricFigures& m = f.metrics.front();
      metric_cell = fmt::format("{:.2f} / {} / {}", m.mean, m.median, m.p90);
    }
    out += fmt::format("{:<{}}  {:<12}  {:>10}  {:<22}  {:>21}  {:>10}  {:>10}", v.player->name,
                       width, v.player->strategy, f.games, win_rate_cell(f.record.score),
                       metric_cell, format_nanoseconds(static_cast<double>(v.latency.p50)),
                       format_nanoseconds(static_cast<double>(v.latency.p99)));
    if (multi_seat) out += fmt::format("  {:>9.1f}%  {:>9.2f}", 100.0 * f.win_share, f.mean_rank);
    if (forfeits) out += fmt::format("  {:>8}", f.forfeit_total);
    out += "\n";
  }
  return out + forfeits_text(summary);
}

std::string forfeits_text(const RunSummary& summary) {
  std::string out;
  for (const VariantSummary& v : summary.variants) {
    const VariantFigures& f = v.all;
    if (f.forfeit_total == 0) continue;
    out += fmt::format("  {} forfeited {} of {} games:", v.player->name, f.forfeit_total, f.games);
    for (int fault = 0; fault < kFaultKinds; ++fault) {
      if (f.forfeits[fault])
        out += fmt::format(" {} {}", fault_name(static_cast<Fault>(fault)), f.forfeits[fault]);
    }
    out += "\n";
  }
  return out;
}

std::string matches_text(const RunSummary& summary) {
  std::string out;
  const int n = static_cast<int>(summary.variants.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b)
      out += match_line(summary, summary.match(a, b));
  }
  return out;
}

std::string crosstable_text(const RunSummary& summary) {
  const int n = static_cast<int>(summary.variants.size());
  if (n < 3) return "";
  const size_t row_width = name_width(summary);
  std::vector<size_t> widths;
  std::set<uint64_t> games;
  for (int v = 0; v < n; ++v) {
    widths.push_back(std::max<size_t>(5, summary.name_of(v).size()));
    for (int w = 0; w < n; ++w)
      if (w != v) games.insert(summary.match(v, w).record.record.contests());
  }
  std::string out = fmt::format(
      "crosstable (score of each row against each column, %{}):\n{:<{}}",
      games.size() == 1 ? fmt::format("; {} games a cell", *games.begin()) : "", "", row_width);
  for (int v = 0; v < n; ++v)
    out += fmt::format("  {:>{}}", summary.name_of(v), widths[v]);
  out += "\n";
  for (int a = 0; a < n; ++a) {
    out += fmt::format("{:<{}}", summary.name_of(a), row_width);
    for (int b = 0; b < n; ++b) {
      const std::string text = a == b ? "." : win_percent(summary.match(a, b).record.score);
      out += fmt::format("  {:>{}}", text, widths[b]);
    }
    out += "\n";
  }
  return out;
}

std::string metric_means_text(const RunSummary& summary) {
  const auto& metrics = summary.metrics;
  if (metrics.size() < 2) return "";
  const size_t width = name_width(summary);
  std::string out = fmt::format("{:<{}}", "means", width);
  for (size_t m = 1; m < metrics.size(); ++m)
    out += fmt::format("  {:>10}", metrics[m].name);
  out += "\n";
  for (const VariantSummary& v : summary.variants) {
    out += fmt::format("{:<{}}", v.player->name, width);
    for (size_t m = 1; m < metrics.size(); ++m)
      out += fmt::format("  {:>10.3f}", v.all.metrics[m].mean);
    out += "\n";
  }
  return out;
}

std::string groups_text(const RunSummary& summary) {
  const auto& groups = summary.groups;
  if (groups.size() < 2) return "";
  const size_t width = name_width(summary);
  const auto& metrics = summary.metrics;
  std::string out = "by group:\n";
  for (size_t g = 0; g < groups.size(); ++g) {
    for (const VariantSummary& v : summary.variants) {
      const VariantFigures& f = v.groups[g];
      if (f.games == 0) continue;
      out += fmt::format("  {:<8}  {:<{}}  {:>8} games  {:<22}", groups[g], v.player->name, width,
                         f.games, win_rate_cell(f.record.score));
      if (f.multi_seat) out += fmt::format("  share {:.1f}%", 100.0 * f.win_share);
      for (size_t m = 0; m < metrics.size(); ++m)
        out += fmt::format("  {} {:.3g}", metrics[m].name, f.metrics[m].mean);
      out += "\n";
    }
  }
  return out;
}

}  // namespace arena
