#include "harness/output/first_screen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

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

// Columns a terminal gives `text`: its UTF-8 code points (the screen's ±, ·
// and ≈ take one column each).
size_t columns_of(std::string_view text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// A space `wrapped` never breaks at ("NOT REPRODUCED" stays whole).
constexpr char kNoBreak = '\x01';

// `text` with each line wider than `width` broken at spaces, what follows
// indented four more than the line: a terminal would break it mid-word.
std::string wrapped(std::string_view text, size_t width) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (columns_of(line) <= width) {
      out.append(line).append("\n");
      continue;
    }
    const size_t indent = std::min(line.find_first_not_of(' '), line.size());
    std::string current(line.substr(0, indent));
    size_t used = indent;
    bool fresh = true;  // nothing on `current` but its indent
    for (size_t w = indent; w < line.size();) {
      const size_t stop = std::min(line.find(' ', w), line.size());
      const std::string_view word = line.substr(w, stop - w);
      w = stop + 1;
      if (!fresh && used + 1 + columns_of(word) > width) {
        out += current + "\n";
        current = std::string(indent + 4, ' ');
        used = indent + 4;
        fresh = true;
      }
      if (!fresh) {
        current += ' ';
        ++used;
      }
      current.append(word);
      used += columns_of(word);
      fresh = false;
    }
    out += current + "\n";
  }
  std::replace(out.begin(), out.end(), kNoBreak, ' ');
  return out;
}

// One column of the variants table: its header and one cell per variant.
struct Column {
  std::string header;
  bool left_aligned = false;
  std::vector<std::string> cells;
  size_t width() const {
    size_t w = columns_of(header);
    for (const auto& c : cells)
      w = std::max(w, columns_of(c));
    return w;
  }
};

std::string padded(const std::string& text, size_t width, bool left) {
  const std::string fill(width - std::min(width, columns_of(text)), ' ');
  return left ? text + fill : fill + text;
}

// The table's columns; those a narrow terminal can do without come first in
// `optional`, the first of them dropped first.
struct VariantColumns {
  std::vector<Column> columns;
  std::vector<std::string> optional;  // headers, in the order they give way
};

// Whether every variant played as many games (said in the title, then, not
// in a column).
bool same_games(const RunSummary& summary) {
  const auto& v = summary.variants;
  return std::all_of(v.begin(), v.end(),
                     [&](const VariantSummary& s) { return s.all.games == v.front().all.games; });
}

VariantColumns variant_columns(const RunSummary& summary, const ScreenRatings& ratings) {
  const auto& metrics = summary.metrics;
  const std::string metric = metrics.empty() ? "" : metrics.front().name + " mean";
  Column name{"variant", true, {}}, games{"games", false, {}}, rate{"win rate [95% CI]", true, {}},
      mean{metric, false, {}}, median{"median", false, {}}, time{"time/move", false, {}},
      rating{"rating ± 95%", false, {}};
  for (size_t v = 0; v < summary.variants.size(); ++v) {
    const VariantSummary& s = summary.variants[v];
    const MetricFigures* m = metrics.empty() ? nullptr : &s.all.metrics.front();
    name.cells.push_back(s.player->name);
    games.cells.push_back(std::to_string(s.all.games));
    rate.cells.push_back(win_rate_cell(s.all.record.score));
    mean.cells.push_back(m ? fmt::format("{:.2f}", m->mean) : "");
    median.cells.push_back(m ? std::to_string(m->median) : "");
    time.cells.push_back(format_nanoseconds(static_cast<double>(s.latency.p50)));
    rating.cells.push_back(rating_cell(rating_of(ratings, static_cast<int>(v))));
  }
  VariantColumns out;
  out.columns.push_back(std::move(name));
  if (!same_games(summary)) out.columns.push_back(std::move(games));
  if (summary.contests) out.columns.push_back(std::move(rate));
  if (!metric.empty()) {
    out.columns.push_back(std::move(mean));
    out.columns.push_back(std::move(median));
  }
  out.columns.push_back(std::move(time));
  if (!ratings.empty()) out.columns.push_back(std::move(rating));
  out.optional = {"median", "time/move", metric, "win rate [95% CI]"};
  return out;
}

size_t table_width(const std::vector<Column>& columns) {
  size_t w = 0;
  for (const auto& c : columns)
    w += c.width() + (w ? 2 : 0);
  return w;
}

std::string variants_table(const RunSummary& summary, const ScreenRatings& ratings,
                           const ScreenFacts& facts) {
  const RunConfig& config = *summary.config;
  const size_t n = summary.variants.size();
  std::string out = wrapped(
      fmt::format(
          "{}: {} variant{}, {} game{}{}{}{}", config.name, n, n == 1 ? "" : "s", summary.games,
          summary.games == 1 ? "" : "s",
          n > 1 && same_games(summary) && summary.variants.front().all.games != summary.games
              ? fmt::format(" ({} each)", summary.variants.front().all.games)
              : "",
          ratings.empty()
              ? ""
              : fmt::format(
                    "; rating: {}, {} = 0", ratings.model,
                    ratings.table->anchor == Anchor::kMean ? "their mean" : config.players[0].name),
          partial_tag(facts)),
      facts.width);
  auto [columns, optional] = variant_columns(summary, ratings);
  std::vector<std::string> left_out;
  for (const std::string& header : optional) {
    if (table_width(columns) <= facts.width) break;
    const auto it = std::find_if(columns.begin(), columns.end(),
                                 [&](const Column& c) { return c.header == header; });
    if (it == columns.end() || header.empty()) continue;
    left_out.push_back(header);
    columns.erase(it);
  }
  for (size_t row = 0; row <= n; ++row) {
    std::string line;
    for (const Column& c : columns) {
      if (!line.empty()) line += "  ";
      line += padded(row == 0 ? c.header : c.cells[row - 1], c.width(), c.left_aligned);
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out += line + "\n";
  }
  if (!left_out.empty()) {
    std::string names;
    for (const auto& h : left_out)
      names += (names.empty() ? "" : ", ") + h;
    out += wrapped(fmt::format("(left out at {} columns: {}; report.html and --detail have them)",
                               facts.width, names),
                   facts.width);
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
      fmt::format("who beats whom{} (the first one's score; certain: 99.9% sure, likely: 97.5%):\n",
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
  std::string out = "published figures (measured [95% interval] vs published ± tolerance):\n";
  for (const auto& r : results) {
    const Expectation& e = *r.expectation;
    const std::string measured =
        r.measured_ok ? fmt::format("{:.4g} [{:.4g}, {:.4g}]", r.measured, r.low, r.high)
                      : std::string("n/a");
    out += fmt::format(
        "  {} {} {} vs {}: {}\n    source: {}\n", e.variant, e.figure(), measured, e.published(),
        r.reproduced ? std::string("REPRODUCED") : std::string("NOT") + kNoBreak + "REPRODUCED",
        e.source);
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
  std::string out =
      wrapped(partial_line(summary, facts), facts.width) + variants_table(summary, ratings, facts);
  std::string prose = comparisons_text(summary, ratings, facts);
  prose += stop_text(summary);
  prose += figures_text(summary.expectations);
  prose += "±, [a, b]: 95% intervals · ties count half · +100 Elo ≈ 64% · docs/statistics.md\n";
  return out + wrapped(prose, facts.width) + where_text(summary, facts);
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
