// One results model (harness/stats/run_summary.hpp): the first screen, the
// detail tables, summary.json and the report are drawn from one RunSummary,
// and every number a reader compares shows the same value in all of them.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <sstream>

#include "harness/adapters/adapters.hpp"
#include "harness/output/first_screen.hpp"
#include "harness/output/report.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/summary.hpp"

namespace results_model_test {

using arena::RunSummary;
using Json = nlohmann::json;

// Everything one summary renders to.
struct Rendered {
  std::string screen;  // the first screen
  std::string detail;  // --detail's tables
  Json json;           // summary.json
  std::string report;  // report.html
};

// Plays `yaml` in process and renders its one summary every way.
Rendered render_all(const std::string& yaml) {
  static const arena::Registry registry = arena::make_registry();
  const arena::RunConfig config = arena::parse_config(yaml, "t.yaml", registry);
  arena::PreparedRun run = arena::prepare_run(registry, config, *config.seed, 2);
  const arena::RunStats stats = arena::run_games(*run.match, run.plan, nullptr, nullptr);
  arena::RunInfo info;
  info.seed = *config.seed;
  info.planned_games = run.plan.games;
  info.wall_seconds = 1;
  const RunSummary summary = arena::summarize(config, info, *run.match, stats);
  const arena::ScreenFacts facts{"results/t", std::nullopt, 1};
  Rendered out{arena::first_screen(summary, facts), arena::detail_text(summary, facts),
               Json(arena::summary_json(summary)), ""};
  out.report = arena::render_report(out.json, "results/t");
  return out;
}

// The first line of `text` that starts with `start` (and holds `also`).
std::string line_of(const std::string& text, const std::string& start,
                    const std::string& also = "") {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t at = line.find_first_not_of(' ');
    if (at != std::string::npos && line.compare(at, start.size(), start) == 0 &&
        line.find(also) != std::string::npos)
      return line;
  }
  return "";
}

// The report's table row (one line of HTML) that holds `cell`, after `after`.
std::string report_row(const std::string& html, const std::string& cell,
                       const std::string& after = "") {
  const size_t from = after.empty() ? 0 : html.find(after);
  REQUIRE(from != std::string::npos);
  const size_t at = html.find(cell, from);
  if (at == std::string::npos) return "";
  const size_t begin = html.rfind("<tr", at);
  return html.substr(begin, html.find("</tr>", at) - begin);
}

std::string percent(double share) {
  return fmt::format("{:.1f}%", 100 * share);
}

