// Typed engine and strategy parameters: their specs (type, default, range)
// and the resolved values a strategy or a game is built from.
//
// Contract: a ParamSpec list is the one place an engine's or a strategy's
// parameters and defaults are declared (engines declare them beside their
// code; they know nothing of configs). The harness validates configs against
// the lists and fills every default, so a ParamSet always holds every
// parameter of its spec, in spec order.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace arena {

enum class ParamType {
  kInt,        // integer in [min, max]
  kReal,       // number in [min, max]
  kBool,       // true / false
  kChoice,     // one of `choices`
  kNameToInt,  // ordered map name -> integer in [min, max] (e.g. a fleet)
  kText,       // free text (e.g. a file path); may be empty
  kIntList,    // non-empty list of integers in [min, max] (e.g. board sizes to sweep)
};

using NameToInt = std::vector<std::pair<std::string, int64_t>>;
using IntList = std::vector<int64_t>;
using ParamValue = std::variant<int64_t, double, bool, std::string, NameToInt, IntList>;

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kInt;
  ParamValue default_value;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices;
  std::string help;
  // A text naming a file relative to the config: made absolute when the config
  // is loaded, so the resolved config finds it from anywhere (replay, merge).
  bool is_file = false;
  // A time budget in milliseconds (e.g. a search's time_ms): a positive value
  // makes the strategy's moves depend on the machine's speed, so the run no
  // longer follows from its seed (replays and determinism checks say so).
  bool clock_budget = false;

  static ParamSpec integer(std::string name, int64_t def, int64_t min, int64_t max,
                           std::string help);
  static ParamSpec real(std::string name, double def, double min, double max, std::string help);
  // An integer time budget in milliseconds, 0 (none) to `max` (see clock_budget).
  static ParamSpec time_budget_ms(std::string name, int64_t def, int64_t max, std::string help);
  static ParamSpec flag(std::string name, bool def, std::string help);
  static ParamSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  static ParamSpec name_to_int(std::string name, NameToInt def, int64_t min, int64_t max,
                               std::string help);
  static ParamSpec text(std::string name, std::string def, std::string help);
  // A text naming a file (see is_file); empty by default.
  static ParamSpec file(std::string name, std::string help);
  static ParamSpec int_list(std::string name, IntList def, int64_t min, int64_t max,
                            std::string help);
};

class ParamSet {
 public:
  void set(const std::string& name, ParamValue value);
  bool contains(const std::string& name) const;
  const ParamValue& at(const std::string& name) const;
  const std::vector<std::pair<std::string, ParamValue>>& entries() const { return entries_; }

  int64_t integer(const std::string& name) const { return std::get<int64_t>(at(name)); }
  double real(const std::string& name) const { return std::get<double>(at(name)); }
  bool flag(const std::string& name) const { return std::get<bool>(at(name)); }
  const std::string& choice(const std::string& name) const {
    return std::get<std::string>(at(name));
  }
  const NameToInt& name_to_int(const std::string& name) const {
    return std::get<NameToInt>(at(name));
  }
  const std::string& text(const std::string& name) const { return std::get<std::string>(at(name)); }
  const IntList& int_list(const std::string& name) const { return std::get<IntList>(at(name)); }

 private:
  std::vector<std::pair<std::string, ParamValue>> entries_;
};

// A ParamSet holding every default of `specs`.
ParamSet defaults_of(const std::vector<ParamSpec>& specs);

// Some parameters set to other values than their defaults (e.g. a cheaper
// setting of a search strategy).
using ParamOverrides = std::vector<std::pair<std::string, ParamValue>>;

// The defaults of `specs` with `overrides` applied. Throws std::logic_error
// for an override naming no parameter of `specs`.
ParamSet with_overrides(const std::vector<ParamSpec>& specs, const ParamOverrides& overrides);

}  // namespace arena
