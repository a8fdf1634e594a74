// The HTML report: its template language, and that a run's report shows the
// run (charts present, no external resources) and can be regenerated.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.hpp"
#include "harness/output/report.hpp"
#include "harness/output/svg_chart.hpp"
#include "harness/output/template.hpp"

using arena::render_template;
using Json = nlohmann::json;

TEST_CASE("Template variables are escaped unless triple-braced") {
  const Json data{{"name", "<b>&\"x\""}, {"n", 3}};
  CHECK(render_template("{{name}} {{n}}", data) == "&lt;b&gt;&amp;&quot;x&quot; 3");
  CHECK(render_template("{{{name}}}", data) == "<b>&\"x\"");
  CHECK(render_template("[{{missing}}]", data) == "[]");
}

TEST_CASE("Template sections repeat over lists and skip falsy values") {
  const Json data{{"items", {{{"v", 1}}, {{"v", 2}}}},
                  {"empty", Json::array()},
                  {"flag", false},
                  {"run", {{"name", "q"}}},
                  {"title", "T"}};
  CHECK(render_template("{{#items}}<{{v}}{{title}}>{{/items}}", data) == "<1T><2T>");
  CHECK(render_template("{{#empty}}x{{/empty}}{{^empty}}none{{/empty}}", data) == "none");
  CHECK(render_template("{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}", data) == "no");
  CHECK(render_template("{{run.name}} {{#items.0}}first {{v}}{{/items.0}}", data) == "q first 1");
  CHECK(render_template("{{! a comment }}ok", data) == "ok");
  const Json strings{{"none", ""}, {"some", "why"}};
  CHECK(render_template("{{#none}}shown{{/none}}{{^none}}hidden{{/none}}", strings) == "hidden");
  CHECK(render_template("{{#some}}because {{some}}{{/some}}", strings) == "because why");
}

TEST_CASE("A malformed template is an error naming the tag") {
  CHECK_THROWS_WITH(render_template("{{#a}}x", Json::object()), Catch::Contains("'a'"));
  CHECK_THROWS_AS(render_template("{{name", Json::object()), std::invalid_argument);
  CHECK_THROWS_AS(render_template("x{{/a}}", Json::object()), std::invalid_argument);
}

