// Playing one whole Go Fish game between strategies.
//
// Contract: `seats[s]` plays seat s (seat 0 moves first, or under kRlcard the
// seat first_to_move draws) with `seat_rngs[s]`; `deal_rng` only shuffles the
// deck and draws that seat (the environment stream shared by games that replay
// a deal with other seatings). Every decision is timed as
// `timer.decide(who[s], ...)` and passes through it as one int (encode(Ask)).
// Strategies see only PlayerViews: begin() once, then every public event
// through observe(), then decide() on their turns. `on_step(game)` is called
// after the deal and after every ask (tests check invariants there). The game
// keeps its public history only when some strategy observes events (see
// detail::observes), so `on_step` sees an empty history() in games between
// strategies that declare kObserves = false. The history buffer is reused per
// thread, so a game allocates nothing once warm.
// Throws std::invalid_argument for unplayable rules or seat counts that do not
// match, and StrategyFault (kIllegalMove, naming who[s]) for an illegal ask.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "engines/core/rng.hpp"
#include "engines/core/strategy_fault.hpp"
#include "engines/go_fish/game.hpp"
#include "engines/go_fish/strategies.hpp"

namespace arena::go_fish {

// This thread's reusable history buffer (empty while a game has borrowed it).
std::vector<PublicEvent>& thread_history_buffer();

namespace detail {

template <class S>
constexpr bool observes() {
  if constexpr (requires { S::kObserves; })
    return S::kObserves;
  else
    return true;
}

// The seats whose strategies want events (a strategy without observe state can
// declare kObserves = false: the 2-player random game then broadcasts nothing).
struct Listeners {
  std::array<int8_t, kMaxPlayers> seat{};
  int size = 0;
};
inline Listeners listeners(std::span<AnyPlayer> seats) {
  Listeners l;
  for (size_t s = 0; s < seats.size(); ++s)
    if (std::visit([](auto& p) { return observes<std::decay_t<decltype(p)>>(); }, seats[s]))
      l.seat[l.size++] = static_cast<int8_t>(s);
  return l;
}

// Sends history[from..] to every listening seat through `observe(seat,
// event)`; returns the new end.
template <class Observe>
size_t broadcast(const Game& game, const Listeners& to, size_t from, Observe& observe) {
  if (to.size == 0) return from;  // then the game keeps no history either
  const auto history = game.history();
  for (; from < history.size(); ++from)
    for (int i = 0; i < to.size; ++i)
      observe(to.seat[i], history[from]);
  return from;
}

// Plays `game` to the end, asking `decide(seat)` for each ask and telling the
// listeners every event through `observe(seat, event)`.
template <class Timer, class OnStep, class Decide, class Observe>
void play_out(Game& game, const Listeners& to, Timer& timer, std::span<const int> who,
              OnStep& on_step, Decide&& decide, Observe&& observe) {
  size_t seen = broadcast(game, to, 0, observe);
  on_step(std::as_const(game));
  while (!game.over()) {
    const int p = game.to_move();
    const int code = timer.decide(who[p], [&] { return encode(decide(p)); });
    try {
      game.play(decode(code));
    } catch (const std::invalid_argument& illegal) {
      throw StrategyFault(who[p], Fault::kIllegalMove, illegal.what());
    }
    seen = broadcast(game, to, seen, observe);
    on_step(std::as_const(game));
  }
}

// play_out with every seat's strategy of type S: direct calls the compiler
// can inline, instead of a variant dispatch per event and listener (most of
// a cheap game's cost when three players observe every event).
template <class S, class Timer, class OnStep>
void play_out_as(Game& game, std::span<AnyPlayer> seats, std::span<Rng> seat_rngs,
                 const Listeners& to, Timer& timer, std::span<const int> who, OnStep& on_step) {
  std::array<S*, kMaxPlayers> player{};
  for (size_t s = 0; s < seats.size(); ++s)
    player[s] = std::get_if<S>(&seats[s]);
  play_out(
      game, to, timer, who, on_step,
      [&](int p) { return player[p]->decide(game.view(p), seat_rngs[p]); },
      [&](int s, const PublicEvent& event) { player[s]->observe(event, game.view(s)); });
}

}  // namespace detail

template <class Timer, class OnStep>
GameResult play_game(const Rules& rules, std::span<AnyPlayer> seats, Rng& deal_rng,
                     std::span<Rng> seat_rngs, Timer& timer, std::span<const int> who,
                     OnStep&& on_step) {
  const auto n = static_cast<size_t>(rules.players);
  if (seats.size() != n || seat_rngs.size() != n || who.size() != n)
    throw std::invalid_argument("go fish: seats, seat_rngs and who need one entry per player");
  if (auto error = check(rules)) throw std::invalid_argument("go fish rules: " + *error);
  const Deck deck = shuffled_deck(rules, deal_rng);
  const int first = first_to_move(rules, deal_rng);
  const detail::Listeners to = detail::listeners(seats);
  Game game(rules, deck.span(), std::move(thread_history_buffer()),
            to.size > 0 ? Record::kHistory : Record::kNothing, first);
  for (size_t s = 0; s < n; ++s)
    std::visit([&](auto& player) { player.begin(game.view(static_cast<int>(s))); }, seats[s]);
  const bool uniform = std::all_of(seats.begin(), seats.end(), [&](const AnyPlayer& p) {
    return p.index() == seats.front().index();
  });
  if (uniform) {
    std::visit(
        [&](auto& first) {
          using S = std::decay_t<decltype(first)>;
          detail::play_out_as<S>(game, seats, seat_rngs, to, timer, who, on_step);
        },
        seats.front());
  } else {
    detail::play_out(
        game, to, timer, who, on_step,
        [&](int p) {
          return std::visit([&](auto& player) { return player.decide(game.view(p), seat_rngs[p]); },
                            seats[p]);
        },
        [&](int s, const PublicEvent& event) {
          std::visit([&](auto& player) { player.observe(event, game.view(s)); }, seats[s]);
        });
  }
  const GameResult result = game.result();
  thread_history_buffer() = game.release_history();
  return result;
}

template <class Timer>
GameResult play_game(const Rules& rules, std::span<AnyPlayer> seats, Rng& deal_rng,
                     std::span<Rng> seat_rngs, Timer& timer, std::span<const int> who) {
  return play_game(rules, seats, deal_rng, seat_rngs, timer, who, [](const Game&) {});
}

}  // namespace arena::go_fish
