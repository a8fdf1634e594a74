// Mode `solo`: each game draws one fleet; every variant fires at that same
// fleet (common random numbers: differences between variants are not layout
// luck) and is ranked by shots, fewest first.
#include <array>
#include <bitset>
#include <optional>
#include <vector>

#include "engines/battleship/solo.hpp"
#include "harness/adapters/battleship/replay.hpp"
#include "harness/adapters/battleship/shooters.hpp"
#include "harness/adapters/bind_players.hpp"

namespace arena::battleship_adapter {
namespace {

class SoloMatch final : public Match {
 public:
  SoloMatch(const RunConfig& config, uint64_t seed)
      : tables_(rules_from(config), defender_from(config)),
        seed_(seed),
        games_(config.games),
        series_length_(static_cast<uint64_t>(config.rules.integer("series_length"))) {
    check_playable(config, tables_, series_length_);
    shooters_ = bind_players<bs::Strategies>(config.players, "battleship");
    for (const PlayerConfig& p : config.players)
      names_.push_back(p.name);
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  std::vector<std::string> phases() const override { return {"hunt", "target"}; }
  uint64_t game_count() const override { return games_; }
  uint64_t series_length() const override { return series_length_; }
  // A learned prior only matters from a series' second game on: a game
  // alone plays as with no prior (see LearnedPrior::fleets), so none is made.
  std::unique_ptr<SeriesMemory> new_series() const override {
    if (series_length_ == 1) return nullptr;
    return std::make_unique<Series>(tables_.rules());
  }

  void play(uint64_t game, GameSink& sink, SeriesMemory* memory) const override {
    const bs::Layout layout = layout_of(game);
    const bs::Ocean ocean(tables_.rules(), layout);
    bs::LearnedPrior* prior = memory ? &static_cast<Series*>(memory)->prior : nullptr;
    Played played;
    const int variants = static_cast<int>(shooters_.size());
    for (int v = 0; v < variants; ++v) {
      Rng rng(derive_seed(seed_, 0, game, player_purpose(static_cast<uint64_t>(v))));
      try {
        bs::AnyShooter shooter =
            make_shooter(shooters_[v], tables_, prior, sink.external(v, 0, game, 0, 1));
        const bs::SoloResult result = sink.with_timer([&](auto& timer) {
          return std::visit(
              [&](auto& s) { return bs::play_solo(tables_.rules(), ocean, s, rng, timer, v); },
              shooter);
        });
        played.shots[v] = result.shots;
        played.cut_off[v] = !result.finished;
      } catch (const StrategyFault& fault) {
        played.faulted[v] = true;  // the other shooters' games on this ocean stand
        played.fault[v] = fault.fault();
        sink.note(fault);
      }
    }
    add_results(played, variants, sink);
    if (prior) prior->add(layout);  // every shooter has now seen the whole fleet
  }

  // The variant's result becomes a forfeit; the others are ranked again
  // without it, as add_results ranks them.
  bool forfeit_at_end(GameSink& sink, const StrategyFault& fault) const override {
    Played played;
    for (const SeatResult& seat : sink.seats()) {
      const auto v = static_cast<size_t>(seat.variant);
      played.faulted[v] = seat.fault.has_value();
      played.fault[v] = seat.fault.value_or(Fault::kThrew);
      played.shots[v] = static_cast<int>(seat.metrics[0]);
      played.cut_off[v] = seat.cut_off;
    }
    sink.note(fault);
    const auto v = static_cast<size_t>(fault.who());
    if (played.faulted[v]) return false;
    played.faulted[v] = true;
    played.fault[v] = fault.fault();
    const std::vector<SeatResult> none;
    sink.set_results(none);
    add_results(played, static_cast<int>(shooters_.size()), sink);
    return true;
  }

  // Each variant's shots at the game's fleet, one variant after another (the
  // first shot of each shows its own board). The board before any shot is
  // every variant's, titled for none unless one variant is shown.
  std::optional<GameReplay> replay(uint64_t game, const MoveLog& moves, int only) const override {
    const bs::Layout layout = layout_of(game);
    GameReplay replay{board_legend(), {}, {}};
    {
      const ShotBoard empty(tables_.rules(), layout);
      const std::string title =
          only >= 0 ? names_[only] + "'s shots" : "the fleet every variant fires at";
      replay.start = empty.render(title);
      replay.start_state = {{"boards", {empty.state(title, "", false)}}};
    }
    for (int v = 0; v < static_cast<int>(names_.size()); ++v) {
      if (only >= 0 && v != only) continue;
      ShotBoard board(tables_.rules(), layout);
      const std::string title = names_[v] + "'s shots";
      const auto state = [&](bool shot) {
        nlohmann::json s = {{"boards", {board.state(title, names_[v], false)}}};
        if (shot) s["active"] = 0;
        return s;
      };
      const size_t begin = replay.steps.size();
      for (const MoveLog::Entry& e : moves.entries()) {
        if (e.variant != v) continue;
        bool shot = false;
        if (e.kind == MoveLog::Kind::kFault) {
          replay.steps.push_back(fault_step(moves, e, names_[v]));
        } else {
          const int cell = static_cast<int>(moves.value(e));
          if (cell < 0 || cell >= tables_.rules().cells()) {
            replay.steps.push_back({v, names_[v] + " fires off the board", {{"cell", cell}}, {}});
          } else {
            replay.steps.push_back(board.shoot(cell, v, names_[v]));
            shot = true;
          }
          replay.steps.back().explain = moves.explanation(e);
        }
        replay.steps.back().board = board.render(title);
        replay.steps.back().state = state(shot);
      }
      // The variant's game is over: its board shows the fleet plainly.
      if (replay.steps.size() > begin) replay.steps.back().state["boards"][0]["over"] = true;
    }
    return replay;
  }

 private:
  // How each variant's game on the fleet went. The arrays are left
  // uninitialised: entries [0, variants) of shots (or fault) are written
  // before they are read, and zeroing all kMaxPlayers entries cost 3% of a
  // cheap game.
  struct Played {
    std::array<int, kMaxPlayers> shots;
    std::array<Fault, kMaxPlayers> fault;
    std::bitset<kMaxPlayers> faulted;
    std::bitset<kMaxPlayers> cut_off;  // stopped at the cap on shots
  };

  // Ranks by shots (fewer is better); a shooter that forfeited ranks below
  // every other; one stopped at the cap is marked cut off.
  static void add_results(const Played& played, int variants, GameSink& sink) {
    const int finished = variants - static_cast<int>(played.faulted.count());
    for (int v = 0; v < variants; ++v) {
      if (played.faulted[v]) {
        sink.add(SeatResult::forfeited(v, played.fault[v], finished + 1));
        continue;
      }
      int rank = 1;
      for (int u = 0; u < variants; ++u)
        rank += !played.faulted[u] && played.shots[u] < played.shots[v] ? 1 : 0;
      SeatResult seat{v, rank, {played.shots[v]}};
      seat.cut_off = played.cut_off[v];
      sink.add(seat);
    }
  }

  // The fleet of game `game`: every variant fires at it.
  bs::Layout layout_of(uint64_t game) const {
    Rng environment(derive_seed(seed_, 0, game, Purpose::kEnvironment));
    return tables_.defender.draw(environment);
  }

  struct Series : SeriesMemory {
    explicit Series(const bs::Rules& rules) : prior(rules) {}
    bs::LearnedPrior prior;
  };

  Tables tables_;
  uint64_t seed_;
  uint64_t games_;
  uint64_t series_length_;
  std::vector<bs::Strategies::Bound> shooters_;
  std::vector<std::string> names_;
  std::vector<MetricSpec> metrics_ = {
      {"shots", "shots", "shots to sink the whole fleet", Better::kLower}};
};

}  // namespace

std::unique_ptr<Match> make_solo_match(const RunConfig& config, uint64_t seed) {
  return std::make_unique<SoloMatch>(config, seed);
}

}  // namespace arena::battleship_adapter
