// Mode `duel`: two variants alternate shots at each other's fleet; the first
// to sink the enemy fleet wins. Every pairing of the format (round robin, or
// the first player against each other one) plays `games` games in pairs: both
// fleets are drawn once per pair and the pair is played twice, with the first
// shooter and the fleets swapped, so that luck of the draw cancels. With
// `pairs: false` every game draws its own fleets (the first shooter still
// alternates).
#include <fmt/format.h>

#include "engines/battleship/duel.hpp"
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
  }

  const std::vector<MetricSpec>& metrics() const override { return metrics_; }
  std::vector<std::string> phases() const override { return {"hunt", "target"}; }
  uint64_t game_count() const override { return games_per_pairing_ * pairings_.size(); }
  uint64_t series_length() const override { return paired_ ? 2 : 1; }  // a pair's two games

  void play(uint64_t index, GameSink& sink, SeriesMemory* /*memory*/) const override {
    const uint64_t match = index / games_per_pairing_;
    const uint64_t game = index % games_per_pairing_;
    const uint64_t pair = paired_ ? game / 2 : game;  // the environment draw
    const bool swapped = game % 2 == 1;
    // Plain variables, not a structured binding: the lambda below captures them.
    const int a = pairings_[match].first;
    const int b = pairings_[match].second;

    // Both fleets come from the pair's environment stream: identical in both games.
    Rng environment(derive_seed(seed_, match, pair, Purpose::kEnvironment));
    const bs::Layout fleet_a = tables_.defender.draw(environment);
    const bs::Layout fleet_b = tables_.defender.draw(environment);
    const bs::Ocean ocean_a(tables_.rules(), swapped ? fleet_b : fleet_a);  // a defends
    const bs::Ocean ocean_b(tables_.rules(), swapped ? fleet_a : fleet_b);  // b defends

    const int first = swapped ? b : a;
    const int second = swapped ? a : b;
    Rng first_rng(derive_seed(seed_, match, game, player_purpose(0)));
    Rng second_rng(derive_seed(seed_, match, game, player_purpose(1)));
    sink.seat(first);
    sink.seat(second);
    if (paired_) sink.set_pair(match * (games_per_pairing_ / 2) + pair);
    bs::AnyShooter first_shooter =
        make_shooter(shooters_[first], tables_, nullptr, sink.external(first, 0, index, 0, 2));
    bs::AnyShooter second_shooter =
        make_shooter(shooters_[second], tables_, nullptr, sink.external(second, 0, index, 1, 2));
    const bs::DuelResult r = std::visit(
        [&](auto& x, auto& y) {
          return bs::play_duel(tables_.rules(), first == a ? ocean_b : ocean_a,
                               first == a ? ocean_a : ocean_b, x, y, first_rng, second_rng,
                               sink.timer(), first, second);
        },
        first_shooter, second_shooter);
    SeatResult first_seat{first, r.first_won ? 1 : 2, {r.first_shots, 1}};
    SeatResult second_seat{second, r.first_won ? 2 : 1, {r.second_shots, 0}};
    first_seat.cut_off = second_seat.cut_off = r.cut_off;
    sink.add(first_seat);
    sink.add(second_seat);
  }

 private:
  Tables tables_;
  uint64_t seed_;
  uint64_t games_per_pairing_;
  bool paired_;
  std::vector<std::pair<int, int>> pairings_;
  std::vector<bs::Strategies::Bound> shooters_;
  std::vector<MetricSpec> metrics_ = {
      {"shots", "shots", "shots this variant fired before the duel ended"},
      {"first", "", "1 when this variant fired first"}};
};

}  // namespace

std::unique_ptr<Match> make_duel_match(const RunConfig& config, uint64_t seed) {
  return std::make_unique<DuelMatch>(config, seed);
}

}  // namespace arena::battleship_adapter
