#include "harness/output/table.hpp"

#include <set>

#include <fmt/format.h>

#include "harness/stats/elo.hpp"
#include "harness/stats/proportion.hpp"
#include "harness/stats/summary.hpp"

namespace arena {

std::string format_nanoseconds(double ns) {
  if (ns < 1e3) return fmt::format("{:.0f} ns", ns);
  if (ns < 1e6) return fmt::format("{:.3g} us", ns / 1e3);
  if (ns < 1e9) return fmt::format("{:.3g} ms", ns / 1e6);
  return fmt::format("{:.3g} s", ns / 1e9);
}

std::string win_rate_cell(const Record& r) {
  const auto n = static_cast<double>(r.contests());
  if (n == 0) return "-";
  const double score = score_of(static_cast<double>(r.wins), static_cast<double>(r.draws), n);
  const auto [lo, hi] = wilson_interval(score, n);
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * score, 100 * lo, 100 * hi);
}

std::string results_table(const RunConfig& config, const std::vector<MetricSpec>& metrics,
                          const RunStats& stats) {
  size_t name_width = 7;
  for (const auto& p : config.players)
    name_width = std::max(name_width, p.name.size());
  const std::string metric = metrics.empty() ? "" : metrics.front().name;
  // Tables of three or more seats: win share (ties split) and mean rank say more than W/L/D.
  bool multi_seat = false;
  for (int v = 0; v < stats.variants(); ++v)
    multi_seat = multi_seat || stats.variant(v).ranks.max() >= 3;
  std::string out = fmt::format("{:<{}}  {:<12}  {:>10}  {:<22}  {:>21}  {:>10}  {:>10}", "variant",
                                name_width, "strategy", "games", "win rate [95% CI]",
                                metric.empty() ? "" : metric + " mean/median/p90", "p50", "p99");
  bool forfeits = false;  // a column only when some strategy forfeited
  for (int v = 0; v < stats.variants(); ++v)
    forfeits = forfeits || stats.variant(v).forfeit_total() > 0;
  if (multi_seat) out += fmt::format("  {:>10}  {:>9}", "win share", "mean rank");
  out += forfeits ? fmt::format("  {:>8}\n", "forfeits") : "\n";
  for (int v = 0; v < stats.variants(); ++v) {
    const VariantStats& s = stats.variant(v);
    std::string metric_cell;
    if (!metrics.empty()) {
      const IntHistogram& h = s.metrics.front();
      metric_cell = fmt::format("{:.2f} / {} / {}", h.mean(), h.quantile(0.5), h.quantile(0.9));
    }
    const LatencyHistogram& lat = stats.latency(v);
    out += fmt::format("{:<{}}  {:<12}  {:>10}  {:<22}  {:>21}  {:>10}  {:>10}",
                       config.players[v].name, name_width, config.players[v].strategy, s.games,
                       win_rate_cell(s.record), metric_cell,
                       format_nanoseconds(static_cast<double>(lat.quantile(0.5))),
                       format_nanoseconds(static_cast<double>(lat.quantile(0.99))));
    if (multi_seat) {
      out += fmt::format(
          "  {:>9.1f}%  {:>9.2f}",
          100.0 * static_cast<double>(s.win_share_units) / kWinShareUnit /
              static_cast<double>(std::max<uint64_t>(1, s.games)),
          static_cast<double>(s.rank_sum) / static_cast<double>(std::max<uint64_t>(1, s.games)));
    }
    if (forfeits) out += fmt::format("  {:>8}", s.forfeit_total());
    out += "\n";
  }
  return out + forfeits_text(config, stats);
}

std::string forfeits_text(const RunConfig& config, const RunStats& stats) {
  std::string out;
  for (int v = 0; v < stats.variants(); ++v) {
    const VariantStats& s = stats.variant(v);
    if (s.forfeit_total() == 0) continue;
    out += fmt::format("  {} forfeited {} of {} games:", config.players[v].name, s.forfeit_total(),
                       s.games);
    for (int f = 0; f < kFaultKinds; ++f) {
      if (s.forfeits[f])
        out += fmt::format(" {} {}", fault_name(static_cast<Fault>(f)), s.forfeits[f]);
    }
    out += "\n";
  }
  return out;
}

