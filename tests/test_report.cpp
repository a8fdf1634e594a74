// The HTML report: its template language, and that a run's report shows the
// run (charts present, no external resources) and can be regenerated.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

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

namespace {

// Eight Go Fish strategies at three seats (every table of three, 60 games
// each): the run whose report was 6,000 px tall with its ratings 2,450 px
// down, its variants in config order and eight curves on one chart.
arena::testing::Outcome run_eight(const std::filesystem::path& scratch) {
  std::ofstream(scratch / "eight.yaml")
      << "name: eight\nengine: go-fish\nseed: 4646\ngames: 60\nrules: {seats: 3}\nplayers:\n"
         "  - {name: random, strategy: random}\n  - {name: memory, strategy: memory}\n"
         "  - {name: belief, strategy: belief}\n  - {name: seed-memory, strategy: seed-memory}\n"
         "  - {name: counting, strategy: counting}\n"
         "  - {name: trained, strategy: q-learning, params: {policy: "
      << ARENA_SOURCE_DIR
      << "/configs/go-fish-policy.json}}\n"
         "  - {name: rlcard-v1, strategy: rlcard-v1}\n  - {name: rlcard-v2, strategy: rlcard-v2}\n";
  return arena_cli(
      "run " + (scratch / "eight.yaml").string() + " --quiet --out " + (scratch / "out").string(),
      scratch);
}

// The row of the table starting at `from` whose variant cell is `name`.
std::string row_of(const std::string& html, size_t from, const std::string& name) {
  const size_t at = html.find("</span>" + name + "</td>", from);
  if (at == std::string::npos) return "";
  const size_t begin = html.rfind("<tr", at);
  return html.substr(begin, html.find("</tr>", at) - begin);
}

std::string percent(double share) {
  return fmt::format("{:.1f}%", 100 * share);
}

// The index in `variants` of the variant called `name`.
size_t index_of(const Json& summary, const std::string& name) {
  size_t i = 0;
  while (i < summary["variants"].size() && summary["variants"][i]["name"] != name)
    ++i;
  return i;
}

}  // namespace

// The page opened with run facts and the variants in config order; who was
// best was in the ratings, 2,450 px down.
TEST_CASE("The report opens with the ranking best first by rating with win rate and mean rank") {
  const auto scratch = arena::testing::scratch("report-ranking");
  REQUIRE(run_eight(scratch).code == 0);
  const std::string html = read_file(scratch / "out" / "report.html");
  const Json summary = Json::parse(read_file(scratch / "out" / "summary.json"));
  const size_t ranking = html.find("<h2 id=\"ranking\">Ranking</h2>");
  REQUIRE(ranking != std::string::npos);
  CHECK(html.find("<h2") == ranking);  // the first section, its table the first table
  CHECK(html.find("<table") > ranking);
  CHECK(html.find("<table class=\"ranking\">") == html.find("<table"));
  CHECK_THAT(
      html.substr(ranking, 600),
      Catch::Contains("Plackett–Luce on whole finishing orders") && Catch::Contains("random = 0"));
  const Json& table = summary["ratings_plackett_luce"]["table"];
  REQUIRE(table.size() == 8);
  const size_t end = html.find("</table>", ranking);
  size_t previous = ranking;
  for (const Json& r : table) {
    const std::string name = r["name"];
    INFO(name);
    const size_t at = html.find("</span>" + name + "</td>", ranking);
    CHECK(at < end);
    CHECK(at > previous);  // in rating order
    previous = at;
    const Json& v = summary["variants"][index_of(summary, name)];
    const std::string row = row_of(html, ranking, name);
    CHECK_THAT(row,
               Catch::Contains(fmt::format("<td>{:+.1f} ± {:.1f}</td>", r["rating"].get<double>(),
                                           r["ci95"].get<double>())) &&
                   Catch::Contains("<td>" + percent(v["win_rate"].get<double>()) + " [") &&
                   Catch::Contains(fmt::format("<td>{:.2f}</td>", v["mean_rank"].get<double>())) &&
                   Catch::EndsWith(fmt::format("<td>{}</td>", v["games"].get<int>())));
  }
  // The variants table below is in the same order, the leader first.
  const size_t variants = html.find("<h2>Variants</h2>");
  REQUIRE(variants > end);
  const std::string leader = table[0]["name"];
  CHECK(html.find("<tr><td><span class=\"swatch\"", variants) ==
        html.rfind("<tr", html.find("</span>" + leader + "</td>", variants)));
}

