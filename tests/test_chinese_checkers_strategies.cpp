// Chinese Checkers strategies: legal moves in whole games for every player
// count, a one-move win is always found, same seed gives the same game.
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engines/chinese_checkers/game.hpp"
#include "engines/core/explain.hpp"
#include "engines/core/zeroed_array.hpp"
#include "strategy_settings.hpp"

using namespace arena;
using namespace arena::chinese_checkers;

namespace {

// Records every decision (the Move a strategy returned) in order.
// Records who chose which move (decisions arrive encoded, see game.hpp).
struct RecordingTimer {
  std::vector<std::pair<int, Move>> moves;
  template <class F>
  auto decide(int who, int /*phase*/, F&& f) {
    const int code = f();
    moves.push_back({who, decode(code)});
    return code;
  }
};

// Every strategy at every setting it declares, cheap enough for whole games.
std::vector<std::pair<std::string, AnyPlayer>> all_strategies() {
  return arena::testing::every_setting<Strategies>();
}

// One game with `player` in every seat; returns the decisions.
RecordingTimer play(const AnyPlayer& player, int players, int max_plies, uint64_t seed) {
  Rules rules;
  rules.players = players;
  rules.max_plies = max_plies;
  std::vector<AnyPlayer> seats(static_cast<size_t>(players), player);
  std::vector<Rng> rngs;
  std::vector<int> who;
  for (int s = 0; s < players; ++s) {
    rngs.emplace_back(derive_seed(seed, 0, 0, player_purpose(static_cast<uint64_t>(s))));
    who.push_back(s);
  }
  RecordingTimer timer;
  play_game(rules, std::span(seats), std::span(rngs), timer, std::span<const int>(who));
  return timer;
}

// Seat 0 needs one more piece in its goal (triangle 3): nine are there, the
// tenth reaches the last hole (-5, 2) only by a two-hop chain from (-1, 2)
// over seat 1's pieces on (-2, 2) and (-4, 2). The other seats sit at home,
// except the one whose home is triangle 3, which waits in the hexagon.
State one_move_from_winning(int players) {
  Rules rules;
  rules.players = players;
  const Board& b = board();
  std::array<Bitboard, kMaxPlayers> pieces{};
  pieces[0] = b.triangle_mask(3);
  pieces[0].reset(b.hole_at(-5, 2));
  pieces[0].set(b.hole_at(-1, 2));
  Bitboard waiting;  // rows z = 3 and z = 4 of the hexagon, left part
  for (int x = -4; x <= 0; ++x)
    waiting.set(b.hole_at(x, -x - 4));
  for (int x = -4; x <= 0; ++x)
    waiting.set(b.hole_at(x, -x - 3));
  for (int s = 1; s < players; ++s)
    pieces[s] =
        home_triangle(players, s) == 3 ? waiting : b.triangle_mask(home_triangle(players, s));
  pieces[1].reset(pieces[1].lowest());
  pieces[1].reset(pieces[1].lowest());
  pieces[1].set(b.hole_at(-2, 2));
  pieces[1].set(b.hole_at(-4, 2));
  return State::from_pieces(rules, std::span(pieces.data(), players), 0);
}

}  // namespace

TEST_CASE("The one-move-win position is sound") {
  for (const int players : {2, 3, 6}) {
    const State s = one_move_from_winning(players);
    REQUIRE(!s.finished(0));
    REQUIRE(s.pieces(0).count() == 10);
    for (int seat = 1; seat < players; ++seat)
      REQUIRE(s.pieces(seat).count() == 10);
    State after = s;
    const Move win{static_cast<uint8_t>(board().hole_at(-1, 2)),
                   static_cast<uint8_t>(board().hole_at(-5, 2))};
    REQUIRE(is_legal(s, win));
    after.apply(win);
    REQUIRE(after.finished(0));
  }
}

TEST_CASE("Every strategy finds a one-move win") {
  for (const int players : {2, 3, 6}) {
    const State s = one_move_from_winning(players);
    for (auto& [name, player] : all_strategies()) {
      if (name == "random") continue;
      Rng rng(5);
      const Move m = choose_move(player, s, rng);
      State after = s;
      REQUIRE(is_legal(s, m));
      after.apply(m);
      INFO(name << " with " << players << " players");
      CHECK(after.finished(0));
    }
  }
}

TEST_CASE("Every strategy plays only legal moves in whole games for 2 3 4 and 6 players") {
  // play_game throws on an illegal choice.
  for (auto& [name, player] : all_strategies())
    for (const int players : {2, 3, 4, 6}) {
      INFO(name << " with " << players << " players");
      const int plies = name.rfind("mcts", 0) == 0 || name == "alphabeta" ? 40 : 150;
      CHECK_NOTHROW(play(player, players, plies, 7));
    }
}

