// arena train and the q-learning strategy: registered, its policy file
// round-trips, training is the same bit for bit at any thread count and after
// kill -9 and --resume, it learns, and bad configs name file:line:col and key.
#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "engines/go_fish/strategies.hpp"
#include "harness/adapters/adapters.hpp"

namespace fs = std::filesystem;
using arena::testing::arena_cli;
using arena::testing::kill_when;
using arena::testing::kSanitizerBuild;
using arena::testing::Outcome;
using arena::testing::read_file;
using arena::testing::scratch;
using arena::testing::write_file;
using Json = nlohmann::json;
namespace gf = arena::go_fish;

namespace {

const char* kPlayers = R"(engine: go-fish
seed: 7
players:
  - {name: learner, strategy: q-learning}
  - {name: random, strategy: random}
  - {name: belief, strategy: belief}
)";

// A config named `name` training for `games` games, `extra` lines added to its train section.
std::string train_config(const std::string& name, int games, const std::string& extra = "") {
  return "name: " + name + "\n" + kPlayers +
         "train:\n  variant: learner\n  opponents: [self, random, belief]\n  games: " +
         std::to_string(games) +
         "\n  batch: 500\n  start: zero\n"
         "  evaluate: {against: [random], seats: 3, games: 1200, every: 2000}\n" +
         extra;
}

Outcome train(const fs::path& dir, const std::string& config, const std::string& out,
              const std::string& flags = "") {
  return arena_cli(
      "train " + (dir / config).string() + " --quiet --out " + (dir / out).string() + " " + flags,
      dir);
}

// train.json without its timing.
Json untimed_training(const fs::path& dir) {
  Json j = Json::parse(read_file(dir / "train.json"));
  j.erase("timing");
  return j;
}

void require_same_training(const fs::path& a, const fs::path& b) {
  for (const char* file : {"policy.json", "learning_curve.csv", "config.trained.yaml"}) {
    INFO(file);
    REQUIRE(read_file(a / file) == read_file(b / file));
  }
  REQUIRE(untimed_training(a) == untimed_training(b));
}

}  // namespace

TEST_CASE("q-learning is a registered go-fish strategy that arena list shows") {
  const arena::Registry registry = arena::make_registry();
  const auto* engine = registry.find("go-fish");
  REQUIRE(engine != nullptr);
  CHECK(engine->find_strategy("q-learning") != nullptr);
  const Outcome list = arena_cli("list", scratch("train-list"));
  CHECK(list.code == 0);
  CHECK_THAT(list.out, Catch::Contains("q-learning") && Catch::Contains("policy") &&
                           Catch::Contains("exploration"));
}

TEST_CASE("a policy file round-trips every value exactly and its player reads it") {
  gf::QTable table = gf::QTable::zero();
  for (int key = 0; key < gf::kQKeys; key += 7)
    table.update(key, 1.0 / (key + 3), 0.1 + 1e-13 * key);
  const Json written = table.to_json({{"note", "test"}});
  CHECK(gf::QTable::from_json(Json::parse(written.dump())) == table);

  const fs::path dir = scratch("train-policy");
  write_file(dir / "policy.json", written.dump());
  arena::ParamSet params = arena::defaults_of(gf::QLearningPlayer::info().params);
  params.set("policy", (dir / "policy.json").string());
  const gf::QLearningParams read = gf::QLearningPlayer::params_from(params);
  REQUIRE(read.table != nullptr);
  CHECK(*read.table == table);

  Json other = written;
  other["features"][0]["buckets"].push_back("4+");
  CHECK_THROWS_AS(gf::QTable::from_json(other), std::invalid_argument);
  params.set("policy", (dir / "missing.json").string());
  CHECK_THROWS_WITH(gf::QLearningPlayer::params_from(params), Catch::Contains("missing.json"));
}

