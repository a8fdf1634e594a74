#include "harness/output/first_screen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "harness/output/table.hpp"
#include "harness/stats/los.hpp"

namespace arena {
namespace {

// The ratings the screen shows: Plackett-Luce on whole finishing orders when a
// game had three or more seats, else Bradley-Terry with three or more variants.
struct ScreenRatings {
  const RatingTable* table = nullptr;
  std::string model;
  bool empty() const { return !table || table->empty(); }
};

ScreenRatings screen_ratings(const RunSummary& summary) {
  if (!summary.plackett_luce.empty()) return {&summary.plackett_luce, "Plackett-Luce"};
  if (!summary.bradley_terry.empty()) return {&summary.bradley_terry, "Bradley-Terry"};
  return {};
}

const Rating* rating_of(const ScreenRatings& r, int variant) {
  return r.table ? r.table->of(variant) : nullptr;
}

// " - PARTIAL" in every table's title when the run stopped short.
std::string partial_tag(const ScreenFacts& facts) {
  return facts.partial_of ? " - PARTIAL" : "";
}

// A line above everything else saying how far a run that stopped short got.
std::string partial_line(const RunSummary& summary, const ScreenFacts& facts) {
  if (!facts.partial_of) return "";
  return fmt::format("PARTIAL: interrupted after {} of {} games; below are the games played\n",
                     summary.games, *facts.partial_of);
}

std::string rating_cell(const Rating* r) {
  if (!r) return "-";
  return fmt::format("{:+.0f} ± {:.0f}", r->rating, r->ci95);
}

std::string variants_table(const RunSummary& summary, const ScreenRatings& ratings,
                           const ScreenFacts& facts) {
  const RunConfig& config = *summary.config;
  size_t name_width = 7;
  for (const auto& p : config.players)
    name_width = std::max(name_width, p.name.size());
  const auto& metrics = summary.metrics;
  const std::string metric = metrics.empty() ? "" : metrics.front().name + " mean";
  const size_t metric_width = std::max<size_t>(10, metric.size());
  const bool contests = summary.contests;
  const bool rated = !ratings.empty();
  std::string out = fmt::format(
      "{}: {} variants, {} games{}{}\n", config.name, summary.variants.size(), summary.games,
      rated ? fmt::format(
                  "; rating: {}, {} = 0", ratings.model,
                  ratings.table->anchor == Anchor::kMean ? "their mean" : config.players[0].name)
            : "",
      partial_tag(facts));
  const auto row = [&](const std::string& name, const std::string& games, const std::string& rate,
                       const std::string& mean, const std::string& median, const std::string& time,
                       const std::string& rating) {
    std::string line = fmt::format("{:<{}}  {:>7}", name, name_width, games);
    if (contests) line += fmt::format("  {:<20}", rate);
    if (!metric.empty()) line += fmt::format("  {:>{}}  {:>6}", mean, metric_width, median);
    line += fmt::format("  {:>9}", time);
    if (rated) line += fmt::format("  {:>12}", rating);
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    return line + "\n";
  };
  out +=
      row("variant", "games", "win rate [95% CI]", metric, "median", "time/move", "rating ± 95%");
  for (size_t v = 0; v < summary.variants.size(); ++v) {
    const VariantSummary& s = summary.variants[v];
    const MetricFigures* m = metrics.empty() ? nullptr : &s.all.metrics.front();
    out += row(s.player->name, std::to_string(s.all.games), win_rate_cell(s.all.record.score),
               m ? fmt::format("{:.2f}", m->mean) : "", m ? std::to_string(m->median) : "",
               format_nanoseconds(static_cast<double>(s.latency.p50)),
               rating_cell(rating_of(ratings, static_cast<int>(v))));
  }
  return out + forfeits_text(summary);
}

// "+63 ± 5 Elo", or what stands for it when the score is 0% or 100%.
std::string elo_words(const EloEstimate& e) {
  if (!std::isfinite(e.elo)) return "won every game";
  if (!std::isfinite(e.elo_error)) return fmt::format("{:+.0f} Elo (error unbounded)", e.elo);
  return fmt::format("{:+.0f} ± {:.0f} Elo", e.elo, e.elo_error);
}

// One sentence on variant a against variant b, the better-scoring one first.
std::string comparison_sentence(const RunSummary& summary, int a, int b) {
  if (summary.match(a, b).estimate.elo.score < 0.5) std::swap(a, b);
  const PairEstimate& p = summary.match(a, b).estimate;
  const std::string& first = summary.name_of(a);
  const std::string& second = summary.name_of(b);
  const std::string numbers =
      fmt::format("{:.1f}% in {} {}, {}", 100 * p.elo.score, static_cast<uint64_t>(p.elo.n),
                  p.paired ? "game pairs" : "games", elo_words(p.elo));
  if (const Confidence c = confidence_of(p.elo.los); c != Confidence::kNotClear && p.elo.los > 0.5)
    return fmt::format("  {} beats {}: {}, {}\n", first, second, numbers, confidence_name(c));
  return fmt::format("  {} vs {}: {}, not clear yet\n", first, second, numbers);
}

// Two variants: their match. More: each variant against the nearest better
// rated one it met, so n variants give at most n - 1 sentences.
std::string comparisons_text(const RunSummary& summary, const ScreenRatings& ratings,
                             const ScreenFacts& facts) {
  const auto met = [&](int a, int b) { return summary.match(a, b).record.record.contests() > 0; };
  std::vector<std::pair<int, int>> pairs;
  if (summary.variants.size() == 2 && met(0, 1)) pairs.emplace_back(0, 1);
  const std::vector<RankedRating> none;
  const auto& ranked = ratings.table ? ratings.table->ranked : none;
  for (size_t i = 1; i < ranked.size(); ++i) {
    const int v = ranked[i].variant;
    for (size_t j = i; j-- > 0;) {
      const int better = ranked[j].variant;
      if (!met(better, v)) continue;
      pairs.emplace_back(better, v);
      break;
    }
  }
  if (pairs.empty()) return "";
  std::string out =
      fmt::format("who beats whom (the first one's score; certain: 99.9% sure, likely: 97.5%){}:\n",
                  partial_tag(facts));
  for (const auto& [a, b] : pairs)
    out += comparison_sentence(summary, a, b);
  return out;
}

// The SPRT's accepted hypothesis in words: the first variant "is better than"
// the second, and the Elo it accepted rather than the one it rejected.
std::string sprt_sentence(const SprtTest& t, const std::string& verdict, const std::string& a,
                          const std::string& b, uint64_t games) {
  const double accepted = verdict == "H1" ? t.elo1 : t.elo0;
  const double other = verdict == "H1" ? t.elo0 : t.elo1;
  const char* relation = accepted > 0   ? "is better than"
                         : accepted < 0 ? "is worse than"
                         : other < 0    ? "is no worse than"
                                        : "is no better than";
  return fmt::format("SPRT: {} {} {}: Elo {:+g} rather than {:+g} ({} accepted after {} games)\n",
                     a, relation, b, accepted, other, verdict, games);
}

std::string stop_text(const RunSummary& summary) {
  const RunConfig& config = *summary.config;
  if (!config.stop.any()) return "";
  const StopStatus& status = summary.stop;
  const uint64_t games = summary.games;
  const std::string& a = summary.name_of(0);
  const std::string& b = summary.name_of(1);
  if (status.has_sprt && !status.verdict.empty())
    return sprt_sentence(*config.stop.sprt, status.verdict, a, b, games);
  if (status.has_sprt && status.stopped_by.empty()) {
    const SprtTest& t = *config.stop.sprt;
    return fmt::format("SPRT: undecided after {} games: {} vs {}, LLR {:.2f} in ({:.2f}, {:.2f})\n",
                       games, a, b, status.llr, t.lower_bound(), t.upper_bound());
  }
  if (status.stopped_by == "ci_width")
    return fmt::format(
        "stopped after {} games: the 95% interval of {}'s score against {} is "
        "narrower than {}\n",
        games, a, b, *config.stop.ci_width);
  return status.stopped_by.empty()
             ? fmt::format("no stop rule was met in {} games\n", games)
             : fmt::format("stopped by {} after {} games\n", status.stopped_by, games);
}

std::string figures_text(const std::vector<ExpectationResult>& results) {
  if (results.empty()) return "";
  std::string out = "published figures (reproduced when within tolerance of the 95% interval):\n";
  for (const auto& r : results) {
    const Expectation& e = *r.expectation;
    const std::string measured =
        r.measured_ok ? fmt::format("{:.4g} [{:.4g}, {:.4g}]", r.measured, r.low, r.high)
                      : std::string("n/a");
    out += fmt::format("  {} {}: published {} ± {}, measured {}: {}\n    source: {}\n", e.variant,
                       e.figure(), e.value, e.tolerance, measured,
                       r.reproduced ? "REPRODUCED" : "NOT REPRODUCED", e.source);
  }
  return out;
}

std::string where_text(const RunSummary& summary, const ScreenFacts& facts) {
  const RunInfo& info = summary.info;
  const std::string processes =
      facts.processes > 1 ? fmt::format(" in rank 0 of {} MPI processes", facts.processes) : "";
  std::string out =
      fmt::format("{} games in {:.2f} s ({:.0f} games/s, {} threads{})\n", summary.games,
                  info.wall_seconds, summary.games_per_second, info.threads, processes);
  const std::string kind = facts.partial_of ? "partial results" : "results";
  out += fmt::format("{}: {}\n", kind, facts.results.string());
  out += fmt::format("report: {}\n", (facts.results / "report.html").string());
  return out;
}

// The SPRT's log-likelihood ratio against its bounds, for --detail.
std::string llr_text(const RunSummary& summary) {
  const RunConfig& config = *summary.config;
  if (!config.stop.sprt) return "";
  const StopStatus& status = summary.stop;
  const SprtTest& t = *config.stop.sprt;
  return fmt::format("SPRT [{}, {}]: LLR {:.3f} in [{:.3f}, {:.3f}]: {}\n", t.elo0, t.elo1,
                     status.llr, t.lower_bound(), t.upper_bound(),
                     status.verdict.empty()
                         ? "no decision"
                         : (status.verdict == "H1" ? "H1 accepted (elo1)" : "H0 accepted (elo0)"));
}

std::string ratings_table(const RunSummary& summary, const std::string& title,
                          const RatingTable& ratings, const std::string& tag) {
  if (ratings.empty()) return "";
  std::string out = fmt::format("{}, {} = 0{}:\n", title,
                                ratings.anchor == Anchor::kMean ? "mean" : summary.name_of(0), tag);
  for (const RankedRating& r : ratings.ranked) {
    const std::string& name = summary.name_of(r.variant);
    out += r.rating.rated ? fmt::format("  {:>2}. {:<24} {:+8.1f} +/- {:.1f}\n", r.rank, name,
                                        r.rating.rating, r.rating.ci95)
                          : fmt::format("  {:>2}. {:<24} (no games)\n", r.rank, name);
  }
  return out;
}

}  // namespace

std::string first_screen(const RunSummary& summary, const ScreenFacts& facts) {
  const ScreenRatings ratings = screen_ratings(summary);
  std::string out = partial_line(summary, facts) + variants_table(summary, ratings, facts);
  out += comparisons_text(summary, ratings, facts);
  out += stop_text(summary);
  out += figures_text(summary.expectations);
  out +=
      "± and [a, b]: 95% intervals · a tie is half a win · +100 Elo ≈ a 64% score · "
      "docs/statistics.md\n";
  return out + where_text(summary, facts);
}

std::string detail_text(const RunSummary& summary, const ScreenFacts& facts) {
  const std::string tag = partial_tag(facts);
  std::string out = partial_line(summary, facts) + fmt::format("detail{}:\n", tag);
  out += results_table(summary);
  out += matches_text(summary);
  out += crosstable_text(summary);
  out += metric_means_text(summary);
  out += groups_text(summary);
  out += llr_text(summary);
  out += ratings_table(summary, "ratings (Bradley-Terry)", summary.bradley_terry, tag);
  out += ratings_table(summary, "ratings on finishing orders (Plackett-Luce)",
                       summary.plackett_luce, tag);
  return out + "\n";
}

}  // namespace arena
