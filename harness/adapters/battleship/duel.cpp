// Mode `duel`: two variants alternate shots at each other's fleet; the first
// to sink the enemy fleet wins. Every pairing of the format (round robin, or
// the first player against each other one) plays `games` games in pairs: both
// fleets are drawn once per pair and the pair is played twice, with the first
// shooter and the fleets swapped, so that luck of the draw cancels. With
// `pairs: false` every game draws its own fleets (the first shooter still
// alternates).
#include <fmt/format.h>

#include "engines/battleship/duel.hpp"
#include "harness/adapters/battleship/replay.hpp"
#include "harness/adapters/battleship/shooters.hpp"
#include "harness/adapters/bind_players.hpp"

namespace arena::battleship_adapter {
namespace {

std::vector<std::pair<int, int>> pairings_of(const RunConfig& config) {
  std::vector<std::pair<int, int>> pairings;
  const int n = static_cast<int>(config.players.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      if (config.format != Format::kGauntlet || a == 0) pairings.emplace_back(a, b);
    }
  }
  return pairings;
}

class DuelMatch final : public Match {
 public:
  DuelMatch(const RunConfig& config, uint64_t seed)
      : tables_(rules_from(config), defender_from(config)),
        seed_(seed),
        games_per_pairing_(config.games),
        paired_(config.pairs),
        pairings_(pairings_of(config)) {
    check_playable(config, tables_, series_length());
    shooters_ = bind_players<bs::Strategies>(config.players, "battleship");
    for (const PlayerConfig& p : config.players)
      names_.push_back(p.name);
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  std::vector<std::string> phases() const override { return {"hunt", "target"}; }
  uint64_t game_count() const override { return games_per_pairing_ * pairings_.size(); }
  uint64_t series_length() const override { return paired_ ? 2 : 1; }  // a pair's two games

  void play(uint64_t index, GameSink& sink, SeriesMemory* /*memory*/) const override {
    const Setup g = setup(index);
    const bs::Ocean first_target(tables_.rules(), g.first_target);
    const bs::Ocean second_target(tables_.rules(), g.second_target);
    const uint64_t match = index / games_per_pairing_;
    Rng first_rng(derive_seed(seed_, match, g.game, player_purpose(0)));
    Rng second_rng(derive_seed(seed_, match, g.game, player_purpose(1)));
    sink.seat(g.first);
    sink.seat(g.second);
    if (paired_) sink.set_pair(match * (games_per_pairing_ / 2) + g.pair);
    bs::AnyShooter first_shooter =
        make_shooter(shooters_[g.first], tables_, nullptr, sink.external(g.first, 0, index, 0, 2));
    bs::AnyShooter second_shooter = make_shooter(shooters_[g.second], tables_, nullptr,
                                                 sink.external(g.second, 0, index, 1, 2));
    const bs::DuelResult r = std::visit(
        [&](auto& x, auto& y) {
          return bs::play_duel(tables_.rules(), first_target, second_target, x, y, first_rng,
                               second_rng, sink.timer(), g.first, g.second);
        },
        first_shooter, second_shooter);
    SeatResult first_seat{g.first, r.first_won ? 1 : 2, {r.first_shots, 1}};
    SeatResult second_seat{g.second, r.first_won ? 2 : 1, {r.second_shots, 0}};
    first_seat.cut_off = second_seat.cut_off = r.cut_off;
    sink.add(first_seat);
    sink.add(second_seat);
  }

  // Both boards side by side after every shot: the first shooter's shots at
  // the second's fleet on the left.
  std::optional<GameReplay> replay(uint64_t index, const MoveLog& moves,
                                   int /*only*/) const override {
    const Setup g = setup(index);
    ShotBoard left(tables_.rules(), g.first_target);
    ShotBoard right(tables_.rules(), g.second_target);
    const std::string left_title = names_[g.first] + " fires at " + names_[g.second] + "'s fleet";
    const std::string right_title = names_[g.second] + " fires at " + names_[g.first] + "'s fleet";
    const auto both = [&] {
      return side_by_side(left.render(left_title), right.render(right_title));
    };
    const auto state = [&](int active) {
      nlohmann::json s = {{"boards",
                           {left.state(left_title, names_[g.first], false),
                            right.state(right_title, names_[g.second], false)}}};
      if (active >= 0) s["active"] = active;
      return s;
    };
    GameReplay replay{board_legend(), both(), {}};
    replay.start_state = state(-1);
    for (const MoveLog::Entry& e : moves.entries()) {
      if (e.variant != g.first && e.variant != g.second) {
        throw RecordMismatch("a move by a variant that is not in this duel");
      }
      const std::string& who = names_[e.variant];
      int active = -1;
      if (e.kind == MoveLog::Kind::kFault) {
        replay.steps.push_back(fault_step(moves, e, who));
      } else {
        const int cell = static_cast<int>(moves.value(e));
        ShotBoard& board = e.variant == g.first ? left : right;  // a duel pits two variants
        if (cell < 0 || cell >= tables_.rules().cells()) {
          replay.steps.push_back({e.variant, who + " fires off the board", {{"cell", cell}}, {}});
        } else {
          replay.steps.push_back(board.shoot(cell, e.variant, who));
          active = e.variant == g.first ? 0 : 1;
        }
        replay.steps.back().explain = moves.explanation(e);
      }
      replay.steps.back().board = both();
      replay.steps.back().state = state(active);
    }
    // The game is over: both fleets are shown plainly.
    if (!replay.steps.empty()) {
      for (auto& b : replay.steps.back().state["boards"])
        b["over"] = true;
    }
    return replay;
  }

 private:
  // Who fires first at which fleet in game `index` (see the file comment).
  struct Setup {
    uint64_t game = 0;  // within its pairing
    uint64_t pair = 0;  // the environment draw
    int first = 0;
    int second = 0;
    bs::Layout first_target;   // the fleet the first shooter fires at
    bs::Layout second_target;  // the fleet the second shooter fires at
  };
  Setup setup(uint64_t index) const {
    Setup g;
    const uint64_t match = index / games_per_pairing_;
    g.game = index % games_per_pairing_;
    g.pair = paired_ ? g.game / 2 : g.game;
    const bool swapped = g.game % 2 == 1;
    const int a = pairings_[match].first;
    const int b = pairings_[match].second;
    // Both fleets come from the pair's environment stream: identical in both games.
    Rng environment(derive_seed(seed_, match, g.pair, Purpose::kEnvironment));
    const bs::Layout fleet_a = tables_.defender.draw(environment);
    const bs::Layout fleet_b = tables_.defender.draw(environment);
    const bs::Layout& defended_by_a = swapped ? fleet_b : fleet_a;
    const bs::Layout& defended_by_b = swapped ? fleet_a : fleet_b;
    g.first = swapped ? b : a;
    g.second = swapped ? a : b;
    g.first_target = g.first == a ? defended_by_b : defended_by_a;
    g.second_target = g.first == a ? defended_by_a : defended_by_b;
    return g;
  }

  Tables tables_;
  uint64_t seed_;
  uint64_t games_per_pairing_;
  bool paired_;
  std::vector<std::pair<int, int>> pairings_;
  std::vector<bs::Strategies::Bound> shooters_;
  std::vector<std::string> names_;
  std::vector<MetricSpec> metrics_ = {
      {"shots", "shots", "shots this variant fired before the duel ended", Better::kLower},
      {"first", "", "1 when this variant fired first"}};
};

}  // namespace

std::unique_ptr<Match> make_duel_match(const RunConfig& config, uint64_t seed) {
  return std::make_unique<DuelMatch>(config, seed);
}

}  // namespace arena::battleship_adapter