TEST_CASE("training is the same bit for bit at 1 and 2 threads") {
  const fs::path dir = scratch("train-threads");
  write_file(dir / "t.yaml", train_config("t", 4000));
  REQUIRE(train(dir, "t.yaml", "one", "--threads 1").code == 0);
  REQUIRE(train(dir, "t.yaml", "two", "--threads 2").code == 0);
  require_same_training(dir / "one", dir / "two");
  CHECK(Json::parse(read_file(dir / "two" / "train.json"))["timing"]["threads"] == 2);
}

TEST_CASE("extra points of the learning curve add rows and change nothing learnt") {
  const fs::path dir = scratch("train-points");
  write_file(dir / "plain.yaml", train_config("plain", 4000));
  std::string dense = train_config("dense", 4000);
  const std::string every = "every: 2000}";
  dense.replace(dense.find(every), every.size(), "every: 2000, at: [500, 1500]}");
  write_file(dir / "dense.yaml", dense);
  REQUIRE(train(dir, "plain.yaml", "plain").code == 0);
  REQUIRE(train(dir, "dense.yaml", "dense").code == 0);
  const Json plain_policy = Json::parse(read_file(dir / "plain" / "policy.json"));
  const Json dense_policy = Json::parse(read_file(dir / "dense" / "policy.json"));
  CHECK(plain_policy["q"] == dense_policy["q"]);
  CHECK(plain_policy["visits"] == dense_policy["visits"]);
  std::vector<uint64_t> points;
  const Json report = Json::parse(read_file(dir / "dense" / "train.json"));
  for (const Json& p : report["curve"])
    points.push_back(p["games"].get<uint64_t>());
  CHECK(points == std::vector<uint64_t>{0, 500, 1500, 2000, 4000});
  // The points the two share are the same.
  const std::string dense_csv = read_file(dir / "dense" / "learning_curve.csv");
  for (const char* line : {"\n2000,random,3,1200,", "\n4000,random,3,1200,"}) {
    const std::string plain_csv = read_file(dir / "plain" / "learning_curve.csv");
    const auto row = [&](const std::string& csv) {
      const size_t at = csv.find(line);
      REQUIRE(at != std::string::npos);
      return csv.substr(at, csv.find('\n', at + 1) - at);
    };
    CHECK(row(plain_csv) == row(dense_csv));
  }
}

TEST_CASE("training killed with -9 resumes to the table of uninterrupted training") {
  const fs::path dir = scratch("train-kill");
  // 40 generations (12 in a sanitizer build), a checkpoint after each.
  write_file(dir / "long.yaml",
             train_config("long", kSanitizerBuild ? 6000 : 20000, "  checkpoint_every: 0\n"));
  REQUIRE(train(dir, "long.yaml", "whole", "--seed 11").code == 0);
  // Killed once a checkpoint past the first generation is on disk.
  kill_when("train long.yaml --quiet --seed 11 --out part",
            "grep -qs '\"next_game\":[1-9]' .part.partial/checkpoint.json", dir);
  REQUIRE(fs::exists(dir / ".part.partial" / "checkpoint.json"));  // killed mid-training
  CHECK_FALSE(fs::exists(dir / "part"));
  const Outcome reseeded = train(dir, "long.yaml", "part", "--resume --seed 12");
  CHECK(reseeded.code == 2);
  CHECK_THAT(reseeded.err, Catch::Contains("--seed was 11, now 12"));
  // Without --seed it goes on with the seed it began with, not the config's.
  const Outcome resumed = train(dir, "long.yaml", "part", "--resume --threads 1");
  REQUIRE(resumed.code == 0);
  require_same_training(dir / "whole", dir / "part");
  CHECK_FALSE(fs::exists(dir / ".part.partial"));
  const Outcome again = train(dir, "long.yaml", "part", "--resume");
  CHECK(again.code == 0);  // already complete: nothing to do
  CHECK_THAT(again.err, Catch::Contains("already complete"));
}