// Plackett-Luce follows whole finishing orders, the win rate first places
// only: the two orders can differ, and the page said nothing.
TEST_CASE("The ranking says why when ratings and win rates order variants differently") {
  const auto scratch = arena::testing::scratch("report-disagree");
  REQUIRE(run_shipped(scratch, "gofish-strategies", 60, "out").code == 0);
  Json summary = Json::parse(read_file(scratch / "out" / "summary.json"));
  // Win rates set in the order of `ratings_key`'s table, `swap`ped for its second and third.
  const auto set_rates = [&](const char* ratings_key, bool swap, double half_width) {
    const Json table = summary[ratings_key]["table"];
    for (size_t k = 0; k < table.size(); ++k) {
      const size_t place = swap && (k == 1 || k == 2) ? 3 - k : k;
      for (Json& v : summary["variants"]) {
        if (v["name"] != table[k]["name"]) continue;
        const double rate = 0.5 - 0.1 * static_cast<double>(place);
        v["win_rate"] = rate;
        v["win_rate_ci95"] = Json::array({rate - half_width, rate + half_width});
      }
    }
    return std::pair<std::string, std::string>{table[1]["name"], table[2]["name"]};
  };
  const auto sentence = [](const std::string& page) {
    const size_t at = page.find("<p class=\"disagreement\">");
    return at == std::string::npos ? std::string() : page.substr(at, page.find("</p>", at) - at);
  };
  set_rates("ratings_plackett_luce", false, 0.01);
  CHECK(sentence(arena::render_report(summary, "out")).empty());  // the orders agree

  const auto [second, third] = set_rates("ratings_plackett_luce", true, 0.01);
  const std::string pl = sentence(arena::render_report(summary, "out"));
  CHECK_THAT(pl, Catch::Contains(second + " is rated above " + third +
                                 " but has the lower win rate (30.0% against 40.0%)") &&
                     Catch::Contains("whole finishing orders (Plackett–Luce)") &&
                     Catch::Contains("second places count too") &&
                     Catch::Contains("only first places") && !Catch::Contains("95% intervals"));
  set_rates("ratings_plackett_luce", true, 0.06);  // within each other's intervals
  CHECK_THAT(sentence(arena::render_report(summary, "out")),
             Catch::Contains("within the 95% intervals of each other"));

  // Two seats: Bradley-Terry ratings, whose reason is the opponents' strength.
  summary.erase("ratings_plackett_luce");
  set_rates("ratings", false, 0.01);
  CHECK(sentence(arena::render_report(summary, "out")).empty());
  const auto [bt_second, bt_third] = set_rates("ratings", true, 0.01);
  CHECK_THAT(sentence(arena::render_report(summary, "out")),
             Catch::Contains(bt_second + " is rated above " + bt_third) &&
                 Catch::Contains("Bradley–Terry") &&
                 Catch::Contains("by the strength of the opponent") &&
                 !Catch::Contains("finishing orders"));
}

