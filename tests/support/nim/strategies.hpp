// Nim's strategies, each declared as engines/core/strategy_list.hpp says and
// listed once in Strategies below. `random` and `optimal` play properly;
// `throws`, `illegal` and `slow` fail on a `rate` share of their decisions
// (drawn from their own seeded stream, so which games fail is reproducible),
// for the forfeit tests.
//
// A shipped engine keeps each strategy in its own file under
// engines/<game>/strategies/ (included by the generated strategies/all.hpp);
// this test-only engine keeps them together here.
#pragma once

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena::nim {

// A legal take, uniformly.
inline int random_take(int pile, int max_take, Rng& rng) {
  return 1 + static_cast<int>(rng.below(static_cast<uint64_t>(std::min(pile, max_take))));
}

struct RandomTaker {
  struct Params {};
  static StrategyInfo info() { return {"random", "a legal take, uniformly", {}}; }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit RandomTaker(const Params& /*params*/ = {}) {}
  int take(int pile, int max_take, Rng& rng) const { return random_take(pile, max_take, rng); }
};

// Leaves a multiple of max_take + 1 stones whenever it can: the winning play.
struct OptimalTaker {
  struct Params {};
  static StrategyInfo info() {
    return {
        "optimal", "leaves a multiple of max_take + 1 stones when it can, else a random take", {}};
  }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  explicit OptimalTaker(const Params& /*params*/) {}
  int take(int pile, int max_take, Rng& rng) const {
    const int winning = pile % (max_take + 1);
    return winning > 0 ? winning : random_take(pile, max_take, rng);
  }
};

inline ParamSpec rate_param() {
  return ParamSpec::real("rate", 0.1, 0, 1, "share of decisions that fail");
}

struct FaultParams {
  double rate = 0.1;
  double sleep_ms = 0;
};

// A random take, except on a `rate` share of decisions, where Fail says what
// happens (Fail declares the strategy: name, help, parameters).
template <class Fail>
struct FaultyTaker {
  using Params = FaultParams;
  static StrategyInfo info() {
    StrategyInfo info = Fail::info();
    info.faulty = true;  // the conformance suite leaves it out
    return info;
  }
  static Params params_from(const ParamSet& values) {
    return {values.real("rate"), values.contains("sleep_ms") ? values.real("sleep_ms") : 0};
  }
  explicit FaultyTaker(const Params& p) : params(p) {}
  int take(int pile, int max_take, Rng& rng) const {
    const int legal = random_take(pile, max_take, rng);
    if (rng.uniform01() >= params.rate) return legal;
    return Fail::fail(params, legal, max_take);
  }
  Params params;
};

struct Throws {
  static StrategyInfo info() {
    return {"throws", "throws on a share of its decisions", {rate_param()}};
  }
  static int fail(const FaultParams& /*params*/, int /*legal*/, int /*max_take*/) {
    throw std::runtime_error("deliberate failure");
  }
};

struct Illegal {
  static StrategyInfo info() {
    return {"illegal", "takes max_take + 1 stones on a share of its decisions", {rate_param()}};
  }
  static int fail(const FaultParams& /*params*/, int /*legal*/, int max_take) {
    return max_take + 1;
  }
};

struct Slow {
  static StrategyInfo info() {
    return {"slow",
            "sleeps before a share of its decisions",
            {rate_param(),
             ParamSpec::real("sleep_ms", 20, 0, 10000, "sleep before a failing decision")}};
  }
  static int fail(const FaultParams& params, int legal, int /*max_take*/) {
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(params.sleep_ms));
    return legal;
  }
};

using Strategies = StrategyList<  //
    RandomTaker,                  //
    OptimalTaker,                 //
    FaultyTaker<Throws>,          //
    FaultyTaker<Illegal>,         //
    FaultyTaker<Slow>>;

}  // namespace arena::nim
