// Binds engines/rooks to the harness. Mode `solve`: each game is one board;
// every variant solves the same board and wins it by reaching the optimum
// (computed by the exact solver, untimed). Boards come from the generator
// (sizes `n`, each cell a fort with probability `fort_density`) or from a
// judge-format `board_file` (game i solves board i mod count). With several
// sizes the games cycle through them and results are also kept per size.
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"
#include "engines/rooks/strategies.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/bind_players.hpp"
#include "harness/config/config.hpp"

namespace arena {
namespace {

// Boards of a judge-format file; errors name the board file's line and column.
std::vector<rooks::Board> read_board_file(const RunConfig& config, const std::string& name) {
  std::filesystem::path path(name);
  if (path.is_relative()) path = std::filesystem::path(config.file).parent_path() / path;
  std::ifstream in(path);
  if (!in) throw config.error_at("rules.board_file", "cannot read " + path.string());
  try {
    auto boards = rooks::parse_judge_format(in);
    if (boards.empty()) throw ConfigError(path.string(), SourceMark{}, "no boards in the file");
    return boards;
  } catch (const rooks::JudgeFormatError& e) {
    throw ConfigError(path.string(), SourceMark{e.line(), e.column()}, e.what());
  }
}

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
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  uint64_t game_count() const override { return games_; }
  std::vector<std::string> groups() const override { return groups_; }

  void play(uint64_t game, GameSink& sink, SeriesMemory* /*memory*/) const override {
    int group = 0;
    rooks::Board generated;
    if (boards_.empty()) {
      group = static_cast<int>(game % sizes_.size());
      Rng environment(derive_seed(seed_, 0, game, Purpose::kEnvironment));
      generated = rooks::random_board(static_cast<int>(sizes_[group]), fort_density_, environment);
    }
    const rooks::Board& board = boards_.empty() ? generated : boards_[game % boards_.size()];
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

 private:
  // The solver's placement, timed; one that breaks the rules is an illegal move.
  rooks::Placement solve_checked(int v, uint64_t game, const rooks::Board& board,
                                 const rooks::Segments& segments, Rng& rng, GameSink& sink) const {
    const rooks::AnySolver solver =
        rooks::Strategies::make(solvers_[v], sink.external(v, 0, game, 0, 1));
    rooks::Placement placed = sink.timer().decide(v, [&] {
      return std::visit([&](const auto& s) { return s.solve(board, segments, rng); }, solver);
    });
    if (!rooks::legal(board, placed)) {
      throw StrategyFault(v, Fault::kIllegalMove, "the placement has attacking or blocked rooks");
    }
    return placed;
  }

  uint64_t seed_;
  uint64_t games_;
  IntList sizes_;
  double fort_density_;
  std::vector<rooks::Board> boards_;
  std::vector<std::string> groups_;
  std::vector<rooks::Strategies::Bound> solvers_;
  std::vector<MetricSpec> metrics_ = {{"rooks", "rooks", "rooks placed"},
                                      {"gap", "rooks", "optimum minus rooks placed"},
                                      {"n", "cells", "board side"}};
};

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
                   1, kMaxPlayers}};
  engine.rules = {
      ParamSpec::int_list("n", {8}, 1, rooks::kMaxN,
                          "board side; a list sweeps sizes (games cycle through them)"),
      ParamSpec::real("fort_density", 0.1, 0.0, 1.0, "probability that a cell is a fort"),
      ParamSpec::text("board_file", "",
                      "judge-format boards instead of generated ones (relative to the config)"),
  };
  engine.strategies = rooks::Strategies::infos();
  engine.hidden_information = HiddenInformation::none();  // the board is the whole game
  engine.bench_cases = {
      {"rooks", 0, {{"n", IntList{6, 12, 30}}, {"fort_density", 0.15}}, 5, 150},
  };
  engine.make_match = [](const RunConfig& config, uint64_t seed) -> std::unique_ptr<Match> {
    return std::make_unique<SolveMatch>(config, seed);
  };
  return engine;
}

}  // namespace arena
