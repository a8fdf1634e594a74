// The runner: same results whatever the thread count; games replayable alone.
#include <catch2/catch.hpp>

#include <atomic>

#include <array>
#include <cstdio>
#include <sstream>
#include <string>

#include <sys/resource.h>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/runner.hpp"
#include "play_config.hpp"

using namespace arena;

namespace {

using testing::Played;

Played play(const std::string& yaml, uint64_t games, int threads) {
  return testing::play_config(yaml, threads, games);
}

const char* kTwoShooters = R"(name: t
engine: battleship
seed: 99
players:
  - {name: a, strategy: random}
  - {name: b, strategy: random}
)";

void require_same(const RunStats& x, const RunStats& y) {
  REQUIRE(x.games() == y.games());
  for (int v = 0; v < x.variants(); ++v) {
    REQUIRE(x.variant(v).record.wins == y.variant(v).record.wins);
    REQUIRE(x.variant(v).record.draws == y.variant(v).record.draws);
    REQUIRE(x.variant(v).metrics[0].counts() == y.variant(v).metrics[0].counts());
    REQUIRE(x.latency(v).count() == y.latency(v).count());
  }
}

}  // namespace

TEST_CASE("results and rows are identical with 1 or 2 or 8 threads") {
  const Played one = play(kTwoShooters, 5000, 1);
  for (int threads : {2, 8}) {
    const Played many = play(kTwoShooters, 5000, threads);
    require_same(one.stats, many.stats);
    REQUIRE(one.rows == many.rows);
  }
  CHECK(one.stats.games() == 5000);
  CHECK(one.stats.variant(0).games == 5000);
}

TEST_CASE("rows come in game-index order with one per variant and game") {
  const Played p = play(kTwoShooters, 300, 4);
  uint64_t expected_game = 0;
  int line = 0;
  size_t start = 0;
  while (start < p.rows.size()) {
    const size_t end = p.rows.find('\n', start);
    const std::string row = p.rows.substr(start, end - start);
    REQUIRE(std::stoull(row) == expected_game);
    REQUIRE(row.find(line % 2 == 0 ? ",a," : ",b,") != std::string::npos);
    if (++line % 2 == 0) ++expected_game;
    start = end + 1;
  }
  CHECK(expected_game == 300);
}

TEST_CASE("every per-game stream is the same whatever the thread count, each game in order") {
  static const Registry registry = make_registry();
  const RunConfig config =
      parse_config(std::string(kTwoShooters) + "output: {moves: all}\n", "t.yaml", registry);
  std::array<StreamTexts, 2> by_threads;
  for (int i = 0; i < 2; ++i) {
    PreparedRun run = prepare_run(registry, config, *config.seed, i == 0 ? 1 : 3);
    run.plan.games = 200;
    MemoryWriter out;
    run_games(*run.match, run.plan, &out, nullptr);
    by_threads[i] = out.texts;
  }
  CHECK(by_threads[0] == by_threads[1]);
  // The rows stream is what games.csv holds; the moves stream one line per game, in order.
  CHECK(text_of(by_threads[0], GameStream::kRows) == play(kTwoShooters, 200, 2).rows);
  std::istringstream moves(text_of(by_threads[0], GameStream::kMoves));
  std::string line;
  uint64_t game = 0;
  while (std::getline(moves, line))
    CHECK(nlohmann::json::parse(line)["game"] == game++);
  CHECK(game == 200);
}

TEST_CASE("each stream goes to the file its output setting names") {
  OutputConfig output;
  const auto file = [&](GameStream s) { return stream_file(s, output); };
  CHECK(file(GameStream::kRows).name == "games.csv");
  CHECK(file(GameStream::kRows).header);
  CHECK_FALSE(file(GameStream::kRows).gzip);
  CHECK(file(GameStream::kMoves).name == kMovesFile);  // forfeited games' moves by default
  CHECK(file(GameStream::kMoves).gzip);
  output.games_csv = GamesCsv::kGzip;
  output.moves = MovesRecord::kNone;
  CHECK(file(GameStream::kRows).name == "games.csv.gz");
  CHECK(file(GameStream::kRows).gzip);
  CHECK(file(GameStream::kMoves).name.empty());
  output.games_csv = GamesCsv::kNone;
  CHECK(file(GameStream::kRows).name.empty());
}

TEST_CASE("a game depends only on its index: a longer run starts with the shorter one") {
  const Played short_run = play(kTwoShooters, 200, 2);
  const Played long_run = play(kTwoShooters, 700, 3);
  REQUIRE(long_run.rows.substr(0, short_run.rows.size()) == short_run.rows);
}

TEST_CASE("every decision is timed") {
  const Played p = play(kTwoShooters, 100, 2);
  uint64_t shots = 0;
  const auto& counts = p.stats.variant(0).metrics[0].counts();
  for (size_t v = 0; v < counts.size(); ++v)
    shots += v * counts[v];
  CHECK(p.stats.latency(0).count() == shots);
}

TEST_CASE("Battleship decisions are split into hunt and target phases") {
  const Played p = play(kTwoShooters, 100, 2);
  const auto hunt = p.stats.latency(0, 0).count();
  const auto target = p.stats.latency(0, 1).count();
  CHECK(hunt + target == p.stats.latency(0).count());
  // Every ship is found by a hunt shot; a random shooter then keeps firing at
  // random, so some of its shots fall while a ship is hit but afloat.
  CHECK(hunt >= 100 * 5);
  CHECK(target > 0);
  CHECK(p.stats.latency(0, 2).count() == 0);  // Battleship has two phases
}

