// A strategy that throws, breaks the rules or overruns limits.decision_ms
// loses that game by forfeit; the tournament goes on, results say why.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "engines/battleship/layout.hpp"
#include "engines/battleship/placements.hpp"
#include "engines/battleship/solo.hpp"
#include "engines/chinese_checkers/game.hpp"
#include "engines/go_fish/play.hpp"
#include "harness/cli/commands.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/plackett_luce.hpp"
#include "support/nim/nim_engine.hpp"

namespace fs = std::filesystem;
using arena::Fault;
using arena::StrategyFault;
using arena::testing::read_file;
using arena::testing::scratch;
using arena::testing::write_file;

namespace {

using Captured = arena::testing::Outcome;

// Runs `arena run` in this process (the registry has the test-only nim
// engine), with stdout and stderr captured.
Captured run_in_process(const fs::path& dir, const std::string& config, int threads = 2) {
  write_file(dir / "run.yaml", config);
  arena::RunOptions options;
  options.config_path = (dir / "run.yaml").string();
  options.out = (dir / "results").string();
  options.threads = threads;
  const arena::Registry registry = arena::testing::registry_with_nim();
  return arena::testing::captured(dir, [&] { return arena::run_command(options, registry); });
}

std::string nim_config(const std::string& faulty, const std::string& extra = "") {
  return "name: faulty\nengine: nim\nseed: 11\ngames: 1000\nplayers:\n"
         "  - {name: fine, strategy: random}\n"
         "  - {name: broken, strategy: " +
         faulty + "}\n" + extra;
}

// games.csv rows split into fields.
std::vector<std::vector<std::string>> csv_rows(const fs::path& path) {
  std::istringstream in(read_file(path));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');)
      fields.push_back(cell);
    if (!line.empty() && line.back() == ',') fields.emplace_back();
    rows.push_back(fields);
  }
  return rows;
}

void check_forfeits(const fs::path& dir, const std::string& reason) {
  const auto summary = nlohmann::json::parse(read_file(dir / "results" / "summary.json"));
  CHECK(summary["games"] == 1000);
  CHECK(summary["complete"] == true);
  const auto& fine = summary["variants"][0];
  const auto& broken = summary["variants"][1];
  const uint64_t forfeits = broken["forfeits"][reason];
  // 10% of the broken strategy's ~5 decisions a game fail: about 40% of games.
  CHECK(forfeits > 200);
  CHECK(forfeits < 700);
  for (const auto& [kind, count] : broken["forfeits"].items()) {
    if (kind != reason) CHECK(count == 0);
  }
  for (const auto& [kind, count] : fine["forfeits"].items())
    CHECK(count == 0);
  CHECK(fine["wins"].get<uint64_t>() >= forfeits);  // every forfeit is a win for the other seat
  // The metric counts only games that finished.
  CHECK(broken["metrics"]["takes"]["count"].get<uint64_t>() == 1000 - forfeits);

  const auto rows = csv_rows(dir / "results" / "games.csv");
  REQUIRE(rows.front() == std::vector<std::string>{"game", "variant", "seat", "rank", "outcome",
                                                   "takes", "forfeit"});
  uint64_t forfeit_rows = 0;
  for (size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    REQUIRE(row.size() == 7);
    if (row[6].empty()) continue;
    ++forfeit_rows;
    CHECK(row[6] == reason);
    CHECK(row[1] == "broken");
    CHECK(row[4] == "loss");
    CHECK(row[5].empty());
  }
  CHECK(forfeit_rows == forfeits);
}

}  // namespace

TEST_CASE("A strategy that throws forfeits those games and the tournament goes on") {
  const auto dir = scratch("forfeit-throws");
  const Captured run = run_in_process(dir, nim_config("throws"));
  INFO(run.err);
  REQUIRE(run.code == 0);
  check_forfeits(dir, "threw");
  CHECK(run.out.find("broken forfeited") != std::string::npos);  // under the variants' table
  CHECK(run.err.find("broken forfeits (threw): deliberate failure") != std::string::npos);
}

