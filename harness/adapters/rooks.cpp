// Binds engines/rooks to the harness. Mode `solve`: each game is one board;
// every variant solves the same board and wins it by reaching the optimum
// (computed by the exact solver, untimed). Boards come from the generator
// (sizes `n`, each cell a fort with probability `fort_density`) or from a
// judge-format `board_file` (game i solves board i mod count). With several
// sizes the games cycle through them and results are also kept per size.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"
#include "engines/rooks/strategies.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/bind_players.hpp"
#include "harness/adapters/rooks.hpp"
#include "harness/config/config.hpp"

namespace arena {

std::vector<rooks::Board> read_board_file(const RunConfig& config, const std::string& name) {
  std::filesystem::path path(name);
  if (path.is_relative()) path = std::filesystem::path(config.file).parent_path() / path;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {  // opens, and reads as no boards
    throw config.error_at("rules.board_file",
                          fmt::format("cannot read {}: it is a folder, not a file", path.string()));
  }
  std::ifstream in(path);
  if (!in) {
    throw config.error_at("rules.board_file",
                          fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  }
  try {
    auto boards = rooks::parse_judge_format(in);
    if (boards.empty()) throw ConfigError(path.string(), SourceMark{}, "no boards in the file");
    return boards;
  } catch (const rooks::JudgeFormatError& e) {
    throw ConfigError(path.string(), SourceMark{e.line(), e.column()}, e.what());
  }
}

namespace {

class SolveMatch final : public Match {
 public:
  SolveMatch(const RunConfig& config, uint64_t seed)
      : seed_(seed),
        games_(config.games),
        sizes_(config.rules.int_list("n")),
        fort_density_(config.rules.real("fort_density")) {
    const std::string& file = config.rules.text("board_file");
    if (!file.empty()) boards_ = read_board_file(config, file);
    if (boards_.empty() && sizes_.size() > 1) {
      for (int64_t n : sizes_)
        groups_.push_back(fmt::format("n={}", n));
    }
    solvers_ = bind_players<rooks::Strategies>(config.players, "rooks");
    for (const PlayerConfig& p : config.players)
      names_.push_back(p.name);
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  uint64_t game_count() const override { return games_; }
  std::vector<std::string> groups() const override { return groups_; }
  std::string group_kind() const override { return "board size"; }

  void play(uint64_t game, GameSink& sink, SeriesMemory* /*memory*/) const override {
    const int group = group_of(game);
    const rooks::Board board = board_of(game);
    const rooks::Segments segments(board);
    const auto optimum = static_cast<int64_t>(rooks::solve_exact(board).size());
    for (int v = 0; v < static_cast<int>(solvers_.size()); ++v) {
      Rng rng(derive_seed(seed_, 0, game, player_purpose(static_cast<uint64_t>(v))));
      int64_t placed = 0;
      try {
        placed = static_cast<int64_t>(solve_checked(v, game, board, segments, rng, sink).size());
      } catch (const StrategyFault& fault) {  // the other solvers' results on this board stand
        sink.note(fault);
        sink.add(SeatResult::forfeited(v, fault.fault(), 2, group));
        continue;
      }
      const bool optimal = placed == optimum;
      sink.add(SeatResult{v,
                          optimal ? 1 : 2,
                          {placed, optimum - placed, board.n},
                          optimal ? Outcome::kWin : Outcome::kLoss,
                          group});
    }
  }

  // Only the variant's result changes: a board is won by reaching its
  // optimum, whatever the others placed.
  bool forfeit_at_end(GameSink& sink, const StrategyFault& fault) const override {
    sink.note(fault);
    std::vector<SeatResult> seats(sink.seats().begin(), sink.seats().end());
    for (SeatResult& seat : seats) {
      if (seat.variant != fault.who()) continue;
      if (seat.fault) return false;
      seat = SeatResult::forfeited(seat.variant, fault.fault(), 2, seat.group);
    }
    sink.set_results(seats);
    return true;
  }

  // Each variant's placement on the game's board.
  std::optional<GameReplay> replay(uint64_t game, const MoveLog& moves, int only) const override {
    const rooks::Board board = board_of(game);
    const auto optimum = rooks::solve_exact(board).size();
    GameReplay replay{{"R a rook   X a fort   . an open cell"}, draw(board, {}), {}};
    replay.start_state = state_of(board, {});
    for (const MoveLog::Entry& e : moves.entries()) {
      if (only >= 0 && e.variant != only) continue;
      const std::string& who = names_[static_cast<size_t>(e.variant)];
      if (e.kind == MoveLog::Kind::kFault) {
        replay.steps.push_back(fault_step(moves, e, who));
        replay.steps.back().board = draw(board, {});
        replay.steps.back().state = state_of(board, {});
        continue;
      }
      const auto values = moves.values(e);
      const rooks::Placement placed(values.begin(), values.end());
      const bool legal = rooks::legal(board, placed);
      std::vector<std::vector<int>> cells;
      for (const int32_t cell : placed)
        cells.push_back({cell / board.n, cell % board.n});
      replay.steps.push_back(
          {e.variant,
           fmt::format("{} places {}{} (the optimum is {})", who, counted(placed.size(), "rook"),
                       legal ? "" : ", some attacking each other or on forts", optimum),
           {{"rooks", cells}, {"legal", legal}, {"optimum", optimum}},
           draw(board, legal ? placed : rooks::Placement{}),
           state_of(board, placed),
           moves.explanation(e)});
    }
    return replay;
  }

 private:
  // "1 rook", "3 rooks".
  static std::string counted(size_t count, const std::string& noun) {
    return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
  }
  // Boards up to this side are drawn in a replay; larger ones are described.
  static constexpr int kDrawnSide = 100;
  // The position as the replay page draws it (harness/output/replay_boards/rooks.js):
  // {"n", "rows" (strings of '.' and 'X'), "rooks" ([row, col] each, as placed,
  // legal or not)}; null for boards too large to draw.
  static nlohmann::json state_of(const rooks::Board& board, const rooks::Placement& placed) {
    if (board.n > kDrawnSide) return nullptr;
    nlohmann::json rooks = nlohmann::json::array();
    for (const int32_t cell : placed)
      rooks.push_back({cell / board.n, cell % board.n});
    return {{"n", board.n}, {"rows", rooks::rows_of(board)}, {"rooks", rooks}};
  }
  static std::vector<std::string> draw(const rooks::Board& board, const rooks::Placement& placed) {
    if (board.n > kDrawnSide) {
      return {fmt::format("a {0}x{0} board with {1}{2}", board.n,
                          counted(static_cast<size_t>(board.open_cells()), "open cell"),
                          placed.empty() ? "" : ", " + counted(placed.size(), "rook"))};
    }
    std::vector<std::string> lines;
    const std::string text = rooks::render(board, placed);
    for (size_t at = 0; at < text.size();) {
      const size_t end = text.find('\n', at);
      lines.push_back(text.substr(at, end - at));
      if (end == std::string::npos) break;
      at = end + 1;
    }
    return lines;
  }

  int group_of(uint64_t game) const {
    return boards_.empty() ? static_cast<int>(game % sizes_.size()) : 0;
  }
  // The board of game `game`: generated from the seed, or from the board file.
  rooks::Board board_of(uint64_t game) const {
    if (!boards_.empty()) return boards_[game % boards_.size()];
    Rng environment(derive_seed(seed_, 0, game, Purpose::kEnvironment));
    return rooks::random_board(static_cast<int>(sizes_[static_cast<size_t>(group_of(game))]),
                               fort_density_, environment);
  }

  // The solver's placement, timed; one that breaks the rules is an illegal move.
  rooks::Placement solve_checked(int v, uint64_t game, const rooks::Board& board,
                                 const rooks::Segments& segments, Rng& rng, GameSink& sink) const {
    const rooks::AnySolver solver =
        rooks::Strategies::make(solvers_[v], sink.external(v, 0, game, 0, 1));
    rooks::Placement placed = sink.timer().decide(v, [&] {
      return std::visit([&](const auto& s) { return s.solve(board, segments, rng); }, solver);
    });
    if (!rooks::legal(board, placed))
      throw StrategyFault(v, Fault::kIllegalMove, "rooks: " + rooks::illegality(board, placed));
    return placed;
  }

  uint64_t seed_;
  uint64_t games_;
  IntList sizes_;
  double fort_density_;
  std::vector<rooks::Board> boards_;
  std::vector<std::string> groups_;
  std::vector<rooks::Strategies::Bound> solvers_;
  std::vector<std::string> names_;
  std::vector<MetricSpec> metrics_ = {
      {"rooks", "rooks", "rooks placed"},
      {"gap", "rooks", "optimum minus rooks placed", Better::kLower},
      {"n", "cells", "board side"}};
};

// The longest legal move reply of a program on boards of side up to `n`: a
// row holds at most ceil(n/2) rooks (a fort between any two), each written
// "[row, col], " at most, and the object around them.
size_t longest_placement_reply(int64_t n) {
  const size_t digits = std::to_string(std::max<int64_t>(n - 1, 0)).size();
  const auto rooks = static_cast<size_t>(n) * static_cast<size_t>((n + 1) / 2);
  return rooks * (2 * digits + 6) + 1024;
}

// `arena solve rooks`: the exact optimum of each judge-format board.
int solve_boards(std::istream& in, const std::string& name, bool show) {
  try {
    for (const rooks::Board& board : rooks::parse_judge_format(in)) {
      const rooks::Placement best = rooks::solve_exact(board);
      fmt::print("{}\n", best.size());
      if (show) fmt::print("{}\n", rooks::render(board, best));
    }
  } catch (const rooks::JudgeFormatError& e) {
    fmt::print(stderr, "{}:{}:{}: {}\n", name, e.line(), e.column(), e.what());
    return 2;
  }
  return 0;
}

}  // namespace

EngineSpec rooks_engine() {
  EngineSpec engine;
  engine.name = "rooks";
  engine.help =
      "non-attacking rooks on a board with forts (the seed's randomized algorithm vs "
      "an exact matching)";
  engine.modes = {{"solve",
                   "every variant solves the same board; it wins the board by reaching the "
                   "optimum",
                   1, kMaxPlayers, /*tables=*/false, /*apart=*/true}};
  engine.rules = {
      ParamSpec::int_list("n", {8}, 1, rooks::kMaxN,
                          "board side; a list sweeps sizes (games cycle through them)"),
      ParamSpec::real("fort_density", 0.1, 0.0, 1.0, "probability that a cell is a fort"),
      ParamSpec::file("board_file",
                      "judge-format boards instead of generated ones (relative to the config)"),
  };
  engine.strategies = rooks::Strategies::infos();
  engine.hidden_information = HiddenInformation::none();  // the board is the whole game
  engine.max_bot_reply = [](const ParamSet& rules) {
    const IntList& sizes = rules.int_list("n");
    // A board file's sides are known when it is read; any is at most kMaxN.
    const int64_t n = rules.text("board_file").empty()
                          ? *std::max_element(sizes.begin(), sizes.end())
                          : rooks::kMaxN;
    return longest_placement_reply(n);
  };
  engine.bench_cases = {
      {"rooks", 0, {{"n", IntList{6, 12, 30}}, {"fort_density", 0.15}}, 5, 150},
  };
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    return std::make_unique<SolveMatch>(config, seed);
  };
  engine.solve = solve_boards;
  return engine;
}

}  // namespace arena