namespace {

using arena::testing::arena_cli;
using arena::testing::read_file;

// `arena run configs/NAME.yaml --games GAMES --quiet --out scratch/out`, in scratch.
arena::testing::Outcome run_shipped(const std::filesystem::path& scratch, const std::string& name,
                                    int games, const std::string& out) {
  return arena_cli(std::string("run ") + ARENA_SOURCE_DIR + "/configs/" + name + ".yaml --games " +
                       std::to_string(games) + " --quiet --out " + (scratch / out).string(),
                   scratch);
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("A duel run's report shows win rates shots and latency as charts") {
  const auto scratch = arena::testing::scratch("report");
  const auto dir = scratch / "out";
  const auto run =
      arena_cli(std::string("run ") + ARENA_SOURCE_DIR +
                    "/configs/battleship-duel.yaml --games 200 --quiet --out " + dir.string(),
                scratch);
  REQUIRE(run.code == 0);
  const std::string html = read_file(dir / "report.html");
  CHECK(count_of(html, "<svg class=\"chart\" id=\"win-rate\"") == 1);
  CHECK(count_of(html, "<svg class=\"chart\" id=\"metric-shots\"") == 1);
  CHECK(count_of(html, "<svg class=\"chart\" id=\"latency\"") == 1);
  CHECK(html.find("<script") == std::string::npos);  // self-contained: no scripts,
  CHECK(html.find("http://") == std::string::npos);  // and nothing fetched
  CHECK(html.find("https://") == std::string::npos);
  CHECK(html.find("Elo") != std::string::npos);
  CHECK(html.find("Not reproducible") == std::string::npos);  // a seeded, untimed run
  const Json summary = Json::parse(read_file(dir / "summary.json"));
  for (const Json& v : summary["variants"]) {
    double total = 0;  // each curve of the latency chart sums to 100%
    for (const auto& [ns, share] : arena::latency_shares(v["decision_latency_ns"]))
      total += share;
    CHECK(total == Approx(1.0).epsilon(1e-12));
  }

  // `arena report DIR` regenerates the same page from summary.json.
  std::filesystem::remove(dir / "report.html");
  REQUIRE(arena_cli("report " + dir.string(), scratch).code == 0);
  CHECK(read_file(dir / "report.html") == html);
}

// Cheap decisions are timed by sample: the histogram holds the timed ones.
// Dividing by every decision drew 94.5% of random's quickstart decisions at
// 0.5%.
TEST_CASE("The latency chart shows each variant's share of its timed decisions") {
  const Json sampled = Json::parse(
      R"({"count": 1000, "timed": 100, "histogram": [[100, 95], [1000, 4], [10000, 1]]})");
  const auto shares = arena::latency_shares(sampled);
  REQUIRE(shares.size() == 3);
  CHECK(shares[0] == std::pair{100.0, 0.95});
  CHECK(shares[1] == std::pair{1000.0, 0.04});
  CHECK(shares[2] == std::pair{10000.0, 0.01});
  // Every decision timed (or a summary without `timed`): shares of all of them.
  const auto all =
      arena::latency_shares(Json::parse(R"({"count": 8, "histogram": [[50, 6], [70, 2]]})"));
  CHECK(all == std::vector<std::pair<double, double>>{{50, 0.75}, {70, 0.25}});
  CHECK(arena::latency_shares(Json::parse(R"({"count": 0, "timed": 0})")).empty());
}

TEST_CASE("arena report on a folder without a summary fails with exit code 2") {
  const auto scratch = arena::testing::scratch("no-report");
  const auto run = arena_cli("report " + scratch.string(), scratch);
  CHECK(run.code == 2);
  CHECK_THAT(run.err, Catch::Contains("summary.json"));
  const auto missing = arena_cli("report /nonexistent-arena-dir", scratch);
  CHECK(missing.code == 2);
  CHECK(missing.err == "arena: report: /nonexistent-arena-dir: no such folder\n");
}

// Legends once sat on the data (over random's rank-5 bar, over the curves at
// 90-100%): they go in rows under the x axis, inside the chart's own height.
TEST_CASE("A chart's legend sits below the plot, in rows that fit its width") {
  arena::SvgChart chart("c", "t", arena::ChartAxis::linear("x", 0, 10),
                        arena::ChartAxis::linear("y", 0, 1));
  for (int i = 0; i < 12; ++i)
    chart.add_legend("a variant with a long name " + std::to_string(i), i);
  const Json v = chart.view();
  const double bottom = v["plot"]["bottom"].get<double>();
  const double label_y = std::stod(v["x_label"]["y"].get<std::string>());
  double previous_right = 0, previous_y = 0;
  REQUIRE(v["legend"].size() == 12);
  for (const Json& entry : v["legend"]) {
    const double x = std::stod(entry["x"].get<std::string>());
    const double y = std::stod(entry["y"].get<std::string>());
    CHECK(y > bottom);
    CHECK(y > label_y);  // under the axis label too
    CHECK(y + 8 <= v["height"].get<double>());
    CHECK(x >= v["plot"]["x"].get<double>());
    if (y == previous_y) CHECK(x >= previous_right);  // no two entries overlap in a row
    const double chars = static_cast<double>(entry["name"].get<std::string>().size());
    previous_right = std::stod(entry["text_x"].get<std::string>()) + 7 * chars;
    CHECK(previous_right <= v["width"].get<double>());
    previous_y = y;
  }
}

namespace {

// The SVG of chart `id` in a report.
std::string chart_svg(const std::string& html, const std::string& id) {
  const size_t begin = html.find("<svg class=\"chart\" id=\"" + id + "\"");
  if (begin == std::string::npos) return "";
  return html.substr(begin, html.find("</svg>", begin) - begin);
}

}  // namespace

// Chinese Checkers games cut off at max_plies (1,000) stretched the plies axis
// to 1,000 and drew lines across the empty range; the data sat in its left 15%.
TEST_CASE("Games cut off at their bound are a slot of their own, not an axis to the cap") {
  const auto scratch = arena::testing::scratch("report-cut-off");
  const auto run = run_shipped(scratch, "battleship-duel", 200, "out");
  REQUIRE(run.code == 0);
  Json summary = Json::parse(read_file(scratch / "out" / "summary.json"));
  for (Json& v : summary["variants"]) {  // three games of each stopped at a cap of 400 shots
    v["metrics"]["shots"]["histogram"]["400"] = 3;
    v["metrics"]["shots"]["count"] = v["metrics"]["shots"]["count"].get<int>() + 3;
    v["metrics"]["shots"]["max"] = 400;
    v["cut_off"] = 3;
  }
  const std::string cut = chart_svg(arena::render_report(summary, "out"), "metric-shots");
  REQUIRE_FALSE(cut.empty());
  CHECK_THAT(cut, Catch::Contains(">400 (cut off)<"));
  CHECK_THAT(cut, !Catch::Contains(">200<") && !Catch::Contains(">300<"));
  // The same values without cut-off games are data: the axis covers them.
  for (Json& v : summary["variants"])
    v["cut_off"] = 0;
  const std::string plain = chart_svg(arena::render_report(summary, "out"), "metric-shots");
  CHECK_THAT(plain, !Catch::Contains("(cut off)") && Catch::Contains(">400<"));
}

// An empty "pairs" column made the matches table scroll at 1280 px; labels
// read "shots (shots)"; a phase without decisions showed a row of zeros.
TEST_CASE("The report shows no empty column, no doubled unit and no empty phase") {
  const auto scratch = arena::testing::scratch("report-columns");
  const auto solo = run_shipped(scratch, "quickstart", 300, "solo");
  REQUIRE(solo.code == 0);
  const std::string html = read_file(scratch / "solo" / "report.html");
  CHECK_THAT(html, !Catch::Contains("pairs LL LD") && !Catch::Contains("shots (shots)"));
  CHECK_THAT(html, Catch::Contains("<th>mean rank</th>"));  // five seats
  // Win share (a k-way tie for first 1/k) shows where it differs from the win rate.
  bool differs = false;
  const Json solo_summary = Json::parse(read_file(scratch / "solo" / "summary.json"));
  for (const Json& v : solo_summary["variants"])
    differs = differs || std::lround(1000 * v["win_share"].get<double>()) !=
                             std::lround(1000 * v["win_rate"].get<double>());
  CHECK((html.find(">win share</th>") != std::string::npos) == differs);
  const auto duel = run_shipped(scratch, "battleship-duel", 200, "duel");
  REQUIRE(duel.code == 0);
  CHECK_THAT(read_file(scratch / "duel" / "report.html"),
             Catch::Contains("pairs LL LD WL+DD WD WW") && !Catch::Contains("win share"));
  Json summary = Json::parse(read_file(scratch / "duel" / "summary.json"));
  Json& phases = summary["variants"][0]["decision_latency_ns"]["by_phase"];
  REQUIRE(phases.contains("target"));
  phases["target"]["count"] = 0;  // a phase this variant never reached
  const std::string page = arena::render_report(summary, "duel");
  CHECK(count_of(page, "target decisions") == 1);  // the other variant's row only
  CHECK(count_of(page, "hunt decisions") == 2);
}

// "Win rate by group" meant seats: the engine says what its groups are.
TEST_CASE("The groups chart says what the groups are") {
  const auto scratch = arena::testing::scratch("report-groups");
  const auto run = run_shipped(scratch, "gofish-strategies", 60, "out");
  REQUIRE(run.code == 0);
  CHECK(Json::parse(read_file(scratch / "out" / "summary.json"))["group_kind"] == "seat");
  const std::string chart = chart_svg(read_file(scratch / "out" / "report.html"), "groups");
  CHECK_THAT(chart, Catch::Contains(">Win rate by seat<") && !Catch::Contains(">group<"));
}

// The SPRT's LLR after each check is in summary.json (stop.sprt.history) and
// drawn against its bounds in the report; the pages of a run in progress
// (the live report) and of an interrupted run say how far it got.
TEST_CASE(
    "The report draws the SPRT's LLR history, and a partial page says so and reloads while live") {
  const auto scratch = arena::testing::scratch("report-llr");
  const auto run = run_shipped(scratch, "battleship-sprt", 1000000, "out");
  REQUIRE(run.code == 0);
  const Json summary = Json::parse(read_file(scratch / "out" / "summary.json"));
  const Json& sprt = summary["stop"]["sprt"];
  REQUIRE(sprt["history"].size() == 3);  // checked every 1000 games, stopped at 3000 (H0)
  CHECK(sprt["history"][0][0] == 1000);
  CHECK(sprt["history"][2] == Json::array({3000, sprt["llr"]}));
  const std::string final_page = read_file(scratch / "out" / "report.html");
  const std::string chart = chart_svg(final_page, "llr");
  CHECK_THAT(chart, Catch::Contains("H1 bound (elo1 0)") && Catch::Contains("H0 bound (elo0 -10)"));
  CHECK(count_of(chart, "class=\"series\"") == 3);  // the LLR and its two bounds
  CHECK_THAT(final_page, !Catch::Contains("http-equiv") && !Catch::Contains("partial:"));

  const arena::PartialRun live{1500, 1000000, "12:34:56", 3, "results/x/report.html", ""};
  const std::string live_page = arena::render_report(summary, "results/x", &live);
  CHECK(count_of(live_page, "<meta http-equiv=\"refresh\" content=\"3\">") == 1);
  CHECK_THAT(live_page, Catch::Contains("partial: 1500 of 1000000 games, updated 12:34:56") &&
                            Catch::Contains("<code>results/x/report.html</code>") &&
                            Catch::Contains("<svg class=\"chart\" id=\"llr\""));
  const arena::PartialRun stopped{1500, 1000000, "12:34:56", 0, "", "arena run c.yaml --resume"};
  const std::string stopped_page = arena::render_report(summary, "results/x", &stopped);
  CHECK_THAT(stopped_page,
             !Catch::Contains("http-equiv") && Catch::Contains("partial: 1500 of 1000000 games") &&
                 Catch::Contains("interrupted") && Catch::Contains("arena run c.yaml --resume") &&
                 !Catch::Contains("This run is incomplete"));
}
