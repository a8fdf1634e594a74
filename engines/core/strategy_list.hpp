// How a strategy declares itself, and an engine's list of its strategies.
//
// Contract: a strategy type S declares, beside its code,
//   static StrategyInfo info();                   its name, one-line help and
//                                                 parameters (defaults, ranges);
//   struct Params { ... };                        what it is built from;
//   static Params params_from(const ParamSet& p); p holds every parameter of info();
// and is constructible for one game from (const Params&, the engine's context...).
// An engine names its strategies once, in a StrategyList<S...>: everything else
// (the variant its game loops visit, the names configs and `arena list` know,
// building a player from a config) is derived from that list. Dispatch stays
// compile-time: a player is a std::variant, visited once per decision.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "engines/core/params.hpp"

namespace arena {

struct StrategyInfo {
  std::string name;  // lower-case with hyphens, unique within its engine
  std::string help;  // one line
  std::vector<ParamSpec> params;
  // A few other settings worth playing besides the defaults (the conformance
  // suite and the benchmarks play each), e.g. the seed's evaluation.
  std::vector<ParamOverrides> samples = {};
  // Applied on top of any setting where a test needs the strategy cheap
  // (e.g. a shallower search); empty when the defaults are cheap already.
  ParamOverrides quick = {};
  // Played by a separate program (engines/core/bot_link.hpp): built only
  // where the harness gives it one.
  bool external = false;
  // Settings documented not to end their games within the engine's bound
  // (e.g. the seed's evaluation holds its last pieces back): a setting stalls
  // when its parameters hold every value of one entry; an empty entry matches
  // every setting. The conformance suite lets these games be cut off; every
  // other setting must end its games.
  std::vector<ParamOverrides> stalls = {};
  // Fails on purpose (a test engine's faulty strategies, for the forfeit
  // tests): the conformance suite leaves it out.
  bool faulty = false;
};

// One setting of a strategy: its defaults (sample 0) or its declared sample
// `sample` (1-based), as overrides of the defaults.
struct StrategySetting {
  std::string strategy;
  int sample = 0;
  ParamOverrides overrides;
};

// Every strategy of `infos` at its defaults, then at each of its samples; with
// `quick`, each setting with the strategy's quick overrides on top. External
// strategies (which need a program) only `with_external`.
inline std::vector<StrategySetting> settings_of(const std::vector<StrategyInfo>& infos, bool quick,
                                                bool with_external = false) {
  std::vector<StrategySetting> out;
  for (const StrategyInfo& info : infos) {
    if (info.external && !with_external) continue;
    for (size_t i = 0; i <= info.samples.size(); ++i) {
      ParamOverrides overrides = i == 0 ? ParamOverrides{} : info.samples[i - 1];
      if (quick) overrides.insert(overrides.end(), info.quick.begin(), info.quick.end());
      out.push_back({info.name, static_cast<int>(i), std::move(overrides)});
    }
  }
  return out;
}

// Whether `setting` of the strategy `info` declares is one it says stalls.
inline bool stalls(const StrategyInfo& info, const StrategySetting& setting) {
  const ParamSet values = with_overrides(info.params, setting.overrides);
  for (const ParamOverrides& entry : info.stalls) {
    bool all = true;
    for (const auto& [key, value] : entry)
      all = all && values.contains(key) && values.at(key) == value;
    if (all) return true;
  }
  return false;
}

template <class S>
concept DeclaredStrategy = requires(const ParamSet& values) {
  { S::info() } -> std::same_as<StrategyInfo>;
  typename S::Params;
  { S::params_from(values) } -> std::same_as<typename S::Params>;
};

// A strategy with its parameters read, ready to build a player of S for each game.
template <DeclaredStrategy S>
struct Bound {
  using Strategy = S;
  typename S::Params params;
};

template <DeclaredStrategy... S>
struct StrategyList {
  static_assert(sizeof...(S) > 0, "an engine needs at least one strategy");

  // One value type for any of the strategies: what a game loop plays.
  using Player = std::variant<S...>;
  // Any of the strategies with its parameters read.
  using Bound = std::variant<arena::Bound<S>...>;

  static constexpr size_t size() { return sizeof...(S); }

 private:
  template <class T, class Tuple, size_t... I>
  static constexpr bool takes(std::index_sequence<I...> /*first*/) {
    return std::is_constructible_v<T, const typename T::Params&, std::tuple_element_t<I, Tuple>...>;
  }
  // T from its params and the first N elements of `args`, or fewer.
  template <class T, size_t N, class Tuple>
  static Player construct(const typename T::Params& params, const Tuple& args) {
    if constexpr (N == 0) {
      if constexpr (std::is_constructible_v<T, const typename T::Params&>) {
        return Player(std::in_place_type<T>, params);
      } else {
        // e.g. an external strategy built where no program was given for it
        throw std::logic_error("strategy '" + T::info().name +
                               "' cannot be built without what its constructor needs");
      }
    } else if constexpr (takes<T, Tuple>(std::make_index_sequence<N>())) {
      return [&]<size_t... I>(std::index_sequence<I...>) {
        return Player(std::in_place_type<T>, params, std::get<I>(args)...);
      }
      (std::make_index_sequence<N>());
    } else {
      return construct<T, N - 1>(params, args);
    }
  }

 public:
  // Every strategy's declaration, in list order. Throws std::logic_error when
  // two strategies share a name.
  static std::vector<StrategyInfo> infos() {
    std::vector<StrategyInfo> all = {S::info()...};
    for (size_t i = 0; i < all.size(); ++i)
      for (size_t j = i + 1; j < all.size(); ++j)
        if (all[i].name == all[j].name)
          throw std::logic_error("two strategies are named '" + all[i].name + "'");
    return all;
  }

  // The strategy called `name` with `values` (every parameter of its info()),
  // or nullopt for a name the list does not hold.
  static std::optional<Bound> bind(std::string_view name, const ParamSet& values) {
    std::optional<Bound> bound;
    ((!bound && S::info().name == name
          ? void(bound.emplace(arena::Bound<S>{S::params_from(values)}))
          : void()),
     ...);
    return bound;
  }

  // A fresh player of the bound strategy, built from its Params and the
  // longest prefix of `context` its constructor takes (a strategy that needs
  // none of the context takes its Params alone).
  template <class... Context>
  static Player make(const Bound& bound, const Context&... context) {
    const auto args = std::forward_as_tuple(context...);
    return std::visit(
        [&](const auto& b) -> Player {
          using T = typename std::decay_t<decltype(b)>::Strategy;
          return construct<T, sizeof...(Context)>(b.params, args);
        },
        bound);
  }

  // The strategy called `name` with its defaults but for `overrides` (tests,
  // benchmarks). Throws std::invalid_argument for a name the list does not hold.
  static Bound bind_defaults(std::string_view name, const ParamOverrides& overrides = {}) {
    for (const StrategyInfo& info : infos()) {
      if (info.name == name) return *bind(name, with_overrides(info.params, overrides));
    }
    throw std::invalid_argument("no strategy named '" + std::string(name) + "'");
  }

  // A player of bind_defaults(name, overrides).
  template <class... Context>
  static Player make_default(std::string_view name, const ParamOverrides& overrides = {},
                             Context&&... context) {
    return make(bind_defaults(name, overrides), context...);
  }
};

}  // namespace arena