// The untrained table (all zeros: every ask ties, so it asks uniformly) wins
// about 1/3 of three-seat games against two random players; 6,000 training
// games lift it far above: on the same 1,200 fixed deals (a 95% interval is
// about +-2.7 points wide each side) the share must rise by 15 points at
// least and the two intervals must not overlap.
TEST_CASE("a short training beats the untrained table against random players") {
  const fs::path dir = scratch("train-learns");
  write_file(dir / "t.yaml", train_config("t", 6000));
  REQUIRE(train(dir, "t.yaml", "out").code == 0);
  const Json j = Json::parse(read_file(dir / "out" / "train.json"));
  const Json& before = j["untrained"][0];
  const Json& after = j["trained"][0];
  REQUIRE(before["games"] == 0);
  REQUIRE(after["games"] == 6000);
  WARN("against random: untrained " << before["win_share"] << ", trained " << after["win_share"]);
  CHECK(before["win_share"].get<double>() == Approx(1.0 / 3).margin(0.05));
  CHECK(after["win_share"].get<double>() > before["win_share"].get<double>() + 0.15);
  CHECK(after["win_share_ci95"][0].get<double>() > before["win_share_ci95"][1].get<double>());
  // The results folder: what docs/training.md lists, and a runnable trained config.
  for (const char* file : {"policy.json", "train.json", "learning_curve.csv", "report.html",
                           "config.trained.yaml", "config.resolved.yaml"})
    CHECK(fs::exists(dir / "out" / file));
  const Outcome run = arena_cli("run " + (dir / "out" / "config.trained.yaml").string() +
                                    " --quiet --games 6 --out " + (dir / "run").string(),
                                dir);
  CHECK(run.code == 0);
}

TEST_CASE("bad train configs exit 2 with one line naming file line column and key") {
  const fs::path dir = scratch("train-bad");
  struct Case {
    const char* what;
    std::string text;
    const char* expected;  // "LINE:COL: key: start of message"
  };
  const std::string head = std::string("name: bad\n") + kPlayers + "train:\n";
  const Case cases[] = {
      {"unknown key", head + "  variant: learner\n  gmaes: 3\n",
       "10:3: train.gmaes: unknown key 'gmaes' in train (did you mean 'games'?)"},
      {"learner not q-learning", head + "  variant: belief\n",
       "9:12: train.variant: player 'belief' plays 'belief'"},
      {"unknown opponent", head + "  variant: learner\n  opponents: [self, psychic]\n",
       "10:21: train.opponents[1]: no player named 'psychic'"},
      {"games and batch", head + "  variant: learner\n  games: 1500\n  batch: 1000\n",
       "10:10: train.games: must be a multiple of train.batch (1000)"},
      {"evaluation point past the last game",
       head + "  variant: learner\n  games: 2000\n  batch: 500\n  evaluate: {at: [500, 2500]}\n",
       "12:24: train.evaluate.at[1]: is past the last training game (2000)"},
      {"evaluation points not ascending",
       head + "  variant: learner\n  games: 2000\n  batch: 500\n  evaluate: {at: [1000, 500]}\n",
       "12:25: train.evaluate.at[1]: must be above 1000 (ascending)"},
      {"discount out of range", head + "  variant: learner\n  discount: 1.5\n",
       "10:13: train.discount: value 1.5 is out of range [0, 1]"},
      {"no train section", std::string("name: bad\n") + kPlayers,
       "1:1: train: missing required key"},
      {"unreadable policy",
       "name: bad\nengine: go-fish\nplayers:\n  - {name: learner, strategy: q-learning, params: "
       "{policy: nowhere.json}}\n  - {strategy: random}\ntrain: {variant: learner}\n",
       "4:51: players[0].params: policy file"},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      const fs::path config = dir / "bad.yaml";
      write_file(config, c.text);
      const Outcome run = train(dir, "bad.yaml", "out");
      CHECK(run.code == 2);
      INFO(run.err);
      CHECK(run.err.rfind(config.string() + ":" + c.expected, 0) == 0);
      CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
      CHECK_FALSE(fs::exists(dir / "out"));
    }
  }
}
