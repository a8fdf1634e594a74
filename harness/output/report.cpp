#include "harness/output/report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "harness/output/svg_chart.hpp"
#include "harness/output/table.hpp"
#include "harness/output/template.hpp"
#include "harness/stats/elo.hpp"

namespace arena {

extern const char* const kReportTemplate;  // report_template.html, embedded at build time

namespace {

using Json = nlohmann::json;

double number(const Json& j, const char* key, double fallback = 0) {
  return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
}

std::string percent(double share) {
  return fmt::format("{:.1f}%", 100 * share);
}

std::string nanoseconds(double ns) {
  return format_nanoseconds(ns);
}

// (value, count) pairs of a metric histogram ({"value": count}), by value.
std::vector<std::pair<int64_t, double>> histogram_points(const Json& histogram) {
  std::vector<std::pair<int64_t, double>> out;
  for (const auto& [key, count] : histogram.items())
    out.emplace_back(std::stoll(key), count.get<double>());
  std::sort(out.begin(), out.end());
  return out;
}

Json run_view(const Json& s) {
  return Json{{"name", s.value("name", "")},
              {"engine", s.value("engine", "")},
              {"mode", s.value("mode", "")},
              {"format", s.value("format", "")},
              {"seed", s.value("seed", uint64_t{0})},
              {"games", s.value("games", uint64_t{0})},
              {"threads", s.value("threads", 0)},
              {"wall", fmt::format("{:.2f} s", number(s, "wall_seconds"))},
              {"rate", fmt::format("{:.0f}", number(s, "games_per_second"))},
              {"version", s.value("version", "")},
              {"signature", s.value("signature", "")},
              {"incomplete", !s.value("complete", true)},
              {"nondeterminism", s.value("nondeterminism", "")}};
}

// The engine's phases in game order (summary.json's `phases`: opening, middle,
// end), or for a summary without it the phases of `by_phase` as they come.
std::vector<std::string> phase_order(const Json& s, const Json& by_phase) {
  std::vector<std::string> order;
  for (const Json& phase : s.value("phases", Json::array()))
    if (by_phase.contains(phase.get<std::string>())) order.push_back(phase);
  for (const auto& [phase, lat] : by_phase.items())
    if (std::find(order.begin(), order.end(), phase) == order.end()) order.push_back(phase);
  return order;
}

// Latency of the decisions of each phase (e.g. hunt, target), when the engine
// has phases, in game order.
Json phase_rows(const Json& s, const Json& latency) {
  Json rows = Json::array();
  const Json by_phase = latency.value("by_phase", Json::object());
  for (const std::string& phase : phase_order(s, by_phase)) {
    const Json& lat = by_phase[phase];
    if (lat.value("count", uint64_t{0}) == 0) continue;  // a phase this variant never reached
    rows.push_back({{"phase", phase},
                    {"decisions", lat.value("count", uint64_t{0})},
                    {"p50", nanoseconds(number(lat, "p50"))},
                    {"p90", nanoseconds(number(lat, "p90"))},
                    {"p99", nanoseconds(number(lat, "p99"))},
                    {"max", nanoseconds(number(lat, "max"))}});
  }
  return rows;
}

std::string estimate_cell(const Json& m, const char* value_key, const char* error_key);

Json variant_rows(const Json& s, const std::vector<size_t>& order) {
  Json rows = Json::array();
  const std::string first_metric =
      s.contains("metrics") && !s["metrics"].empty() ? s["metrics"][0].value("name", "") : "";
  for (const size_t index : order) {
    const Json& v = s["variants"][index];
    const Json& lat = v["decision_latency_ns"];
    Json row{{"name", v["name"]},
             {"strategy", v["strategy"]},
             {"colour", chart_colour(static_cast<int>(index))},
             {"games", v["games"]},
             {"mean_rank", fmt::format("{:.2f}", number(v, "mean_rank"))},
             {"win_share", percent(number(v, "win_share"))},
             {"p50", nanoseconds(number(lat, "p50"))},
             {"p90", nanoseconds(number(lat, "p90"))},
             {"p99", nanoseconds(number(lat, "p99"))},
             {"max", nanoseconds(number(lat, "max"))},
             {"decisions", lat.value("count", uint64_t{0})},
             {"phases", phase_rows(s, lat)}};
    if (v["win_rate"].is_number()) {
      row["win_rate"] = fmt::format("{} [{}, {}]", percent(v["win_rate"].get<double>()),
                                    percent(v["win_rate_ci95"][0].get<double>()),
                                    percent(v["win_rate_ci95"][1].get<double>()));
    } else {
      row["win_rate"] = "-";
    }
    if (!first_metric.empty() && v["metrics"].contains(first_metric)) {
      const Json& m = v["metrics"][first_metric];
      row["metric"] = fmt::format("{:.2f} / {} / {}", number(m, "mean"), m.value("median", 0),
                                  m.value("p90", 0));
    }
    rows.push_back(row);
  }
  return rows;
}

// The ratings the report leads with, as the first screen does: Plackett-Luce
// on whole finishing orders when a game had three or more seats, else
// Bradley-Terry (three or more variants); null without either.
const Json* headline_ratings(const Json& s) {
  for (const char* key : {"ratings_plackett_luce", "ratings"}) {
    if (s.contains(key) && s[key].is_object() && !s[key].value("table", Json::array()).empty())
      return &s[key];
  }
  return nullptr;
}

size_t variant_index(const Json& s, const std::string& name) {
  for (size_t i = 0; i < s["variants"].size(); ++i)
    if (s["variants"][i].value("name", "") == name) return i;
  return s["variants"].size();
}

// The win rate as the report prints it ("" without one): orders are compared
// on what the reader sees, so 31.24% and 31.21% are not "ordered differently".
std::string shown_win_rate(const Json& v) {
  return v["win_rate"].is_number() ? percent(v["win_rate"].get<double>()) : "";
}

// Variant indices best first: in the order of the ratings the report leads
// with (headline_ratings), else by win rate, else as configured.
std::vector<size_t> ranking_order(const Json& s) {
  const size_t n = s["variants"].size();
  std::vector<size_t> order;
  if (const Json* ratings = headline_ratings(s)) {
    for (const Json& r : (*ratings)["table"]) {
      const size_t i = variant_index(s, r.value("name", ""));
      if (i < n && std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
    }
  }
  std::vector<size_t> rest;
  for (size_t i = 0; i < n; ++i)
    if (std::find(order.begin(), order.end(), i) == order.end()) rest.push_back(i);
  const auto rate = [&](size_t i) {
    const Json& w = s["variants"][i]["win_rate"];
    return w.is_number() ? w.get<double>() : -1.0;
  };
  std::stable_sort(rest.begin(), rest.end(), [&](size_t a, size_t b) { return rate(a) > rate(b); });
  order.insert(order.end(), rest.begin(), rest.end());
  return order;
}

// "+46.0 ± 5.0" for variant `a` of its only match, as its Elo over the other.
std::string match_elo_cell(const Json& s, size_t a) {
  const std::string name = s["variants"][a].value("name", "");
  for (const Json& m : s.value("matches", Json::array())) {
    if (m.value("games", 0) == 0) continue;
    if (m.value("a", "") == name) return estimate_cell(m, "elo", "elo_error");
    if (m.value("b", "") == name) {
      Json flipped = m;  // the same match from b's side
      flipped["score"] = 1 - number(m, "score", 0.5);
      if (m["elo"].is_number()) flipped["elo"] = -m["elo"].get<double>();
      return estimate_cell(flipped, "elo", "elo_error");
    }
  }
  return "-";
}

// The sentence under the ranking when its order and the win rates' disagree
// ("" when they agree): which variants, and why ratings may.
std::string disagreement_sentence(const Json& s, const std::vector<size_t>& order,
                                  const Json& ratings) {
  const auto rated = [&](size_t i) {
    for (const Json& r : ratings["table"])
      if (r.value("name", "") == s["variants"][i].value("name", "")) return r["rating"].is_number();
    return false;
  };
  const auto rate = [&](size_t i) { return s["variants"][i]["win_rate"].get<double>(); };
  const auto overlap = [&](size_t a, size_t b) {  // the two win rates' 95% intervals
    const Json& x = s["variants"][a]["win_rate_ci95"];
    const Json& y = s["variants"][b]["win_rate_ci95"];
    return x.is_array() && y.is_array() && x[0].get<double>() <= y[1].get<double>() &&
           y[0].get<double>() <= x[1].get<double>();
  };
  std::vector<std::string> pairs;
  size_t count = 0;
  bool all_overlap = true;
  for (size_t x = 0; x < order.size(); ++x) {
    for (size_t y = x + 1; y < order.size(); ++y) {
      const size_t a = order[x], b = order[y];  // a is rated above b
      if (!rated(a) || !rated(b) || shown_win_rate(s["variants"][a]).empty() ||
          shown_win_rate(s["variants"][b]).empty() ||
          shown_win_rate(s["variants"][a]) == shown_win_rate(s["variants"][b]) || rate(a) > rate(b))
        continue;
      all_overlap = all_overlap && overlap(a, b);
      if (++count > 3) continue;
      pairs.push_back(
          fmt::format("{} is rated above {} but has the lower win rate ({} against {})",
                      s["variants"][a].value("name", ""), s["variants"][b].value("name", ""),
                      shown_win_rate(s["variants"][a]), shown_win_rate(s["variants"][b])));
    }
  }
  if (pairs.empty()) return "";
  std::string which;
  for (size_t i = 0; i < pairs.size(); ++i)
    which += (i == 0 ? "" : i + 1 == pairs.size() && count <= 3 ? "; and " : "; ") + pairs[i];
  if (count > 3) which += fmt::format("; and {} more pairs", count - 3);
  const bool finishing_orders = ratings.value("model", "") == "plackett-luce";
  return fmt::format(
      "The ratings and the win rates order these variants differently: {}. {}{}", which,
      finishing_orders
          ? "The ratings follow whole finishing orders (Plackett–Luce): second places count "
            "too, whereas the win rate counts only first places."
          : "The ratings (Bradley–Terry) weigh each result by the strength of the "
            "opponent, whereas the win rate counts every game alike, whoever the opponent.",
      all_overlap ? count > 1 ? " Here each pair of win rates is within the 95% intervals "
                                "of each other: more games may settle their order."
                              : " Here the two win rates are within the 95% intervals "
                                "of each other: more games may settle their order."
                  : "");
}

// The table the report opens with: who is best, best first, with the rating
// and its 95% interval, the win rate, the mean rank (three or more seats) and
// the games. Null with fewer than two variants or nothing to rank them by.
Json ranking_view(const Json& s, const std::vector<size_t>& order, bool multi_seat) {
  const Json& variants = s["variants"];
  const bool contests = std::any_of(variants.begin(), variants.end(),
                                    [](const Json& v) { return v["win_rate"].is_number(); });
  const Json* ratings = headline_ratings(s);
  if (variants.size() < 2 || (!ratings && !contests)) return nullptr;
  Json view{{"multi_seat", multi_seat}, {"win_rates", contests}};
  if (ratings) {
    const std::string anchor = ratings->value("anchor", "first") == "mean"
                                   ? std::string("their mean")
                                   : variants[0].value("name", "");
    const bool pl = ratings->value("model", "") == "plackett-luce";
    view["rating_header"] = "rating ± 95%";
    view["how"] = fmt::format(
        "Best first, by rating: {}, Elo scale, {} = 0, ± its 95% interval (docs/statistics.md).",
        pl ? "Plackett–Luce on whole finishing orders" : "Bradley–Terry on every pairwise result",
        anchor);
    if (contests) view["disagreement"] = disagreement_sentence(s, order, *ratings);
  } else if (variants.size() == 2 && match_elo_cell(s, 0) != "-") {
    view["rating_header"] = "Elo ± 95%";
    view["how"] = "Best first, by their match: each one's Elo over the other, ± its 95% interval.";
  } else {
    view["how"] = "Best first, by win rate.";
  }
  Json rows = Json::array();
  int position = 0;
  for (const size_t i : order) {
    const Json& v = variants[i];
    Json row{{"name", v["name"]},
             {"colour", chart_colour(static_cast<int>(i))},
             {"rank", ++position},
             {"games", v["games"]},
             {"mean_rank", fmt::format("{:.2f}", number(v, "mean_rank"))},
             {"win_rate", "-"}};
    if (v["win_rate"].is_number()) {
      row["win_rate"] = fmt::format("{} [{}, {}]", percent(v["win_rate"].get<double>()),
                                    percent(v["win_rate_ci95"][0].get<double>()),
                                    percent(v["win_rate_ci95"][1].get<double>()));
    }
    if (ratings) {
      row["rating"] = "unrated";
      for (const Json& r : (*ratings)["table"]) {
        if (r.value("name", "") != v.value("name", "")) continue;
        row["rank"] = r["rank"];
        if (r["rating"].is_number())
          row["rating"] =
              fmt::format("{:+.1f} ± {:.1f}", r["rating"].get<double>(), number(r, "ci95"));
      }
    } else if (view.contains("rating_header")) {
      row["rating"] = match_elo_cell(s, i);
    }
    rows.push_back(row);
  }
  view["rows"] = rows;
  return view;
}

// Win rates with their Wilson intervals, one bar per variant that contested, best first.
std::optional<Json> win_rate_chart(const Json& s, const std::vector<size_t>& order) {
  std::vector<std::string> names;
  for (const size_t i : order)
    names.push_back(s["variants"][i]["name"]);
  bool any = false;
  SvgChart chart(
      "win-rate", "Win rate per variant", ChartAxis::of_categories("variant", names),
      ChartAxis::linear("win rate (draws count half), 95% interval", 0, 1, percent_tick));
  for (size_t slot = 0; slot < order.size(); ++slot) {
    const Json& v = s["variants"][order[slot]];
    if (!v["win_rate"].is_number()) continue;
    any = true;
    const double rate = v["win_rate"].get<double>();
    const auto c = static_cast<double>(slot);
    chart.add_bar(c + 0.2, c + 0.8, rate, static_cast<int>(order[slot]),
                  fmt::format("{}: {}", names[slot], percent(rate)));
    chart.add_whisker(c + 0.5, v["win_rate_ci95"][0].get<double>(),
                      v["win_rate_ci95"][1].get<double>());
  }
  if (!any) return std::nullopt;
  return chart.view();
}

// The value games cut off at their bound pile up on (Chinese Checkers'
// max_plies): the metric's largest value, when some games were cut off and
// every variant has at least its cut-off games there. An axis stretched to it
// squashes the real distribution to the left; it gets a slot of its own.
std::optional<int64_t> cut_off_pile(const Json& s, const std::string& metric) {
  int64_t top = -1;
  for (const Json& v : s["variants"])
    for (const auto& [value, count] : histogram_points(v["metrics"][metric]["histogram"]))
      top = std::max(top, value);
  bool cut_off = false;
  for (const Json& v : s["variants"]) {
    const double games = number(v, "cut_off");
    if (games == 0) continue;
    cut_off = true;
    const Json& histogram = v["metrics"][metric]["histogram"];
    const std::string key = std::to_string(top);
    if (!histogram.contains(key) || histogram[key].get<double>() < games) return std::nullopt;
  }
  if (!cut_off || top <= 0) return std::nullopt;
  return top;
}

// From this many variants on, a chart of one curve per variant is drawn as
// small multiples: one small chart per variant on the same axes, its curves
// in its colour over the others' in grey, best first. Eight overlapping
// curves were a tangle.
constexpr size_t kMultiplesFrom = 5;

// A chart entry of the report: one chart, or small multiples (`multiples`:
// the heading and note above them) of `panels`.
Json single_chart(Json view) {
  return Json{{"panels", Json::array({std::move(view)})}};
}

Json small_multiples(const std::string& id, const std::string& heading, const std::string& note,
                     Json panels) {
  return Json{{"multiples", {{"id", id}, {"heading", heading}, {"note", note}}},
              {"panels", std::move(panels)}};
}

// "3. memory": a panel's title, its place in the ranking and its name.
std::string panel_title(const Json& s, size_t slot, size_t index) {
  return fmt::format("{}. {}", slot + 1, s["variants"][index].value("name", ""));
}

// The distribution of a metric (solid, left axis) and the share of games at
// or below each value (dashed, right axis), per variant, on one chart, or as
// small multiples for many variants. Games cut off at their bound are an
// "over" slot at the right end (cut_off_pile).
std::optional<Json> metric_chart(const Json& s, const Json& spec,
                                 const std::vector<size_t>& order) {
  const std::string name = spec["name"];
  const std::optional<int64_t> pile = cut_off_pile(s, name);
  double lo = 1e300, hi = -1e300, peak = 0;
  for (const Json& v : s["variants"]) {
    const Json& m = v["metrics"][name];
    if (m.value("count", 0) == 0) continue;
    lo = std::min(lo, number(m, "min"));
    for (const auto& [value, count] : histogram_points(m["histogram"])) {
      if (!pile || value < *pile) hi = std::max(hi, static_cast<double>(value));
      peak = std::max(peak, count / number(m, "count", 1));
    }
  }
  if (pile) hi = std::max(hi, lo + 1);
  if (hi <= 1 || hi <= lo) return std::nullopt;  // flags and constants need no chart
  const double over_x = hi + (hi - lo) / 10;     // the pile's slot past the data
  const std::string unit = spec.value("unit", "");
  ChartAxis x =
      ChartAxis::linear(unit.empty() || unit == name ? name : fmt::format("{} ({})", name, unit),
                        lo, pile ? over_x : hi);
  if (pile) {
    x.over_label = fmt::format("{} (cut off)", *pile);
    x.over_at = hi;
  }
  struct Curves {
    std::vector<std::pair<double, double>> dist, cumulative, over;
  };
  const auto curves_of = [&](const Json& m) {
    Curves c;
    const double n = number(m, "count", 0);
    double seen = 0;
    for (const auto& [value, count] : histogram_points(m["histogram"])) {
      seen += count;
      const bool piled = pile && value == *pile;
      const double at = piled ? over_x : static_cast<double>(value);
      if (piled) {  // a short stroke of its own, not a line across the empty range
        c.over = {{at - (hi - lo) / 60, count / n}, {at + (hi - lo) / 60, count / n}};
      } else {
        c.dist.emplace_back(at, count / n);
      }
      c.cumulative.emplace_back(at, seen / n);
    }
    return c;
  };
  const auto draw = [&](SvgChart& chart, const std::string& variant, const Curves& c, int colour) {
    chart.add_line(variant, c.dist, colour);
    if (!c.over.empty()) chart.add_line(variant, c.over, colour);
    chart.add_line(variant, c.cumulative, colour, true, true);
  };
  const auto counted = [&](size_t i) {
    return number(s["variants"][i]["metrics"][name], "count", 0) > 0;
  };
  if (s["variants"].size() < kMultiplesFrom) {
    SvgChart chart(
        "metric-" + name, fmt::format("{}: distribution and cumulative share", name), x,
        ChartAxis::linear("share of games at this value (solid)", 0, peak * 1.1, percent_tick),
        ChartAxis::linear("share of games at or below (dashed)", 0, 1, percent_tick));
    for (size_t i = 0; i < s["variants"].size(); ++i) {
      if (!counted(i)) continue;
      const std::string variant = s["variants"][i]["name"];
      draw(chart, variant, curves_of(s["variants"][i]["metrics"][name]), static_cast<int>(i));
      chart.add_legend(variant, static_cast<int>(i));
    }
    return single_chart(chart.view());
  }
  Json panels = Json::array();
  for (size_t slot = 0; slot < order.size(); ++slot) {
    const size_t i = order[slot];
    if (!counted(i)) continue;
    SvgChart chart(fmt::format("metric-{}-{}", name, i), panel_title(s, slot, i), x,
                   ChartAxis::linear("share (solid)", 0, peak * 1.1, percent_tick),
                   ChartAxis::linear("at or below (dashed)", 0, 1, percent_tick),
                   ChartSize::small());
    for (const size_t other : order) {
      if (other != i && counted(other))
        chart.add_faint_line(s["variants"][other]["name"],
                             curves_of(s["variants"][other]["metrics"][name]).dist);
    }
    draw(chart, s["variants"][i]["name"], curves_of(s["variants"][i]["metrics"][name]),
         static_cast<int>(i));
    panels.push_back(chart.view());
  }
  return small_multiples(
      "metric-" + name, fmt::format("{}: distribution and cumulative share, per variant", name),
      "One chart per variant, best first, on the same axes: solid, the share of its games at "
      "each value (left axis); dashed, the share at or below it (right axis); grey, the other "
      "variants' distributions.",
      panels);
}

// How often each variant finished first, second, ... (multi-player tables).
std::optional<Json> rank_chart(const Json& s, const std::vector<size_t>& order) {
  size_t places = 0;
  for (const Json& v : s["variants"])
    places = std::max(places, v.value("rank_counts", Json::array()).size());
  if (places < 3) return std::nullopt;
  std::vector<std::string> labels;
  for (size_t r = 1; r <= places; ++r)
    labels.push_back(fmt::format("rank {}", r));
  SvgChart chart("ranks", "Finishing ranks", ChartAxis::of_categories("finishing rank", labels),
                 ChartAxis::linear("share of the variant's games", 0, 1, percent_tick));
  const double n = static_cast<double>(s["variants"].size());
  for (size_t slot = 0; slot < order.size(); ++slot) {  // best first in each rank's group
    const Json& v = s["variants"][order[slot]];
    const int colour = static_cast<int>(order[slot]);
    const double games = std::max(1.0, number(v, "games"));
    const Json counts = v.value("rank_counts", Json::array());
    for (size_t r = 0; r < counts.size(); ++r) {
      const double x0 = static_cast<double>(r) + 0.1 + 0.8 * static_cast<double>(slot) / n;
      chart.add_bar(x0, x0 + 0.8 / n, counts[r].get<double>() / games, colour,
                    fmt::format("{}: rank {}", v["name"].get<std::string>(), r + 1));
    }
    chart.add_legend(v["name"], colour);
  }
  return chart.view();
}

// Win rate per group (e.g. seat, board size) per variant.
std::optional<Json> group_chart(const Json& s, const std::vector<size_t>& order) {
  if (!s.contains("groups")) return std::nullopt;
  std::vector<std::string> groups = s["groups"];
  const std::string kind = s.value("group_kind", "group");
  SvgChart chart("groups", "Win rate by " + kind, ChartAxis::of_categories(kind, groups),
                 ChartAxis::linear("win rate", 0, 1, percent_tick));
  for (const size_t i : order) {
    const Json& v = s["variants"][i];
    std::vector<std::pair<double, double>> points;
    for (size_t g = 0; g < v.value("groups", Json::array()).size(); ++g) {
      const Json& rate = v["groups"][g]["win_rate"];
      if (rate.is_number()) points.emplace_back(static_cast<double>(g) + 0.5, rate.get<double>());
    }
    chart.add_line(v["name"], points, static_cast<int>(i));
    chart.add_legend(v["name"], static_cast<int>(i));
  }
  return chart.view();
}

// Decision latency per variant on a log time axis; small multiples for many variants.
std::optional<Json> latency_chart(const Json& s, const std::vector<size_t>& order) {
  double lo = 1e300, hi = 0;
  for (const Json& v : s["variants"]) {
    for (const Json& bucket : v["decision_latency_ns"].value("histogram", Json::array())) {
      lo = std::min(lo, std::max(1.0, bucket[0].get<double>()));
      hi = std::max(hi, bucket[0].get<double>());
    }
  }
  if (hi <= 0) return std::nullopt;
  lo = std::pow(10, std::floor(std::log10(lo)));
  hi = std::pow(10, std::ceil(std::log10(hi * 1.01)));
  double peak = 0;
  for (const Json& v : s["variants"])
    for (const auto& [ns, share] : latency_shares(v["decision_latency_ns"]))
      peak = std::max(peak, share);
  const auto points_of = [&](size_t i) {
    std::vector<std::pair<double, double>> points =
        latency_shares(s["variants"][i]["decision_latency_ns"]);
    for (auto& [ns, share] : points)
      ns = std::max(1.0, ns);  // a log axis
    return points;
  };
  const ChartAxis x = ChartAxis::logarithmic("time per decision (log scale)", lo, hi, nanoseconds);
  if (s["variants"].size() < kMultiplesFrom) {
    SvgChart chart("latency", "Decision latency per variant", x,
                   ChartAxis::linear("share of its timed decisions", 0, std::min(1.0, peak * 1.1),
                                     percent_tick));
    for (size_t i = 0; i < s["variants"].size(); ++i) {
      const auto points = points_of(i);
      if (points.empty()) continue;
      chart.add_line(s["variants"][i]["name"], points, static_cast<int>(i));
      chart.add_legend(s["variants"][i]["name"], static_cast<int>(i));
    }
    return single_chart(chart.view());
  }
  ChartSize size = ChartSize::small();
  size.right = 16;  // no right axis
  Json panels = Json::array();
  for (size_t slot = 0; slot < order.size(); ++slot) {
    const size_t i = order[slot];
    const auto points = points_of(i);
    if (points.empty()) continue;
    SvgChart chart(
        fmt::format("latency-{}", i), panel_title(s, slot, i), x,
        ChartAxis::linear("share of decisions", 0, std::min(1.0, peak * 1.1), percent_tick),
        std::nullopt, size);
    for (const size_t other : order) {
      if (other == i) continue;
      const auto faint = points_of(other);
      if (!faint.empty()) chart.add_faint_line(s["variants"][other]["name"], faint);
    }
    chart.add_line(s["variants"][i]["name"], points, static_cast<int>(i));
    panels.push_back(chart.view());
  }
  return small_multiples("latency", "Decision latency per variant",
                         "One chart per variant, best first, on the same axes: the share of its "
                         "timed decisions per time (log scale); grey, the other variants.",
                         panels);
}

// "+40.7 ± 30.4" from a match's value and error; null (unbounded) is +-inf by
// the side of the score, or an inf error.
std::string estimate_cell(const Json& m, const char* value_key, const char* error_key) {
  const double inf = std::numeric_limits<double>::infinity();
  const double score = number(m, "score", 0.5);
  const double value = m.contains(value_key) && m[value_key].is_number()
                           ? m[value_key].get<double>()
                           : (score > 0.5 ? inf : (score < 0.5 ? -inf : 0.0));
  return estimate_text(value, number(m, error_key, inf), 1, "±");
}

Json match_rows(const Json& s) {
  Json rows = Json::array();
  for (const Json& m : s.value("matches", Json::array())) {
    if (m.value("games", 0) == 0) continue;
    Json row{{"a", m["a"]},
             {"b", m["b"]},
             {"record", fmt::format("+{} -{} ={}", m.value("wins", 0), m.value("losses", 0),
                                    m.value("draws", 0))},
             {"score", percent(number(m, "score"))},
             {"elo", estimate_cell(m, "elo", "elo_error")},
             {"nelo", estimate_cell(m, "nelo", "nelo_error")},
             {"los", percent(number(m, "los"))}};
    if (m.contains("pentanomial")) row["pentanomial"] = m["pentanomial"].dump();
    rows.push_back(row);
  }
  return rows;
}

// The rows of the ratings table under `key` (ratings, ratings_plackett_luce).
Json rating_rows(const Json& s, const char* key) {
  Json rows = Json::array();
  if (!s.contains(key) || s[key].is_null()) return rows;
  for (const Json& r : s[key]["table"]) {
    rows.push_back({{"rank", r["rank"]},
                    {"name", r["name"]},
                    {"rating", r["rating"].is_number()
                                   ? fmt::format("{:+.1f} ± {:.1f}", r["rating"].get<double>(),
                                                 r["ci95"].get<double>())
                                   : std::string("unrated")}});
  }
  return rows;
}

// `partial`: the run is not over (still playing, or interrupted).
Json stop_view(const Json& s, bool partial) {
  if (!s.contains("stop")) return nullptr;
  const Json& stop = s["stop"];
  const char* no_rule = partial ? "no rule yet" : "no rule (all games played)";
  Json out{{"stopped_by",
            stop["stopped_by"].is_null() ? no_rule : stop["stopped_by"].get<std::string>()},
           {"games", stop["games"]}};
  if (stop.contains("sprt")) {
    const Json& t = stop["sprt"];
    out["sprt"] = fmt::format(
        "elo0 {:g}, elo1 {:g} ({}), LLR {:.3f} in [{:.3f}, {:.3f}]: {}", number(t, "elo0"),
        number(t, "elo1"), t.value("model", ""), number(t, "llr"), number(t, "lower_bound"),
        number(t, "upper_bound"),
        t["verdict"].is_null() ? "no verdict yet" : "accepts " + t["verdict"].get<std::string>());
  }
  return out;
}

// "95.56 (95.35 to 95.77)": the measured value and its 95% interval.
std::string measured_cell(const Json& e) {
  if (!e["measured"].is_number()) return "-";
  const std::string value = fmt::format("{:.4g}", e["measured"].get<double>());
  const Json& interval = e.value("interval", Json());
  if (!interval.is_array() || interval.size() != 2) return value;
  return fmt::format("{} ({:.4g} to {:.4g})", value, interval[0].get<double>(),
                     interval[1].get<double>());
}

Json expectation_rows(const Json& s) {
  Json rows = Json::array();
  for (const Json& e : s.value("expectations", Json::array())) {
    // "figure" is written since `share`; older summaries have metric and stat.
    const std::string what =
        e.contains("figure") ? e["figure"].get<std::string>()
        : e.contains("stat")
            ? fmt::format("{} {}", e["metric"].get<std::string>(), e["stat"].get<std::string>())
            : e["metric"].get<std::string>();
    rows.push_back({{"variant", e["variant"]},
                    {"what", what},
                    // "published" is written since ranges ("42–44"); older summaries have a value.
                    {"published",
                     e.contains("published")
                         ? e["published"].get<std::string>()
                         : fmt::format("{:g} ± {:g}", number(e, "value"), number(e, "tolerance"))},
                    {"measured", measured_cell(e)},
                    {"reproduced", e.value("reproduced", false)},
                    {"source", e.value("source", "")}});
  }
  return rows;
}

// A cell's background in the crosstable heat map: red at a score of 0,
// white at 1/2, green at 1.
std::string heat_colour(double score) {
  const double t = std::abs(score - 0.5) * 2;  // 0 at an even score, 1 at all or nothing
  const int lightness = static_cast<int>(std::lround(97 - 35 * t));
  return fmt::format("hsl({}, 70%, {}%)", score >= 0.5 ? 130 : 0, lightness);
}

// The crosstable as a heat map (rows score against columns), or null.
Json crosstable_view(const Json& s) {
  if (!s.contains("crosstable")) return nullptr;
  const Json& c = s["crosstable"];
  Json rows = Json::array();
  for (size_t a = 0; a < c["variants"].size(); ++a) {
    Json cells = Json::array();
    for (size_t b = 0; b < c["variants"].size(); ++b) {
      const Json& score = c["score"][a][b];
      if (score.is_null()) {
        cells.push_back({{"text", a == b ? "" : "–"}, {"colour", "#f5f6f9"}, {"tip", ""}});
        continue;
      }
      const Json& elo = c["elo"][a][b];
      cells.push_back(
          {{"text", percent(score.get<double>())},
           {"colour", heat_colour(score.get<double>())},
           {"tip",
            fmt::format("{} against {}: {} games, Elo {}", c["variants"][a].get<std::string>(),
                        c["variants"][b].get<std::string>(), c["games"][a][b].get<uint64_t>(),
                        elo.is_null() ? std::string(score.get<double>() > 0.5 ? "+inf" : "-inf")
                                      : fmt::format("{:+.1f}", elo.get<double>()))}});
    }
    rows.push_back({{"name", c["variants"][a]}, {"cells", cells}});
  }
  return {{"names", c["variants"]}, {"rows", rows}};
}

// The games worth a look, each with the command that replays it.
Json notable_rows(const Json& s, const std::string& results_dir) {
  Json rows = Json::array();
  const bool apart = s.value("variants_apart", false);
  const auto add = [&](const std::string& variant, const std::string& what, uint64_t game) {
    Json words = {"arena", "replay", results_dir, "--game", std::to_string(game)};
    if (apart) {
      words.push_back("--variant");
      words.push_back(variant);
    }
    rows.push_back(
        {{"variant", variant}, {"what", what}, {"game", game}, {"command_words", words}});
  };
  for (const Json& v : s.value("variants", Json::array())) {
    const std::string name = v.value("name", "");
    const Json notable = v.value("notable_games", Json::object());
    for (const char* which : {"best", "worst"}) {
      const Json ref = notable.value(which, Json());
      if (!ref.is_object()) continue;
      for (const auto& [metric, value] : ref.items()) {
        if (metric != "game")
          add(name, fmt::format("{} game: {} {}", which, value.dump(), metric), ref["game"]);
      }
    }
    const Json forfeits = notable.value("first_forfeit", Json::object());
    for (const auto& [fault, game] : forfeits.items())
      add(name, "first forfeit (" + fault + ")", game.get<uint64_t>());
    if (notable.value("first_cut_off", Json()).is_number())
      add(name, "first game cut off at its bound", notable["first_cut_off"].get<uint64_t>());
  }
  return rows;
}

// Tick labels of a count of games: 2500, 40k, 1.5M.
std::string games_tick(double games) {
  if (std::abs(games) >= 1e6) return fmt::format("{:g}M", games / 1e6);
  if (std::abs(games) >= 1e4) return fmt::format("{:g}k", games / 1e3);
  return fmt::format("{:g}", games);
}

// The SPRT's LLR after each check (stop.sprt.history) against the games
// played, between its bounds: the run accepts H1 where the line reaches the
// upper one, H0 where it reaches the lower one.
std::optional<Json> llr_chart(const Json& s) {
  if (!s.contains("stop") || !s["stop"].contains("sprt")) return std::nullopt;
  const Json& t = s["stop"]["sprt"];
  const Json history = t.value("history", Json::array());
  if (history.empty()) return std::nullopt;
  const double lower = number(t, "lower_bound"), upper = number(t, "upper_bound");
  std::vector<std::pair<double, double>> points;
  if (history[0][0].get<double>() > 0) points.emplace_back(0, 0);  // no games: LLR 0
  double lo = lower, hi = upper;
  for (const Json& p : history) {
    points.emplace_back(p[0].get<double>(), p[1].get<double>());
    lo = std::min(lo, points.back().second);
    hi = std::max(hi, points.back().second);
  }
  const double margin = (hi - lo) / 10;
  const double games = std::max(1.0, points.back().first);
  SvgChart chart("llr", "SPRT: log-likelihood ratio against its bounds",
                 ChartAxis::linear("games played", 0, games, games_tick),
                 ChartAxis::linear("LLR", lo - margin, hi + margin));
  chart.add_line(fmt::format("accepts H1 (elo1 {:g}) at {:.3f}", number(t, "elo1"), upper),
                 {{0, upper}, {games, upper}}, 2, true);
  chart.add_line(fmt::format("accepts H0 (elo0 {:g}) at {:.3f}", number(t, "elo0"), lower),
                 {{0, lower}, {games, lower}}, 3, true);
  chart.add_line("LLR", points, 0);
  chart.add_legend("LLR", 0);
  chart.add_legend(fmt::format("H1 bound (elo1 {:g})", number(t, "elo1")), 2, true);
  chart.add_legend(fmt::format("H0 bound (elo0 {:g})", number(t, "elo0")), 3, true);
  return chart.view();
}

Json partial_view(const PartialRun& p) {
  Json view{{"games", p.games},
            {"planned", p.planned},
            {"updated", p.updated},
            {"final_report", p.final_report},
            {"resume", p.resume}};
  if (p.refresh_seconds > 0) view["refresh"] = p.refresh_seconds;
  return view;
}

}  // namespace

std::vector<std::pair<double, double>> latency_shares(const Json& latency) {
  // A summary without `timed` timed every decision.
  const double timed = std::max(1.0, number(latency, "timed", number(latency, "count")));
  std::vector<std::pair<double, double>> shares;
  for (const Json& bucket : latency.value("histogram", Json::array()))
    shares.emplace_back(bucket[0].get<double>(), bucket[1].get<double>() / timed);
  return shares;
}

std::string render_report(const Json& summary, const std::string& results_dir,
                          const PartialRun* partial) {
  Json view;
  if (partial) view["partial"] = partial_view(*partial);
  view["run"] = run_view(summary);
  const std::vector<size_t> order = ranking_order(summary);
  view["variants"] = variant_rows(summary, order);
  if (summary.contains("metrics") && !summary["metrics"].empty()) {
    const Json& m = summary["metrics"][0];
    view["metric_name"] = m.value("name", "");
  }
  Json charts = Json::array();
  if (auto c = llr_chart(summary)) charts.push_back(single_chart(*c));
  if (auto c = win_rate_chart(summary, order)) charts.push_back(single_chart(*c));
  for (const Json& spec : summary.value("metrics", Json::array())) {
    if (auto c = metric_chart(summary, spec, order)) charts.push_back(*c);
  }
  if (auto c = rank_chart(summary, order)) charts.push_back(single_chart(*c));
  if (auto c = group_chart(summary, order)) charts.push_back(single_chart(*c));
  if (auto c = latency_chart(summary, order)) charts.push_back(*c);
  view["charts"] = charts;
  view["matches"] = match_rows(summary);
  // Many matches (six variants or more) are folded: the crosstable shows them at a glance.
  view["matches_folded"] = summary.contains("crosstable") && view["matches"].size() > 10;
  view["match_count"] = view["matches"].size();
  view["paired"] = std::any_of(view["matches"].begin(), view["matches"].end(),
                               [](const Json& m) { return m.contains("pentanomial"); });
  // Mean rank says more than the win rate only at tables of three or more
  // seats, win share only where ties for first split it differently.
  view["multi_seat"] =
      std::any_of(summary["variants"].begin(), summary["variants"].end(),
                  [](const Json& v) { return v.value("rank_counts", Json::array()).size() >= 3; });
  view["win_share_differs"] =
      std::any_of(summary["variants"].begin(), summary["variants"].end(), [](const Json& v) {
        return v["win_rate"].is_number() &&
               percent(number(v, "win_share")) != percent(v["win_rate"].get<double>());
      });
  view["ranking"] = ranking_view(summary, order, view["multi_seat"].get<bool>());
  // The ranking shows the win rates and mean ranks: the variants table below need not.
  view["variants_win_rate"] = view["ranking"].is_null() || !view["ranking"]["win_rates"];
  view["crosstable"] = crosstable_view(summary);
  view["notable"] = notable_rows(summary, results_dir);
  view["ratings"] = rating_rows(summary, "ratings");
  view["finishing_order_ratings"] = rating_rows(summary, "ratings_plackett_luce");
  view["stop"] = stop_view(summary, partial != nullptr);
  view["expectations"] = expectation_rows(summary);
  return render_template(kReportTemplate, view);
}

namespace {

// The part of the report's template from `open` to `close`, both included
// (the template is embedded: a part it lost fails the report's tests).
std::string_view template_part(std::string_view open, std::string_view close) {
  const std::string_view all = kReportTemplate;
  const size_t begin = all.find(open);
  const size_t end = all.find(close, begin);
  if (begin == std::string_view::npos || end == std::string_view::npos)
    throw std::logic_error("report_template.html lost its " + std::string(open));
  return all.substr(begin, end - begin + close.size());
}

}  // namespace

Json report_match_rows(const Json& summary) {
  return match_rows(summary);
}

std::string report_style() {
  return std::string(template_part("<style>", "</style>"));
}

std::string render_charts(const Json& charts) {
  // The template's own {{#charts}} section, so both pages draw charts alike.
  const std::string section(template_part("{{#charts}}", "{{/charts}}"));
  Json entries = Json::array();
  for (const Json& chart : charts)
    entries.push_back(chart.contains("panels") ? chart : single_chart(chart));
  return render_template(section, Json{{"charts", entries}});
}

void write_report(const std::filesystem::path& dir) {
  const auto summary_path = dir / "summary.json";
  std::ifstream in(summary_path);
  if (!in) throw std::runtime_error(summary_path.string() + ": cannot read");
  Json summary;
  try {
    summary = Json::parse(in);
  } catch (const Json::parse_error& e) {
    throw std::runtime_error(fmt::format("{}: {}", summary_path.string(), e.what()));
  }
  if (!summary.contains("phases")) {
    // Written before summary.json had `phases`: the phases in the order
    // by_phase has in the file (game order), which a parsed json sorts.
    in.clear();
    in.seekg(0);
    try {
      const auto ordered = nlohmann::ordered_json::parse(in);
      const auto& variants = ordered.value("variants", nlohmann::ordered_json::array());
      if (!variants.empty() && variants[0].contains("decision_latency_ns")) {
        const nlohmann::ordered_json by_phase = variants[0]["decision_latency_ns"].value(
            "by_phase", nlohmann::ordered_json::object());  // iterated: must outlive items()
        Json phases = Json::array();
        for (const auto& [phase, lat] : by_phase.items())
          phases.push_back(phase);
        if (!phases.empty()) summary["phases"] = phases;
      }
    } catch (const nlohmann::ordered_json::exception&) {  // shown below as the summary's fault
    }
  }
  std::string html;
  try {
    html = render_report(summary, dir.string());
  } catch (const Json::exception& e) {  // a summary.json this version did not write
    throw std::runtime_error(
        fmt::format("{}: unexpected content: {}", summary_path.string(), e.what()));
  }
  const auto target = dir / "report.html";
  const auto temp = dir / ".report.html.tmp";
  {
    std::ofstream out(temp, std::ios::binary);
    out << html;
    if (!out) throw std::runtime_error(temp.string() + ": cannot write");
  }
  std::filesystem::rename(temp, target);
}

}  // namespace arena
