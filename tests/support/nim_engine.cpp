#include "tests/support/nim_engine.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "engines/core/strategy_fault.hpp"
#include "harness/adapters/adapters.hpp"
#include "harness/adapters/seated_match.hpp"

namespace arena::testing {
namespace {

struct NimPlayer {
  std::string strategy;
  double rate = 0;
  double sleep_ms = 0;

  int take(int pile, int max_take, Rng& rng) const {
    const int legal =
        1 + static_cast<int>(rng.below(static_cast<uint64_t>(std::min(pile, max_take))));
    if (strategy == "random" || rng.uniform01() >= rate) return legal;
    if (strategy == "throws") throw std::runtime_error("deliberate failure");
    if (strategy == "illegal") return max_take + 1;
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(sleep_ms));
    return legal;
  }
};

class NimMatch final : public SeatedMatch {
 public:
  NimMatch(const RunConfig& config, uint64_t seed)
      : SeatedMatch(config, seed, static_cast<int>(config.rules.integer("players"))),
        stones_(static_cast<int>(config.rules.integer("stones"))),
        max_take_(static_cast<int>(config.rules.integer("max_take"))) {
    for (const PlayerConfig& p : config.players) {
      const bool faulty = p.strategy != "random";
      players_.push_back({p.strategy, faulty ? p.params.real("rate") : 0,
                          p.strategy == "slow" ? p.params.real("sleep_ms") : 0});
    }
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }

 private:
  void play_seated(const SeatedGame& game, GameSink& sink) const override {
    const int seats = static_cast<int>(game.lineup.size());
    auto rngs = game.seat_rngs();
    int pile = stones_;
    int seat = 0;
    int takes = 0;
    while (true) {
      const int who = game.lineup[seat];
      const int take =
          sink.timer().decide(who, [&] { return players_[who].take(pile, max_take_, rngs[seat]); });
      if (take < 1 || take > std::min(pile, max_take_)) {
        throw StrategyFault(who, Fault::kIllegalMove,
                            "took " + std::to_string(take) + " of " + std::to_string(pile));
      }
      pile -= take;
      ++takes;
      if (pile == 0) break;
      seat = (seat + 1) % seats;
    }
    for (int s = 0; s < seats; ++s)
      sink.add(SeatResult{game.lineup[s], s == seat ? 1 : 2, {takes}, Outcome::kByRank, s});
  }

  int stones_;
  int max_take_;
  std::vector<NimPlayer> players_;
  std::vector<MetricSpec> metrics_ = {{"takes", "takes", "takes in the game, by every seat"}};
};

}  // namespace

EngineSpec nim_engine() {
  const ParamSpec rate = ParamSpec::real("rate", 0.1, 0, 1, "share of decisions that fail");
  return seated_engine<NimMatch>(
      "nim", "test only: take 1 to max_take stones; who takes the last wins",
      {ParamSpec::integer("players", 2, 2, 6, "seats at the table"),
       ParamSpec::integer("stones", 21, 1, 1000, "stones in the pile"),
       ParamSpec::integer("max_take", 3, 1, 100, "most stones one take may remove")},
      {{"random", "a legal take, uniformly", {}},
       {"throws", "throws on a share of its decisions", {rate}},
       {"illegal", "takes max_take + 1 stones on a share of its decisions", {rate}},
       {"slow",
        "sleeps before a share of its decisions",
        {rate, ParamSpec::real("sleep_ms", 20, 0, 10000, "sleep before a failing decision")}}});
}

Registry registry_with_nim() {
  Registry registry = make_registry();
  registry.add(nim_engine());
  return registry;
}

}  // namespace arena::testing