std::string matches_text(const RunConfig& config, const RunStats& stats) {
  std::string out;
  for (int a = 0; a < stats.variants(); ++a) {
    for (int b = a + 1; b < stats.variants(); ++b) {
      const Record& r = stats.pair(a, b);
      if (r.contests() == 0) continue;
      const auto [e, paired] = pair_estimate(stats, a, b);
      const Pentanomial& p = stats.pentanomial(a, b);
      const std::string elo = estimate_text(e.elo, e.elo_error);
      out += fmt::format("{} vs {}: +{} -{} ={}  score {}  Elo {}  LOS {:.1f}%",
                         config.players[a].name, config.players[b].name, r.wins, r.losses, r.draws,
                         win_rate_cell(r), elo, 100 * e.los);
      if (paired) out += fmt::format("  pairs [LL, LD, WL+DD, WD, WW] = [{}]", fmt::join(p, ", "));
      out += "\n";
    }
  }
  return out;
}

std::string crosstable_text(const RunConfig& config, const RunStats& stats) {
  const int n = stats.variants();
  if (n < 3) return "";
  size_t row_width = 7;
  std::vector<size_t> widths;
  std::set<uint64_t> games;
  for (int v = 0; v < n; ++v) {
    row_width = std::max(row_width, config.players[v].name.size());
    widths.push_back(std::max<size_t>(5, config.players[v].name.size()));
    for (int w = 0; w < n; ++w)
      if (w != v) games.insert(cross_cell(stats, v, w).games);
  }
  std::string out = fmt::format(
      "crosstable (score of each row against each column, %{}):\n{:<{}}",
      games.size() == 1 ? fmt::format("; {} games a cell", *games.begin()) : "", "", row_width);
  for (int v = 0; v < n; ++v)
    out += fmt::format("  {:>{}}", config.players[v].name, widths[v]);
  out += "\n";
  for (int a = 0; a < n; ++a) {
    out += fmt::format("{:<{}}", config.players[a].name, row_width);
    for (int b = 0; b < n; ++b) {
      const CrossCell cell = cross_cell(stats, a, b);
      const std::string text =
          a == b ? "." : (cell.games ? fmt::format("{:.1f}", 100 * cell.score) : "-");
      out += fmt::format("  {:>{}}", text, widths[b]);
    }
    out += "\n";
  }
  return out;
}

std::string metric_means_text(const RunConfig& config, const std::vector<MetricSpec>& metrics,
                              const RunStats& stats) {
  if (metrics.size() < 2) return "";
  size_t name_width = 7;
  for (const auto& p : config.players)
    name_width = std::max(name_width, p.name.size());
  std::string out = fmt::format("{:<{}}", "means", name_width);
  for (size_t m = 1; m < metrics.size(); ++m)
    out += fmt::format("  {:>10}", metrics[m].name);
  out += "\n";
  for (int v = 0; v < stats.variants(); ++v) {
    out += fmt::format("{:<{}}", config.players[v].name, name_width);
    for (size_t m = 1; m < metrics.size(); ++m)
      out += fmt::format("  {:>10.3f}", stats.variant(v).metrics[m].mean());
    out += "\n";
  }
  return out;
}

std::string groups_text(const RunConfig& config, const Match& match, const RunStats& stats) {
  const auto groups = match.groups();
  if (groups.size() < 2) return "";
  size_t name_width = 7;
  for (const auto& p : config.players)
    name_width = std::max(name_width, p.name.size());
  const auto& metrics = match.metrics();
  std::string out = "by group:\n";
  for (size_t g = 0; g < groups.size(); ++g) {
    for (int v = 0; v < stats.variants(); ++v) {
      const VariantStats& s = stats.variant_in_group(v, static_cast<int>(g));
      if (s.games == 0) continue;
      out += fmt::format("  {:<8}  {:<{}}  {:>8} games  {:<22}", groups[g], config.players[v].name,
                         name_width, s.games, win_rate_cell(s.record));
      if (s.ranks.max() >= 3) {  // multi-seat tables: ties split
        out += fmt::format("  share {:.1f}%", 100.0 * static_cast<double>(s.win_share_units) /
                                                  kWinShareUnit / static_cast<double>(s.games));
      }
      for (size_t m = 0; m < metrics.size(); ++m)
        out += fmt::format("  {} {:.3g}", metrics[m].name, s.metrics[m].mean());
      out += "\n";
    }
  }
  return out;
}

}  // namespace arena
