// Battleship's re-deal check (HiddenInformation): a shooter sees only the
// answers to its own shots, so a fleet dealt anew that answers every shot so
// far exactly as the real one did must not change its next shot.
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/adapters/battleship/shooters.hpp"

namespace arena::battleship_adapter {
namespace {

constexpr int kGames = 5;
constexpr int kDrawsPerRedeal = 20000;  // fleets tried for one consistent with the answers
constexpr std::array kRedealAfter = {0, 1, 2, 4, 8, 16, 32, 64};  // shots before a re-deal

// The program of an external shooter, answering from its view alone: a cell
// from a hash of the view, so whatever differs in what it is shown changes
// its shot.
class ViewHashBot final : public BotLink {
 public:
  explicit ViewHashBot(int size) : size_(size) {}
  void ready() override {}
  void start_game(uint64_t /*game*/, int /*seat*/, int /*seats*/, uint64_t /*seed*/) override {}
  nlohmann::json decide(const nlohmann::json& view) override {
    const uint64_t h = std::hash<std::string>{}(view.dump());
    return {{"type", "move"}, {"row", h % size_}, {"col", h / size_ % size_}};
  }
  [[noreturn]] void reject(const std::string& why) override { throw std::logic_error(why); }

 private:
  uint64_t size_;
};

// A fresh shooter of `setting` (an external one plays `bot`).
bs::AnyShooter shooter_of(const StrategySetting& setting, const Tables& tables, ViewHashBot& bot) {
  return bs::Strategies::make_default(setting.strategy, setting.overrides,
                                      bs::ShooterContext{tables.density, nullptr},
                                      ExternalSeat{&bot, 0, 0, 1});
}

struct Shots {
  std::vector<int> cells;
  std::vector<bs::ShotResult> answers;
};

// The shooter's game against `layout`, shot by shot, up to `limit` shots
// (the game's own cap by default).
Shots play(bs::AnyShooter shooter, const Tables& tables, const bs::Layout& layout, Rng rng,
           size_t limit = 0) {
  const bs::Rules& rules = tables.rules();
  if (limit == 0) limit = static_cast<size_t>(4 * rules.cells());
  bs::Ocean ocean(rules, layout);
  Shots shots;
  while (!ocean.fleet_sunk() && shots.cells.size() < limit) {
    const int cell = std::visit([&](auto& s) { return s.choose(rng); }, shooter);
    if (cell < 0 || cell >= rules.cells()) break;  // off the board: the game would end here
    const bs::ShotResult answer = ocean.shoot(cell);
    std::visit([&](auto& s) { s.observe(cell, answer); }, shooter);
    shots.cells.push_back(cell);
    shots.answers.push_back(answer);
  }
  return shots;
}

bool same_answer(const bs::ShotResult& a, const bs::ShotResult& b) {
  return a.kind == b.kind && a.ship == b.ship && a.repeated == b.repeated && a.sunk == b.sunk;
}

// A fleet other than `real` that answers the first `k` shots alike, if one
// turns up within kDrawsPerRedeal draws.
std::optional<bs::Layout> redeal(const Tables& tables, const bs::Layout& real, const Shots& shots,
                                 size_t k, Rng& rng) {
  for (int draw = 0; draw < kDrawsPerRedeal; ++draw) {
    const bs::Layout other = tables.defender.draw(rng);
    if (other.ships == real.ships) continue;
    bs::Ocean ocean(tables.rules(), other);
    bool alike = true;
    for (size_t i = 0; i < k && alike; ++i)
      alike = same_answer(ocean.shoot(shots.cells[i]), shots.answers[i]);
    if (alike) return other;
  }
  return std::nullopt;
}

}  // namespace

RedealReport redeal_check(const StrategySetting& setting, uint64_t seed) {
  const Tables tables(bs::Rules{}, bs::Defender::kUniform);
  ViewHashBot bot(tables.rules().size);
  RedealReport report;
  for (uint64_t game = 0; game < kGames; ++game) {
    Rng environment(derive_seed(seed, 0, game, Purpose::kEnvironment));
    const bs::Layout real = tables.defender.draw(environment);
    const Rng rng(derive_seed(seed, 0, game, player_purpose(0)));
    const Shots shots = play(shooter_of(setting, tables, bot), tables, real, rng);
    Rng redeal_rng(derive_seed(seed, 0, game, Purpose::kRedeal));
    for (const int after : kRedealAfter) {
      const auto k = static_cast<size_t>(after);
      if (k >= shots.cells.size()) break;
      const auto other = redeal(tables, real, shots, k, redeal_rng);
      if (!other) continue;
      ++report.redeals;
      // The same shooter on the re-dealt fleet: its first k + 1 shots are the real ones.
      const Shots again = play(shooter_of(setting, tables, bot), tables, *other, rng, k + 1);
      for (size_t i = 0; i <= k; ++i) {
        ++report.decisions;
        if (i >= again.cells.size() || again.cells[i] != shots.cells[i]) {
          report.difference = fmt::format("game {}: fleet re-dealt after {} shots, shot {} changed",
                                          game, k, i + 1);
          return report;
        }
      }
    }
  }
  return report;
}

}  // namespace arena::battleship_adapter