TEST_CASE("The same seed gives the same game for every depth or iteration limited strategy") {
  for (auto& [name, player] : all_strategies()) {
    INFO(name);
    const int plies = name.rfind("mcts", 0) == 0 ? 60 : 200;
    const auto first = play(player, 2, plies, 42).moves;
    const auto second = play(player, 2, plies, 42).moves;
    REQUIRE(first.size() == second.size());
    CHECK(first == second);
    const auto other = play(player, 2, plies, 43).moves;
    if (name == "random") CHECK(first != other);  // seeds reach the strategies
  }
}

TEST_CASE("Greedy and search strategies beat random in short 2-player races") {
  // After 60 plies each, a purposeful strategy has its pieces far nearer the
  // goal than random play does.
  Rules rules;
  rules.max_plies = 120;
  // Full settings: the quick 60 MCTS iterations barely visit each root move once.
  for (auto& [name, player] : arena::testing::every_setting<Strategies>(false)) {
    if (name == "random") continue;
    INFO(name);
    std::vector<AnyPlayer> seats = {player, AnyPlayer{RandomPlayer{}}};
    std::vector<Rng> rngs = {Rng(1), Rng(2)};
    const std::vector<int> who = {0, 1};
    NullTimer timer;
    const GameResult r =
        play_game(rules, std::span(seats), std::span(rngs), timer, std::span<const int>(who));
    CHECK(r.rank[0] == 1);
  }
}

TEST_CASE("Time-limited alphabeta and mcts stop in time and play legal moves") {
  const State s = State::initial(Rules{});
  AlphaBetaParams ab;
  ab.depth = 60;
  ab.time_ms = 20;
  ab.tt_mb = 1;
  AlphaBetaPlayer alphabeta(ab);
  MctsParams mc;
  mc.time_ms = 20;
  MctsPlayer mcts(mc);
  Rng rng(9);
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(is_legal(s, alphabeta.choose(s, rng)));
  CHECK(alphabeta.completed_depth() >= 1);
  CHECK(alphabeta.completed_depth() < 60);
  CHECK(is_legal(s, mcts.choose(s, rng)));
  CHECK(mcts.iterations_run() >= 1);
  // Generous: the machine may be loaded, but never seconds.
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2));
}

TEST_CASE("Alphabeta at depth 4 takes a one-move win rather than a slower one") {
  // Both see the one-move win; deeper search must not prefer a slower one.
  const State s = one_move_from_winning(2);
  AlphaBetaParams ab;
  ab.tt_mb = 1;
  AlphaBetaPlayer alphabeta(ab);
  Rng rng(3);
  State after = s;
  after.apply(alphabeta.choose(s, rng));
  CHECK(after.finished(0));
}

TEST_CASE("Alphabeta's table: a copy keeps it, a cleared one plays as a new player") {
  // Plays 12 plies of a 2-seat game in which seat 0 is alphabeta at depth 3;
  // at each of its decisions a copy of the player (table and all) must choose
  // what it chooses, and a player whose table was cleared before every
  // decision must choose what a new player chooses each time.
  AlphaBetaParams ab;
  ab.depth = 3;
  ab.tt_mb = 1;
  AlphaBetaPlayer kept(ab);
  State s = State::initial(Rules{});
  Rng walk(21);
  for (int ply = 0; ply < 12; ++ply) {
    if (s.side_to_move() != 0) {
      MoveList moves;
      generate_moves(s, moves);
      s.apply(moves[static_cast<int>(walk.below(static_cast<uint64_t>(moves.size())))]);
      continue;
    }
    AlphaBetaPlayer copy = kept;
    Rng a(100 + ply), b(100 + ply);
    const Move chosen = kept.choose(s, a);
    CHECK(copy.choose(s, b) == chosen);

    AlphaBetaPlayer fresh(ab);
    AlphaBetaPlayer cleared = kept;
    cleared.clear_table();
    Rng c(200 + ply), d(200 + ply);
    CHECK(cleared.choose(s, c) == fresh.choose(s, d));
    s.apply(chosen);
  }
}

// ZeroedArray (engines/core) holds alphabeta's table.
namespace {
struct Entry {
  uint64_t key;
  double value;
  int8_t depth;
};
}  // namespace

TEST_CASE("a ZeroedArray starts as zeros, and copies and moves keep what was written") {
  // 1 << 20 entries of 24 bytes: 24 MiB, of which only the touched pages are mapped.
  ZeroedArray<Entry> table(size_t{1} << 20);
  REQUIRE(table.size() == size_t{1} << 20);
  for (size_t i : {size_t{0}, size_t{4095}, size_t{1} << 19, (size_t{1} << 20) - 1}) {
    CHECK(table[i].key == 0);
    CHECK(table[i].value == 0.0);
    CHECK(table[i].depth == 0);
  }
  table[12345] = {77, 2.5, 3};
  const ZeroedArray<Entry> copy = table;
  table[12345].key = 78;
  CHECK(copy[12345].key == 77);  // the copy has its own pages
  CHECK(copy[12345].value == 2.5);
  CHECK(copy[12346].key == 0);

  ZeroedArray<Entry> moved = std::move(table);
  CHECK(moved[12345].key == 78);
  CHECK(table.empty());  // NOLINT(bugprone-use-after-move): the contract says empty

  moved.clear();
  CHECK(moved[12345].key == 0);
  CHECK(moved[12345].depth == 0);
  CHECK(moved.size() == size_t{1} << 20);
  CHECK(ZeroedArray<Entry>().empty());
}