TEST_CASE("A strategy that makes an illegal move forfeits those games") {
  const auto dir = scratch("forfeit-illegal");
  const Captured run = run_in_process(dir, nim_config("illegal"));
  INFO(run.err);
  REQUIRE(run.code == 0);
  check_forfeits(dir, "illegal-move");
  CHECK(run.err.find("took 4 of") != std::string::npos);
}

TEST_CASE("A decision over limits.decision_ms forfeits its game and marks the run") {
  const auto dir = scratch("forfeit-slow");
  // 1 decision in 10 sleeps 20 ms against a 5 ms budget.
  const Captured run = run_in_process(dir, nim_config("slow", "limits: {decision_ms: 5}\n"));
  INFO(run.err);
  REQUIRE(run.code == 0);
  check_forfeits(dir, "over-budget");
  const auto summary = nlohmann::json::parse(read_file(dir / "results" / "summary.json"));
  CHECK(summary["deterministic"] == false);
  CHECK(summary["nondeterminism"].get<std::string>().find("limits.decision_ms") !=
        std::string::npos);
  CHECK(summary["limits"]["decision_ms"] == 5.0);
  CHECK(read_file(dir / "results" / "config.resolved.yaml").find("decision_ms: 5") !=
        std::string::npos);
}

TEST_CASE("Forfeits are the same whatever the thread count") {
  const auto one = scratch("forfeit-threads-1");
  const auto two = scratch("forfeit-threads-2");
  REQUIRE(run_in_process(one, nim_config("throws"), 1).code == 0);
  REQUIRE(run_in_process(two, nim_config("throws"), 2).code == 0);
  CHECK(read_file(one / "results" / "games.csv") == read_file(two / "results" / "games.csv"));
  const auto a = nlohmann::json::parse(read_file(one / "results" / "summary.json"));
  const auto b = nlohmann::json::parse(read_file(two / "results" / "summary.json"));
  CHECK(a["signature"] == b["signature"]);
  CHECK(a["variants"][1]["forfeits"] == b["variants"][1]["forfeits"]);
}