// Chinese Checkers' phases came out alphabetically: end, middle, opening.
TEST_CASE("Decision latency lists the phases in game order") {
  const auto scratch = arena::testing::scratch("report-phases");
  std::ofstream(scratch / "cc.yaml")
      << "name: cc\nengine: chinese-checkers\nseed: 7\ngames: 4\nplayers:\n"
         "  - {name: greedy, strategy: greedy}\n  - {name: random, strategy: random}\n";
  REQUIRE(arena_cli("run " + (scratch / "cc.yaml").string() + " --quiet --out " +
                        (scratch / "out").string(),
                    scratch)
              .code == 0);
  const auto in_game_order = [](const std::string& html) {
    const size_t opening = html.find("&nbsp;opening decisions");
    const size_t middle = html.find("&nbsp;middle decisions");
    const size_t end = html.find("&nbsp;end decisions");
    return opening != std::string::npos && opening < middle && middle < end &&
           end != std::string::npos;
  };
  const auto summary_path = scratch / "out" / "summary.json";
  CHECK(Json::parse(read_file(summary_path))["phases"] ==
        Json::array({"opening", "middle", "end"}));
  CHECK(in_game_order(read_file(scratch / "out" / "report.html")));
  // A summary written before `phases`: by_phase's order in the file is the game's.
  auto ordered = nlohmann::ordered_json::parse(read_file(summary_path));
  ordered.erase("phases");
  std::ofstream(summary_path) << ordered.dump(2);
  REQUIRE(arena_cli("report " + (scratch / "out").string(), scratch).code == 0);
  CHECK(in_game_order(read_file(scratch / "out" / "report.html")));
}

namespace {

// The labels of the ticks of `kind` (tick-x, tick-y) in one chart's SVG.
std::vector<std::string> tick_labels(const std::string& svg, const std::string& kind) {
  std::vector<std::string> labels;
  const std::string mark = "class=\"tick " + kind + "\"";
  for (size_t at = svg.find(mark); at != std::string::npos; at = svg.find(mark, at + 1)) {
    const size_t open = svg.find('>', at) + 1;
    labels.push_back(svg.substr(open, svg.find('<', open) - open));
  }
  return labels;
}

}  // namespace

// Eight overlapping distribution curves were a tangle: from five variants on,
// one small chart per variant, best first, on the same axes.
TEST_CASE("Many variants' distributions are small multiples on the same axes best first") {
  const auto scratch = arena::testing::scratch("report-multiples");
  REQUIRE(run_eight(scratch).code == 0);
  const std::string html = read_file(scratch / "out" / "report.html");
  const Json summary = Json::parse(read_file(scratch / "out" / "summary.json"));
  const Json& table = summary["ratings_plackett_luce"]["table"];
  for (const std::string id : {"metric-books", "latency"}) {
    INFO(id);
    CHECK(count_of(html, "<section class=\"multiples\" id=\"" + id + "\">") == 1);
    CHECK(chart_svg(html, id).empty());  // no chart of all eight curves
    std::vector<std::string> panels;
    for (size_t at = html.find("<svg class=\"chart\" id=\"" + id + "-"); at != std::string::npos;
         at = html.find("<svg class=\"chart\" id=\"" + id + "-", at + 1))
      panels.push_back(html.substr(at, html.find("</svg>", at) - at));
    REQUIRE(panels.size() == 8);
    for (size_t k = 0; k < panels.size(); ++k) {
      INFO(k);
      const std::string name = table[k]["name"];
      CHECK_THAT(panels[k], Catch::Contains(fmt::format("<title id=\"{}-{}-title\">{}. {}</title>",
                                                        id, index_of(summary, name), k + 1, name)));
      CHECK(tick_labels(panels[k], "tick-x") == tick_labels(panels[0], "tick-x"));
      CHECK(tick_labels(panels[k], "tick-y") == tick_labels(panels[0], "tick-y"));
      CHECK(count_of(panels[k], "class=\"series faint\"") == 7);  // the others, in grey
    }
  }
  // Four variants stay on one chart.
  const auto duel = run_shipped(scratch, "battleship-round-robin", 200, "four");
  REQUIRE(duel.code == 0);
  const std::string four = read_file(scratch / "four" / "report.html");
  CHECK_FALSE(chart_svg(four, "metric-shots").empty());
  CHECK(four.find("class=\"multiples\"") == std::string::npos);
}