TEST_CASE("one summary: the screen, the detail tables, summary.json and the report agree") {
  // Five Go Fish strategies at four-seat tables: win rates, a metric, mean
  // ranks, every pair, a crosstable and both ratings.
  const Rendered r = render_all(R"(name: t
engine: go-fish
seed: 33
games: 240
rules: {seats: 4}
players:
  - {name: random, strategy: random}
  - {name: memory, strategy: memory}
  - {name: belief, strategy: belief}
  - {name: seed-memory, strategy: seed-memory}
  - {name: counting, strategy: counting}
)");
  const Json& s = r.json;
  REQUIRE(s["variants"].size() == 5);
  const std::string metric = s["metrics"][0]["name"];
  for (const Json& v : s["variants"]) {
    const std::string name = v["name"];
    INFO(name);
    // The model's figures are the counts' figures: a draw is half a win.
    const double contests =
        v["wins"].get<double>() + v["losses"].get<double>() + v["draws"].get<double>();
    CHECK(v["win_rate"].get<double>() ==
          Approx((v["wins"].get<double>() + v["draws"].get<double>() / 2) / contests));
    const std::string win_rate = fmt::format("{} [{:.1f}", percent(v["win_rate"]),
                                             100 * v["win_rate_ci95"][0].get<double>());
    const std::string mean = fmt::format("{:.2f}", v["metrics"][metric]["mean"].get<double>());
    const std::string rank = fmt::format("{:.2f}", v["mean_rank"].get<double>());
    const std::string screen_row = line_of(r.screen, name + " ");
    const std::string detail_row = line_of(r.detail, name + " ");
    // The report's ranking shows the win rate and mean rank, its variants table the metric.
    const std::string ranking_row = report_row(r.report, "</span>" + name + "</td>");
    const std::string html_row =
        report_row(r.report, "</span>" + name + "</td>", "<h2>Variants</h2>");
    CHECK_THAT(screen_row, Catch::Contains(win_rate) && Catch::Contains(mean));
    CHECK_THAT(detail_row,
               Catch::Contains(win_rate) && Catch::Contains(mean + " / ") && Catch::Contains(rank));
    CHECK_THAT(ranking_row,
               Catch::Contains(percent(v["win_rate"])) && Catch::Contains("<td>" + rank + "</td>"));
    CHECK_THAT(html_row, Catch::Contains(mean + " / "));
  }
  // Both ratings: the screen shows Plackett-Luce (four-seat tables), rounded.
  for (const char* key : {"ratings", "ratings_plackett_luce"}) {
    for (const Json& x : s[key]["table"]) {
      const std::string name = x["name"];
      INFO(key << " " << name);
      const double rating = x["rating"];
      const double ci = x["ci95"];
      const std::string title =
          std::string(key) == "ratings" ? "ratings (Bradley-Terry)" : "ratings on finishing orders";
      CHECK_THAT(r.detail.substr(r.detail.find(title)),
                 Catch::Contains(fmt::format("{:+8.1f} +/- {:.1f}", rating, ci)));
      const std::string anchor =
          std::string(key) == "ratings" ? "<h2>Ratings (Bradley" : "<h2>Ratings on whole";
      CHECK_THAT(report_row(r.report, "<td>" + name + "</td><td>", anchor),
                 Catch::Contains(fmt::format("{:+.1f} ± {:.1f}", rating, ci)));
      if (std::string(key) == "ratings_plackett_luce" && rating != 0) {
        CHECK_THAT(line_of(r.screen, name + " "),
                   Catch::Contains(fmt::format("{:+.0f} ± {:.0f}", rating, ci)));
      }
    }
  }
  // Every pair: the detail line, the report's row and the crosstable's cells.
  const Json& cross = s["crosstable"];
  for (const Json& m : s["matches"]) {
    const std::string a = m["a"], b = m["b"];
    INFO(a << " vs " << b);
    const std::string elo = fmt::format("{:+.1f}", m["elo"].get<double>());
    const std::string score = percent(m["win_rate"]);
    CHECK_THAT(line_of(r.detail, a + " vs " + b + ":"),
               Catch::Contains("score " + score) && Catch::Contains("Elo " + elo));
    CHECK_THAT(report_row(r.report, "<td>" + a + " vs " + b + "</td>"),
               Catch::Contains("<td>" + score + "</td>") && Catch::Contains(elo + " ± "));
    size_t ia = 0, ib = 0;
    for (size_t i = 0; i < cross["variants"].size(); ++i) {
      if (cross["variants"][i] == a) ia = i;
      if (cross["variants"][i] == b) ib = i;
    }
    CHECK(cross["score"][ia][ib].get<double>() == m["win_rate"].get<double>());
    const std::string back = fmt::format("{:.1f}", 100 * cross["score"][ib][ia].get<double>());
    CHECK_THAT(line_of(r.detail.substr(r.detail.find("crosstable")), b + " "),
               Catch::Contains(back));
    CHECK_THAT(report_row(r.report, "title=\"" + b + " against " + a + ":"),
               Catch::Contains(">" + back + "%</td>"));
  }
}

TEST_CASE("one summary of a paired duel: the sentence, the detail line and the report agree") {
  const Rendered r = render_all(R"(name: t
engine: battleship
seed: 34
games: 400
mode: duel
format: head-to-head
players:
  - {name: density, strategy: density}
  - {name: hunt-target, strategy: hunt-target}
)");
  const Json& m = r.json["matches"][0];
  REQUIRE(m.contains("pentanomial"));  // estimated from the pairs
  const double score = m["score"];
  // The sentence names the better one first, with its score and Elo from the pairs.
  const bool first_better = score >= 0.5;
  const std::string sentence =
      line_of(r.screen, first_better ? "density beats" : "hunt-target beats");
  INFO(r.screen);
  CHECK_THAT(sentence,
             Catch::Contains(percent(first_better ? score : 1 - score)) &&
                 Catch::Contains("game pairs") &&
                 Catch::Contains(fmt::format("{:+.0f} ± {:.0f} Elo",
                                             (first_better ? 1 : -1) * m["elo"].get<double>(),
                                             m["elo_error"].get<double>())));
  CHECK_THAT(line_of(r.detail, "density vs hunt-target:"),
             Catch::Contains(fmt::format("Elo {:+.1f} +/- {:.1f}", m["elo"].get<double>(),
                                         m["elo_error"].get<double>())) &&
                 Catch::Contains(fmt::format(
                     "[{}]", fmt::join(m["pentanomial"].get<std::vector<int>>(), ", "))));
  CHECK_THAT(report_row(r.report, "<td>density vs hunt-target</td>"),
             Catch::Contains(fmt::format("{:+.1f} ± {:.1f}", m["elo"].get<double>(),
                                         m["elo_error"].get<double>())));
}

}  // namespace results_model_test