TEST_CASE("In a three-seat game the faulty seat ranks last and the others share first") {
  const auto dir = scratch("forfeit-three-seats");
  const Captured run = run_in_process(dir,
                                      "name: three\nengine: nim\nseed: 3\ngames: 600\n"
                                      "rules: {players: 3}\nplayers:\n"
                                      "  - {name: a, strategy: random}\n"
                                      "  - {name: b, strategy: random}\n"
                                      "  - {name: broken, strategy: illegal}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto rows = csv_rows(dir / "results" / "games.csv");
  // Rows come three per game; in a forfeited game the faulty row has rank 3, the others 1.
  int forfeited = 0;
  for (size_t i = 1; i + 2 < rows.size(); i += 3) {
    int faulty = 0;
    int firsts = 0;
    for (size_t k = i; k < i + 3; ++k) {
      faulty += rows[k][6] == "illegal-move";
      firsts += rows[k][3] == "1";
      CHECK(rows[k][2] == std::to_string(k - i));  // the seat: rows are in seat order
    }
    if (faulty == 0) continue;
    ++forfeited;
    CHECK(faulty == 1);
    CHECK(firsts == 2);
  }
  CHECK(forfeited > 100);
}

namespace {

// The column of games.csv named `name` (by its header, whatever the order).
size_t column(const std::vector<std::vector<std::string>>& rows, const std::string& name) {
  const auto& header = rows.front();
  const auto at = std::find(header.begin(), header.end(), name);
  REQUIRE(at != header.end());
  return static_cast<size_t>(at - header.begin());
}

// Every game of games.csv as a finishing order (seats by rank, a forfeit's
// faulty seat included where its rank puts it), as FinishingOrders reads one.
arena::FinishingOrders orders_of_rows(const std::vector<std::vector<std::string>>& rows,
                                      const std::vector<std::string>& names) {
  const size_t game = column(rows, "game"), variant = column(rows, "variant"),
               rank = column(rows, "rank"), forfeit = column(rows, "forfeit");
  arena::FinishingOrders orders(static_cast<int>(names.size()));
  std::vector<arena::SeatResult> seats;
  for (size_t i = 1; i < rows.size(); ++i) {
    arena::SeatResult s;
    s.variant =
        static_cast<int>(std::find(names.begin(), names.end(), rows[i][variant]) - names.begin());
    s.rank = std::stoi(rows[i][rank]);
    if (!rows[i][forfeit].empty()) {
      s.outcome = arena::Outcome::kLoss;
      s.fault = Fault::kThrew;
    }
    seats.push_back(s);
    if (i + 1 == rows.size() || rows[i + 1][game] != rows[i][game]) {
      orders.add(seats);
      seats.clear();
    }
  }
  return orders;
}

}  // namespace

// The case: a strategy that forfeits often at a three-seat table. Its
// games with a forfeit are finishing orders (the faulty seat last) and the
// Plackett-Luce ratings of summary.json count every one of them.
TEST_CASE("Plackett-Luce ratings count every game of a table, forfeits included") {
  const auto dir = scratch("forfeit-plackett-luce");
  const Captured run =
      run_in_process(dir,
                     "name: three\nengine: nim\nseed: 5\ngames: 1200\n"
                     "rules: {players: 3}\nplayers:\n"
                     "  - {name: a, strategy: random}\n"
                     "  - {name: best, strategy: optimal}\n"
                     "  - {name: broken, strategy: throws, params: {rate: 0.2}}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto summary = nlohmann::json::parse(read_file(dir / "results" / "summary.json"));
  CHECK(summary["variants"][2]["forfeits"]["threw"].get<uint64_t>() > 300);
  const auto orders =
      orders_of_rows(csv_rows(dir / "results" / "games.csv"), {"a", "best", "broken"});
  CHECK(orders.choices().size() > 1);
  const auto fitted = arena::plackett_luce(orders, 3, arena::RatingAnchor::kFirst, 1.0);
  const auto& table = summary["ratings_plackett_luce"]["table"];
  REQUIRE(table.size() == 3);
  for (const auto& row : table) {
    const int v = row["name"] == "a" ? 0 : row["name"] == "best" ? 1 : 2;
    INFO(row.dump());
    CHECK(row["rating"].get<double>() == Approx(fitted[v].rating).margin(1e-6));
    CHECK(row["ci95"].get<double>() == Approx(fitted[v].ci95).margin(1e-6));
  }
  CHECK(table[2]["name"] == "broken");  // last: it lost every game it forfeited
}

TEST_CASE("An anchor that forfeits every game is rated, below all, and the others get intervals") {
  const auto dir = scratch("forfeit-anchor");
  const Captured run = run_in_process(dir,
                                      "name: three\nengine: nim\nseed: 5\ngames: 600\n"
                                      "rules: {players: 3}\nplayers:\n"
                                      "  - {name: broken, strategy: throws, params: {rate: 1}}\n"
                                      "  - {name: a, strategy: random}\n"
                                      "  - {name: b, strategy: random}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto summary = nlohmann::json::parse(read_file(dir / "results" / "summary.json"));
  CHECK(summary["variants"][0]["forfeits"]["threw"] == 600);
  for (const char* model : {"ratings", "ratings_plackett_luce"}) {
    INFO(model);
    const auto& ratings = summary[model];
    REQUIRE(ratings.is_object());
    CHECK(ratings["anchor"] == "first");
    for (const auto& row : ratings["table"]) {
      INFO(row.dump());
      REQUIRE(row["rating"].is_number());
      if (row["name"] == "broken") {
        CHECK(row["rating"] == 0.0);
        CHECK(row["rank"] == 3);
      } else {
        CHECK(row["rating"].get<double>() > 200);
        CHECK(row["ci95"].get<double>() > 0);
      }
    }
  }
  CHECK_THAT(run.out, Catch::Contains("rating: Plackett-Luce, broken = 0"));
}

TEST_CASE("Forfeit counts survive a checkpoint") {
  arena::RunStats stats(2, 1);
  arena::SeatResult faulty = arena::SeatResult::forfeited(1, Fault::kOverBudget, 2);
  arena::SeatResult other{0, 1, {}, arena::Outcome::kByRank, 0};
  other.has_metrics = false;
  const std::vector<arena::SeatResult> game = {other, faulty};
  stats.add_game(game);
  const arena::RunStats back = arena::RunStats::from_json(stats.to_json());
  CHECK(back.variant(1).forfeits[static_cast<size_t>(Fault::kOverBudget)] == 1);
  CHECK(back.variant(1).record.losses == 1);
  CHECK(back.variant(0).record.wins == 1);
  CHECK(back.variant(0).metrics[0].count() == 0);
}

TEST_CASE("The latency recorder turns a throw into kThrew and an overrun into kOverBudget") {
  std::vector<arena::LatencyHistogram> histograms(4 * arena::kMaxPhases);
  arena::LatencyRecorder recorder(histograms, 1'000'000);  // 1 ms
  CHECK(recorder.decide(2, [] { return 7; }) == 7);
  try {
    recorder.decide(3, []() -> int { throw std::out_of_range("no such cell"); });
    FAIL("no fault");
  } catch (const StrategyFault& fault) {
    CHECK(fault.who() == 3);
    CHECK(fault.fault() == Fault::kThrew);
    CHECK(std::string(fault.what()) == "no such cell");
  }
  try {
    recorder.decide(1, [] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      return 0;
    });
    FAIL("no fault");
  } catch (const StrategyFault& fault) {
    CHECK(fault.who() == 1);
    CHECK(fault.fault() == Fault::kOverBudget);
  }
}

namespace {

// A timer that passes every decision through, then replaces seat `who`'s
// choice with `replacement`: a strategy that breaks the rules.
struct TamperingTimer {
  int who;
  int replacement;
  template <class F>
  int decide(int seat, F&& f) {
    const int choice = f();
    return seat == who ? replacement : choice;
  }
  template <class F>
  int decide(int seat, int /*phase*/, F&& f) {
    return decide(seat, std::forward<F>(f));
  }
};

template <class Play>
void check_illegal_move_names(int who, Play&& play) {
  try {
    play();
    FAIL("the illegal move was accepted");
  } catch (const StrategyFault& fault) {
    CHECK(fault.who() == who);
    CHECK(fault.fault() == Fault::kIllegalMove);
  }
}

}  // namespace

TEST_CASE("Each shipped engine reports an illegal move as the mover's fault") {
  SECTION("Chinese Checkers") {
    namespace cc = arena::chinese_checkers;
    std::vector<cc::AnyPlayer> seats = {cc::RandomPlayer{}, cc::RandomPlayer{}};
    std::vector<arena::Rng> rngs = {arena::Rng(1), arena::Rng(2)};
    const std::vector<int> who = {4, 9};
    TamperingTimer timer{9, cc::encode(cc::Move{0, 0})};
    check_illegal_move_names(9, [&] {
      cc::play_game(cc::Rules{}, std::span(seats), std::span(rngs), timer,
                    std::span<const int>(who));
    });
  }
  SECTION("Go Fish") {
    namespace gf = arena::go_fish;
    std::vector<gf::AnyPlayer> seats = {gf::RandomPlayer{}, gf::RandomPlayer{}};
    std::vector<arena::Rng> rngs = {arena::Rng(1), arena::Rng(2)};
    arena::Rng deal(3);
    const std::vector<int> who = {5, 6};
    // An ask of seat 5 to itself is never legal.
    TamperingTimer timer{5, gf::encode(gf::Ask{0, 0})};
    check_illegal_move_names(5, [&] {
      gf::play_game(gf::Rules{}, std::span(seats), deal, std::span(rngs), timer,
                    std::span<const int>(who));
    });
  }
  SECTION("Battleship") {
    namespace bs = arena::battleship;
    struct OffBoard {
      int choose(arena::Rng&) { return 100; }
      void observe(int, bs::ShotResult) {}
    } shooter;
    const bs::Rules rules;
    arena::Rng rng(1);
    const bs::PlacementTable table(rules);
    const bs::Ocean ocean(rules, bs::sample_uniform_layout(table, rng));
    arena::NullTimer timer;
    check_illegal_move_names(7, [&] { bs::play_solo(rules, ocean, shooter, rng, timer, 7); });
  }
}