TEST_CASE("block sizes keep every worker busy and stay bounded") {
  CHECK(block_size(10, 8) == 1);
  CHECK(block_size(1'000'000'000, 2) == 512);
  CHECK(block_size(64'000, 2) == 512);
  CHECK(block_size(6'400, 2) == 100);
}

namespace {

// A match whose games cost nothing, to run millions of them quickly.
class CountingMatch final : public Match {
 public:
  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  uint64_t game_count() const override { return 0; }  // the plan gives the count
  void play(uint64_t game, GameSink& sink, SeriesMemory* /*memory*/) const override {
    sink.add(SeatResult{0, 1, {static_cast<int64_t>(game % 100)}});
  }

 private:
  std::vector<MetricSpec> metrics_ = {{"value", "", ""}};
};

long peak_rss_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace

// AddressSanitizer keeps freed memory in quarantine and ThreadSanitizer
// grows shadow memory, so peak RSS says nothing under either.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ARENA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ARENA_SANITIZED 1
#endif
#endif

TEST_CASE("memory stays flat in the number of games: rows are streamed not held") {
#ifdef ARENA_SANITIZED
  SUCCEED("not measured under a sanitizer");
  return;
#endif
  const CountingMatch match;
  std::FILE* rows = std::fopen("/dev/null", "wb");
  REQUIRE(rows);
  const RunStats warmup = run_games(
      match, RunPlan{.games = 200'000, .threads = 2, .variant_names = {"v"}}, rows, nullptr);
  const long before = peak_rss_kb();
  const RunStats big = run_games(
      match, RunPlan{.games = 4'000'000, .threads = 2, .variant_names = {"v"}}, rows, nullptr);
  const long after = peak_rss_kb();
  std::fclose(rows);
  CHECK(big.games() == 4'000'000);
  CHECK(big.variant(0).metrics[0].count() == 4'000'000);
  // Holding 4 million rows would take over 40 MB; streaming adds nothing.
  INFO("peak RSS before " << before << " kB, after " << after << " kB");
  CHECK(after - before < 4096);
}

namespace {

// A one-seat match that declares `metrics` metrics and `phases` phases.
class DeclaringMatch final : public Match {
 public:
  DeclaringMatch(size_t metrics, size_t phases)
      : metrics_(metrics, MetricSpec{"m", "", ""}), phases_(phases, "p") {
    for (size_t i = 0; i < metrics_.size(); ++i)
      metrics_[i].name = "m" + std::to_string(i);
  }
  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  std::vector<std::string> phases() const override { return phases_; }
  uint64_t game_count() const override { return 10; }
  void play(uint64_t /*game_index*/, GameSink& sink, SeriesMemory* /*memory*/) const override {
    SeatResult seat;
    for (size_t i = 0; i < std::min<size_t>(metrics_.size(), kMaxMetrics); ++i)
      seat.metrics[i] = static_cast<int64_t>(i);
    sink.add(seat);
  }

 private:
  std::vector<MetricSpec> metrics_;
  std::vector<std::string> phases_;
};

RunStats run_declaring(size_t metrics, size_t phases) {
  const DeclaringMatch match(metrics, phases);
  RunPlan plan{.games = 10, .threads = 2, .variant_names = {"only"}};
  return run_games(match, plan, nullptr, nullptr);
}

}  // namespace

TEST_CASE("a match declaring more metrics or phases than a game stores is rejected") {
  CHECK(run_declaring(kMaxMetrics, kMaxPhases).games() == 10);
  CHECK_THROWS_WITH(run_declaring(kMaxMetrics + 1, 0),
                    Catch::Contains("declares 5 metrics") && Catch::Contains("kMaxMetrics"));
  CHECK_THROWS_WITH(run_declaring(1, kMaxPhases + 1),
                    Catch::Contains("declares 4 decision phases") && Catch::Contains("kMaxPhases"));
}

namespace {

// A match that raises the run's interrupt flag when it plays game `at`.
class InterruptingMatch final : public Match {
 public:
  InterruptingMatch(std::atomic<bool>& flag, uint64_t at, uint64_t series)
      : flag_(flag), at_(at), series_(series) {}
  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  uint64_t game_count() const override { return 0; }
  uint64_t series_length() const override { return series_; }
  void play(uint64_t game, GameSink& sink, SeriesMemory* /*memory*/) const override {
    if (game == at_) flag_.store(true);
    sink.add(SeatResult{0, 1, {static_cast<int64_t>(game)}});
  }

 private:
  std::atomic<bool>& flag_;
  uint64_t at_;
  uint64_t series_;
  std::vector<MetricSpec> metrics_ = {{"game", "", ""}};
};

}  // namespace

// A block holds up to 512 games: an interrupt must not wait for all of them
// (with slow programs that is minutes), only for the series in progress.
TEST_CASE("an interrupt ends the games in flight at their series boundary") {
  for (const uint64_t series : {uint64_t{1}, uint64_t{4}}) {
    std::atomic<bool> flag{false};
    const InterruptingMatch match(flag, 10, series);
    RunPlan plan{.games = 100'000, .threads = 1, .variant_names = {"v"}};
    plan.interrupt = &flag;
    REQUIRE(block_size(plan.games / series, 1) * series >= 512);  // game 10 is mid-block
    const RunStats stats = run_games(match, plan, nullptr, nullptr);
    INFO("series of " << series);
    CHECK(stats.games() == (series == 1 ? 11 : 12));  // games 0..10, or the series 8..11
    CHECK(stats.variant(0).metrics[0].max() == static_cast<int64_t>(stats.games() - 1));
  }
}
