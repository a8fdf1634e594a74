#include "harness/runner/replay_game.hpp"

#include <memory>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engines/core/bot_link.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

// Why `player`'s moves cannot be rebuilt from the seed (follows_from_seed is false).
std::string not_from_seed(const PlayerConfig& player) {
  if (player.strategy == kPythonName)
    return player.name + " is a Python function, which a replay does not call";
  if (is_linked(player.strategy)) return player.name + " is an external program";
  return fmt::format("{} searches against the clock ({})", player.name,
                     fmt::join(player.clock_budgets, ", "));
}

// Stands in for the programs of external strategies during a replay: none is
// started. From a record, a program that failed before its first decision
// fails again at the same point; from the seed, building one is refused.
class StandInLink final : public BotLink {
 public:
  StandInLink(const RunConfig& config, int variant, MoveScript* script)
      : config_(config), variant_(variant), script_(script) {}
  void ready() override {
    if (!script_) {
      throw NotFromSeed(variant_, not_from_seed(config_.players[static_cast<size_t>(variant_)]) +
                                      ": its moves are not a function of the seed");
    }
    script_->fault_before_decision(variant_);
  }
  void start_game(uint64_t, int, int, uint64_t) override {}
  nlohmann::json decide(const nlohmann::json&) override {
    throw std::logic_error("a replayed game asked an external program for a move");
  }
  [[noreturn]] void reject(const std::string& why) override { throw std::logic_error(why); }

 private:
  const RunConfig& config_;
  int variant_;
  MoveScript* script_;
};

class StandInBots final : public BotSource {
 public:
  StandInBots(const RunConfig& config, MoveScript* script) {
    for (int v = 0; v < static_cast<int>(config.players.size()); ++v)
      links_.push_back(std::make_unique<StandInLink>(config, v, script));
  }
  BotLink* link(int variant, int /*k*/) override {
    return links_[static_cast<size_t>(variant)].get();
  }

 private:
  std::vector<std::unique_ptr<StandInLink>> links_;
};

ReplayedGame result_of(const GameSink& sink) {
  ReplayedGame r{sink.moves(), {}, {}};
  r.seats.assign(sink.seats().begin(), sink.seats().end());
  r.lineup.assign(sink.lineup().begin(), sink.lineup().end());
  return r;
}

std::vector<LatencyHistogram> latency_for(const RunConfig& config) {
  return std::vector<LatencyHistogram>(config.players.size() * kMaxPhases);
}

}  // namespace

ReplayedGame replay_from_seed(const RunConfig& config, const Match& match, uint64_t game) {
  auto latency = latency_for(config);
  StandInBots bots(config, nullptr);
  GameSink sink(latency, 0, &bots);
  sink.log_moves();
  // Strategies explain their moves beside the log; that changes none of them.
  const ExplainScope explained(ExplainScope::Level::kAll);
  const uint64_t first = game - game % match.series_length();
  const std::unique_ptr<SeriesMemory> memory = match.new_series();
  for (uint64_t g = first; g <= game; ++g)
    play_one_game(match, g, sink, memory.get());
  for (const MoveLog::Entry& e : sink.moves().entries()) {
    const PlayerConfig& player = config.players[static_cast<size_t>(e.variant)];
    if (!follows_from_seed(player))
      throw NotFromSeed(e.variant,
                        not_from_seed(player) + ": its moves are not a function of the seed");
  }
  return result_of(sink);
}

ReplayedGame replay_from_record(const RunConfig& config, const Match& match, uint64_t game,
                                const MoveLog& record) {
  auto latency = latency_for(config);
  MoveScript script(record);
  StandInBots bots(config, &script);
  GameSink sink(latency, 0, &bots);
  sink.set_script(&script);
  const std::unique_ptr<SeriesMemory> memory = match.new_series();
  play_one_game(match, game, sink, memory.get());
  ReplayedGame r = result_of(sink);
  r.moves = record;
  return r;
}

}  // namespace arena