namespace {

// Records each decision and the explanation given with it (as MoveLog does).
struct ExplainedTimer {
  std::vector<std::pair<int, Move>> moves;
  std::vector<nlohmann::json> why;
  template <class F>
  auto decide(int who, int /*phase*/, F&& f) {
    const int code = f();
    moves.push_back({who, decode(code)});
    why.push_back(ExplainScope::take());
    return code;
  }
};

// One game of `seats` (one player each), with or without explanations asked.
std::pair<ExplainedTimer, GameResult> play_explained(const std::vector<AnyPlayer>& players,
                                                     int max_plies, uint64_t seed, bool explained) {
  Rules rules;
  rules.players = static_cast<int>(players.size());
  rules.max_plies = max_plies;
  std::vector<AnyPlayer> seats = players;
  std::vector<Rng> rngs;
  std::vector<int> who;
  for (int s = 0; s < rules.players; ++s) {
    rngs.emplace_back(derive_seed(seed, 0, 0, player_purpose(static_cast<uint64_t>(s))));
    who.push_back(s);
  }
  std::optional<ExplainScope> scope;
  if (explained) scope.emplace(ExplainScope::Level::kAll);
  ExplainedTimer timer;
  const GameResult r =
      play_game(rules, std::span(seats), std::span(rngs), timer, std::span<const int>(who));
  return {std::move(timer), r};
}

}  // namespace

TEST_CASE("Explaining changes no move and no result, and every search explains each decision") {
  const AnyPlayer alphabeta = AlphaBetaPlayer({3, 0, 1});
  const AnyPlayer alphabeta2 = AlphaBetaPlayer({2, 0, 1});
  const AnyPlayer minimax = MinimaxPlayer({2});
  MinimaxParams seed_scoring;
  seed_scoring.scoring = Scoring::kSeed;
  const AnyPlayer minimax_seed = MinimaxPlayer(seed_scoring);
  MctsParams m;
  m.iterations = 200;
  const AnyPlayer mcts = MctsPlayer(m);
  const std::vector<std::vector<AnyPlayer>> tables = {
      {alphabeta, mcts}, {minimax, alphabeta2}, {mcts, minimax_seed, alphabeta2}};
  for (size_t t = 0; t < tables.size(); ++t) {
    for (uint64_t seed : {7u, 8u}) {
      CAPTURE(t, seed);
      const auto [plain, plain_result] = play_explained(tables[t], 60, seed, false);
      const auto [told, told_result] = play_explained(tables[t], 60, seed, true);
      REQUIRE(told.moves == plain.moves);
      CHECK(told_result.rank == plain_result.rank);
      CHECK(told_result.plies == plain_result.plies);
      CHECK(told_result.distance_to_goal == plain_result.distance_to_goal);
      for (size_t i = 0; i < told.moves.size(); ++i) {
        CAPTURE(i);
        CHECK(plain.why[i].is_null());  // no scope: nothing explained
        const nlohmann::json& why = told.why[i];
        REQUIRE(why.is_object());
        CHECK(why.at("text").is_string());
        const Move m = told.moves[i].second;
        CHECK(why.at("chosen") == nlohmann::json::array({m.from, m.to}));
        // Scores or visits, the chosen move first (mcts's one-move win: none).
        const auto list =
            why.contains("scores") ? why["scores"] : why.value("visits", nlohmann::json());
        if (why.contains("scores") || why.contains("visits")) {
          REQUIRE(!list.empty());
          CHECK(list.size() <= 5);
          CHECK(list[0]["move"] == why["chosen"]);
        }
      }
    }
  }
}

TEST_CASE("Alpha-beta's explanation scores the chosen move best, the others at most it") {
  Rules rules;
  State state = State::initial(rules);
  AlphaBetaPlayer player({3, 0, 1});
  Rng rng(5);
  const ExplainScope scope(ExplainScope::Level::kAll);
  const Move m = player.choose(state, rng);
  const nlohmann::json why = ExplainScope::take();
  REQUIRE(why.is_object());
  const auto& scores = why.at("scores");
  REQUIRE(scores.size() == 5);
  CHECK(scores[0]["move"] == nlohmann::json::array({m.from, m.to}));
  CHECK(scores[0]["bound"] == "exact");
  for (const auto& s : scores)
    CHECK(s["score"].get<double>() <= scores[0]["score"].get<double>());
  CHECK(why.at("text").get<std::string>().starts_with("alphabeta, depth 3: "));
}
