// How engines time decisions without knowing who records them.
//
// A game loop is a template over a DecisionTimer: `timer.decide(seat, f)` calls
// f() and returns its result, timing it if the timer wants to. Engines whose
// decisions fall into phases (Battleship: hunt or target) call
// `timer.decide(seat, phase, f)` with phase in [0, kMaxPhases) so latency is
// also reported per phase. The harness passes a steady-clock recorder;
// benchmarks and tests pass NullTimer.
#pragma once

#include <concepts>
#include <cstdint>
#include <utility>

namespace arena {

// Phases a decision may be filed under (0 when an engine has no phases).
constexpr int kMaxPhases = 3;

template <class T>
concept DecisionTimer = requires(T& timer, int seat) {
  {
    timer.decide(seat, [] { return 0; })
    } -> std::same_as<int>;
};

// Calls the decision and records nothing.
struct NullTimer {
  template <class F>
  decltype(auto) decide(int /*seat*/, F&& f) {
    return std::forward<F>(f)();
  }
  template <class F>
  decltype(auto) decide(int /*seat*/, int /*phase*/, F&& f) {
    return std::forward<F>(f)();
  }
};

}  // namespace arena
