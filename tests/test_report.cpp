// The HTML report: its template language, and that a run's report shows the
// run (charts present, no external resources) and can be regenerated.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.hpp"
#include "harness/output/report.hpp"
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
  for (const Json& v : Json::parse(read_file(dir / "summary.json"))["variants"]) {
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
