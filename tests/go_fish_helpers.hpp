// Helpers shared by the Go Fish tests: hand-built positions and whole games.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "engines/core/decision_timer.hpp"
#include "engines/go_fish/play.hpp"

namespace go_fish_test {

using namespace arena;
using namespace arena::go_fish;

inline Hand hand_of(const std::vector<int>& ranks) {
  Hand h;
  for (int r : ranks)
    h.add(r);
  return h;
}

// A position: these hands, this stock (drawn first to last), `first` to move.
// Ranks absent from the hands and the stock are booked by owners[r] when given,
// else by seat r % players.
inline Game position(const Rules& rules, const std::vector<std::vector<int>>& hands,
                     const std::vector<int>& stock, int first = 0, std::vector<int> owners = {}) {
  std::vector<Hand> h;
  std::array<int, kMaxRanks> present{};
  for (const auto& ranks : hands) {
    h.push_back(hand_of(ranks));
    for (int r : ranks)
      ++present[r];
  }
  std::vector<int8_t> s;
  for (int r : stock) {
    s.push_back(static_cast<int8_t>(r));
    ++present[r];
  }
  if (owners.empty())
    for (int r = 0; r < rules.ranks; ++r)
      owners.push_back(present[r] ? -1 : r % rules.players);
  return Game::arranged(rules, h, s, first, owners);
}

// Every registered strategy's name, in list order (engines/go_fish/strategies.hpp),
// but `external`, which needs a program (tests/test_external.cpp plays it).
inline std::vector<std::string> strategy_names() {
  std::vector<std::string> names;
  for (const StrategyInfo& info : Strategies::infos())
    if (!info.external) names.push_back(info.name);
  return names;
}

inline Rules rules_for(int players, Preset preset = Preset::kStandard) {
  Rules r;
  r.players = players;
  r.preset = preset;
  return r;
}

// One game of `players` (names, one per seat) from deal `deal`; each seat's Rng
// is derived from (deal, seat). `on_step` sees the game after every ask.
inline GameResult play(const Rules& rules, const std::vector<std::string>& names, uint64_t deal,
                       const std::function<void(const Game&)>& on_step = {},
                       std::vector<uint64_t> rng_ids = {}) {
  std::vector<AnyPlayer> seats;
  std::vector<Rng> rngs;
  std::vector<int> who;
  for (size_t s = 0; s < names.size(); ++s) {
    seats.push_back(Strategies::make_default(names[s]));
    const uint64_t id = rng_ids.empty() ? s : rng_ids[s];
    rngs.emplace_back(derive_seed(11, 0, deal, player_purpose(id)));
    who.push_back(static_cast<int>(s));
  }
  Rng deal_rng(derive_seed(11, 0, deal, Purpose::kEnvironment));
  NullTimer timer;
  return play_game(rules, std::span(seats), deal_rng, std::span(rngs), timer,
                   std::span<const int>(who), [&](const Game& g) {
                     if (on_step) on_step(g);
                   });
}

}  // namespace go_fish_test
