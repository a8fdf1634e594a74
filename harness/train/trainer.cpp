#include "harness/train/trainer.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include "engines/core/decision_timer.hpp"
#include "engines/go_fish/play.hpp"
#include "harness/adapters/go_fish.hpp"
#include "harness/stats/proportion.hpp"

namespace arena {
namespace gf = go_fish;

namespace {

// The streams' "match" component: training games and evaluation deals never share one.
constexpr uint64_t kTrainMatch = 1;
constexpr uint64_t kEvalMatch = 2;
constexpr uint64_t kSetupPurpose = 7;  // a game's table size, seats and opponents

// A seat's share of the win: 1/winners for a seat ranked first, else 0.
double share_of(const gf::GameResult& r, int seat) {
  return r.rank[static_cast<size_t>(seat)] == 1 ? 1.0 / r.winners : 0.0;
}

double final_margin(const gf::GameResult& r, int seat) {
  double others = 0;
  for (int p = 0; p < r.players; ++p)
    if (p != seat) others += r.books[static_cast<size_t>(p)];
  return r.books[static_cast<size_t>(seat)] - others / (r.players - 1);
}

// Plays one game with these seats; seat s draws from (seed, match, stream, player s).
gf::GameResult play(const gf::Rules& rules, std::span<gf::AnyPlayer> seats, uint64_t seed,
                    uint64_t match, uint64_t deal, uint64_t stream) {
  std::vector<Rng> rngs;
  std::vector<int> who;
  for (size_t s = 0; s < seats.size(); ++s) {
    rngs.emplace_back(derive_seed(seed, match, stream, player_purpose(s)));
    who.push_back(static_cast<int>(s));
  }
  Rng deal_rng(derive_seed(seed, match, deal, Purpose::kEnvironment));
  NullTimer timer;
  return gf::play_game(rules, seats, deal_rng, std::span(rngs), timer, std::span<const int>(who));
}

gf::AnyPlayer learner(const std::shared_ptr<const gf::QTable>& table, double exploration) {
  return gf::AnyPlayer(std::in_place_type<gf::QLearningPlayer>,
                       gf::QLearningParams{table, exploration});
}

}  // namespace

struct Trainer::Outcome {
  int seats = 0;
  std::array<gf::QTrace, gf::kMaxPlayers> traces;
  std::array<bool, gf::kMaxPlayers> learns{};
  std::array<double, gf::kMaxPlayers> margin{};
};

Trainer::Trainer(const TrainConfig& config, uint64_t seed, int threads)
    : config_(config),
      seed_(seed),
      threads_(threads > 0 ? threads : tbb::info::default_concurrency()),
      players_(go_fish_players(config.run)),
      arena_(std::make_unique<tbb::task_arena>(threads_)) {
  rules_.resize(gf::kMaxPlayers + 1);
  std::vector<int> sizes = config.seats;
  sizes.push_back(config.evaluate.seats);
  for (const int n : sizes)
    rules_[static_cast<size_t>(n)] = go_fish_rules(config.run, n);
}

Trainer::~Trainer() = default;

template <class F>
void Trainer::parallel(uint64_t count, F&& body) const {
  arena_->execute([&] { tbb::parallel_for(uint64_t{0}, count, [&](uint64_t i) { body(i); }); });
}

// Game `game`: its table size, the learner's seat and the other seats'
// opponents from its setup stream; every learner seat records its decisions.
Trainer::Outcome Trainer::play_training_game(uint64_t game,
                                             const std::shared_ptr<const gf::QTable>& table,
                                             double exploration) const {
  Rng setup(derive_seed(seed_, kTrainMatch, game, kSetupPurpose));
  Outcome out;
  out.seats = config_.seats[setup.below(config_.seats.size())];
  const auto mine = static_cast<int>(setup.below(static_cast<uint64_t>(out.seats)));
  std::array<gf::AnyPlayer, gf::kMaxPlayers> seats;
  for (int s = 0; s < out.seats; ++s) {
    const int who =
        s == mine ? TrainConfig::kSelf : config_.opponents[setup.below(config_.opponents.size())];
    out.learns[static_cast<size_t>(s)] = who == TrainConfig::kSelf;
    seats[static_cast<size_t>(s)] = who == TrainConfig::kSelf
                                        ? learner(table, exploration)
                                        : gf::Strategies::make(players_[static_cast<size_t>(who)]);
    if (who == TrainConfig::kSelf)
      std::get<gf::QLearningPlayer>(seats[static_cast<size_t>(s)])
          .record(&out.traces[static_cast<size_t>(s)]);
  }
  const gf::GameResult r =
      play(rules_[static_cast<size_t>(out.seats)],
           std::span(seats.data(), static_cast<size_t>(out.seats)), seed_, kTrainMatch, game, game);
  for (int s = 0; s < out.seats; ++s)
    out.margin[static_cast<size_t>(s)] = final_margin(r, s);
  return out;
}

void Trainer::learn(gf::QTable& table, const gf::QTrace& trace, double end_margin) const {
  const auto& steps = trace.steps;
  for (size_t i = 0; i < steps.size(); ++i) {
    const bool last = i + 1 == steps.size();
    double target = (last ? end_margin : steps[i + 1].margin) - steps[i].margin;
    if (!last) {
      double best = -std::numeric_limits<double>::infinity();
      const auto& next = steps[i + 1];
      for (uint32_t k = next.first; k < next.first + next.count; ++k)
        best = std::max(best, table.value(trace.keys[k]));
      target += config_.discount * best;
    }
    table.update(steps[i].chosen, target, config_.learning_rate);
  }
}

void Trainer::advance(TrainState& state, Progress* progress) const {
  const auto frozen = std::make_shared<const gf::QTable>(state.table);
  const double exploration = config_.exploration_at(state.next_game);
  std::vector<Outcome> outcomes(config_.batch);
  parallel(config_.batch, [&](uint64_t i) {
    outcomes[i] = play_training_game(state.next_game + i, frozen, exploration);
    if (progress) progress->add(1);
  });
  for (const Outcome& o : outcomes) {  // game-index order: the same at any thread count
    for (int s = 0; s < o.seats; ++s) {
      if (!o.learns[static_cast<size_t>(s)]) continue;
      learn(state.table, o.traces[static_cast<size_t>(s)], o.margin[static_cast<size_t>(s)]);
      state.updates += o.traces[static_cast<size_t>(s)].steps.size();
    }
  }
  state.next_game += config_.batch;
  if (config_.evaluate.at_point(state.next_game, config_.games)) {
    for (const CurvePoint& p : evaluate(state.table, state.next_game))
      state.curve.push_back(p);
  }
}

// Evaluation game `index` against `opponent`: deal index / seats, the
// learner in seat index % seats, every other seat the opponent.
double Trainer::play_evaluation_game(uint64_t index, int opponent,
                                     const std::shared_ptr<const gf::QTable>& table) const {
  const int n = config_.evaluate.seats;
  const auto mine = static_cast<int>(index % static_cast<uint64_t>(n));
  std::array<gf::AnyPlayer, gf::kMaxPlayers> seats;
  for (int s = 0; s < n; ++s)
    seats[static_cast<size_t>(s)] =
        s == mine ? learner(table, 0)
                  : gf::Strategies::make(players_[static_cast<size_t>(opponent)]);
  const gf::GameResult r =
      play(rules_[static_cast<size_t>(n)], std::span(seats.data(), static_cast<size_t>(n)), seed_,
           kEvalMatch, index / static_cast<uint64_t>(n), index);
  return share_of(r, mine);
}

std::vector<CurvePoint> Trainer::evaluate(const gf::QTable& table, uint64_t games) const {
  const auto frozen = std::make_shared<const gf::QTable>(table);
  std::vector<CurvePoint> points;
  for (const int opponent : config_.evaluate.against) {
    std::vector<double> shares(config_.evaluate.games);
    parallel(shares.size(),
             [&](uint64_t i) { shares[i] = play_evaluation_game(i, opponent, frozen); });
    double sum = 0;
    for (const double s : shares)  // in index order: sums do not depend on scheduling
      sum += s;
    const auto n = static_cast<double>(shares.size());
    const auto [lo, hi] = wilson_interval(sum / n, n);
    points.push_back({games, opponent, shares.size(), sum / n, lo, hi});
  }
  return points;
}

TrainState Trainer::initial_state() const {
  TrainState state;
  if (config_.start == TrainStart::kPolicy) {
    const auto& learner_params =
        std::get<Bound<gf::QLearningPlayer>>(players_[static_cast<size_t>(config_.learner)]);
    state.table = learner_params.params.table ? *learner_params.params.table : gf::QTable::prior();
  }
  state.curve = evaluate(state.table, 0);
  return state;
}

nlohmann::json TrainState::to_json() const {
  nlohmann::json points = nlohmann::json::array();
  for (const CurvePoint& p : curve)
    points.push_back({p.games, p.opponent, p.eval_games, p.win_share, p.ci_low, p.ci_high});
  return {{"table", table.to_json()},
          {"next_game", next_game},
          {"updates", updates},
          {"curve", points}};
}

TrainState TrainState::from_json(const nlohmann::json& j) {
  TrainState s;
  s.table = go_fish::QTable::from_json(j.at("table"));
  s.next_game = j.at("next_game").get<uint64_t>();
  s.updates = j.at("updates").get<uint64_t>();
  for (const auto& p : j.at("curve"))
    s.curve.push_back({p.at(0).get<uint64_t>(), p.at(1).get<int>(), p.at(2).get<uint64_t>(),
                       p.at(3).get<double>(), p.at(4).get<double>(), p.at(5).get<double>()});
  return s;
}

}  // namespace arena
