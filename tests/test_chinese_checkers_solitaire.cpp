// Solitaire Chinese Checkers (engines/chinese_checkers/solitaire.hpp): the
// search's crossing is legal move by move through the engine's own move
// generator, ends with all ten pieces in the opposite triangle, has the
// published shortest length, 27 moves (G. I. Bell, INTEGERS 9 (2009) #G01),
// and is the same on every run; `arena solve chinese-checkers --solitaire`
// prints it and writes it as a replay.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "engines/chinese_checkers/movegen.hpp"
#include "engines/chinese_checkers/solitaire.hpp"
#include "engines/chinese_checkers/state.hpp"

namespace fs = std::filesystem;
namespace cc = arena::chinese_checkers;

namespace {

// The smallest beam measured to reach 27 moves is 1500 (1000 finds no
// crossing within 20 moves from each end); 2000 keeps the test short under
// the sanitizers.
constexpr int kTestBeam = 2000;

// Plays `moves` from the start on a two-player table whose second seat has no
// piece, requiring each move to be one generate_moves lists; returns the
// lone seat's pieces at the end.
cc::Bitboard replay(const std::vector<cc::Move>& moves) {
  cc::Rules rules;
  rules.max_plies = 1000;
  cc::Bitboard pieces = cc::board().triangle_mask(0);
  cc::MoveList legal;
  for (size_t k = 0; k < moves.size(); ++k) {
    INFO("move " << k + 1 << ": " << int(moves[k].from) << "-" << int(moves[k].to));
    const std::array<cc::Bitboard, 2> seats = {pieces, cc::Bitboard{}};
    const cc::State state = cc::State::from_pieces(rules, seats, 0, static_cast<int>(k));
    REQUIRE_FALSE(state.game_over());
    cc::generate_moves(state, legal);
    REQUIRE(legal.contains(moves[k]));
    pieces.reset(moves[k].from);
    pieces.set(moves[k].to);
  }
  return pieces;
}

}  // namespace

TEST_CASE("the solitaire search crosses the star in 27 legal moves and the same on every run") {
  cc::SolitaireOptions options;
  options.beam = kTestBeam;
  const cc::SolitaireResult found = cc::find_crossing(options);
  REQUIRE(found.moves.size() == 27);  // Levenspiel's length, shortest by Bell's proof
  CHECK(found.depth == 13);           // 13 moves, one move, 13 moves turned and reversed
  const cc::Bitboard end = replay(found.moves);
  CHECK(end == cc::board().triangle_mask(3));
  CHECK(cc::check_crossing(found.moves).empty());
  const std::vector<cc::Bitboard> at = cc::crossing_positions(found.moves);
  REQUIRE(at.size() == 28);
  CHECK(at.back() == end);

  const cc::SolitaireResult again = cc::find_crossing(options);
  CHECK(again.moves == found.moves);
  CHECK(again.kept == found.kept);
  CHECK(again.generated == found.generated);
}

TEST_CASE("a too narrow solitaire beam finds no crossing and says so") {
  cc::SolitaireOptions options;
  options.beam = 50;
  options.max_depth = 16;
  const cc::SolitaireResult found = cc::find_crossing(options);
  CHECK(found.moves.empty());
  CHECK(found.kept > 0);
  options.beam = 0;
  CHECK_THROWS_AS(cc::find_crossing(options), std::invalid_argument);
}

TEST_CASE("the crossing check refuses an illegal move and an unfinished or overlong crossing") {
  const cc::Bitboard start = cc::solitaire_start();
  CHECK(cc::half_turn(start) == cc::solitaire_goal());
  CHECK(cc::half_turn(cc::half_turn(cc::board().all())) == cc::board().all());
  CHECK(cc::solitaire_progress(start) == -60);
  CHECK(cc::solitaire_progress(cc::solitaire_goal()) == 60);

  cc::SolitaireOptions options;
  options.beam = kTestBeam;
  std::vector<cc::Move> moves = cc::find_crossing(options).moves;
  REQUIRE(cc::check_crossing(moves).empty());

  std::vector<cc::Move> short_one(moves.begin(), moves.end() - 1);
  CHECK(cc::check_crossing(short_one) == "the pieces do not all end in triangle 3");
  std::vector<cc::Move> jump = moves;
  jump[0] = {jump[0].from, 60};  // hole 60 is the centre: no step or hop reaches it at once
  CHECK(cc::check_crossing(jump) ==
        "move 1 (" + std::to_string(jump[0].from) + "-60): not a legal move");
  std::vector<cc::Move> longer = moves;
  longer.push_back(cc::Move{100, 89});
  CHECK(cc::check_crossing(longer) == "move 28 (100-89): the crossing was already complete");
}

TEST_CASE("arena solve chinese-checkers --solitaire prints the 27-move crossing and writes it") {
  using arena::testing::arena_in;
  using arena::testing::read_file;
  const fs::path dir = arena::testing::scratch("solitaire");
  const auto solved = arena_in(
      dir, "solve chinese-checkers --solitaire --beam " + std::to_string(kTestBeam) + " --out out");
  REQUIRE(solved.code == 0);
  CHECK_THAT(solved.out, Catch::Contains("\n27 moves (the published shortest: 27)"));
  CHECK_THAT(solved.out, Catch::StartsWith(" 1. seat 1 (solitaire) moves a piece from hole "));
  const nlohmann::json record = nlohmann::json::parse(read_file(dir / "out/solution.json"));
  CHECK(record["engine"] == "chinese-checkers");
  REQUIRE(record["steps"].size() == 27);
  std::vector<cc::Move> moves;
  for (const auto& step : record["steps"])
    moves.push_back({step["move"]["from"].get<uint8_t>(), step["move"]["to"].get<uint8_t>()});
  CHECK(cc::check_crossing(moves).empty());
  CHECK(record["steps"].back()["state"]["pieces"] ==
        nlohmann::json::array({{65, 75, 76, 86, 87, 88, 98, 99, 100, 101}}));
  CHECK_THAT(read_file(dir / "out/solution.html"), Catch::Contains("\"mode\":\"solitaire\""));

  const auto narrow = arena_in(dir, "solve chinese-checkers --solitaire --beam 50");
  CHECK(narrow.code == 1);
  CHECK_THAT(narrow.out, Catch::StartsWith("no crossing found within 20 moves"));
  for (const char* beam : {"0", "200001", "x"}) {
    const auto refused =
        arena_in(dir, std::string("solve chinese-checkers --solitaire --beam ") + beam);
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::StartsWith("arena: --beam"));
  }
  const auto forgot = arena_in(dir, "solve chinese-checkers");
  CHECK(forgot.code == 2);
  CHECK(forgot.err ==
        "arena: solve: unknown puzzle 'chinese-checkers'; puzzles: rooks, chinese-checkers "
        "--solitaire (did you mean --solitaire?)\n");
  const auto stray = arena_in(dir, "solve rooks --out x");
  CHECK(stray.code == 2);
  CHECK(stray.err == "arena: solve: --out is given with --solitaire only\n");
  const auto file = arena_in(dir, "solve chinese-checkers --solitaire boards.txt");
  CHECK(file.code == 2);
  CHECK(file.err == "arena: solve: --solitaire reads no file ('boards.txt'); leave it out\n");
}
