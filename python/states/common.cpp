// The shared pieces of the game states (common.hpp): the config loader reads
// the rules, moves are read with the CPython API, outcomes follow from ranks.
#include "states/common.hpp"

#include <fmt/format.h>

#include "harness/adapters/adapters.hpp"
#include "python_link.hpp"

namespace arena::states {

namespace {

const Registry& registry() {
  static const Registry engines = make_registry();
  return engines;
}

}  // namespace

const EngineSpec& engine_named(const std::string& name) {
  const EngineSpec* engine = registry().find(name);
  if (!engine) {
    throw py::value_error(fmt::format("unknown engine '{}'; engines: {}{}", name,
                                      fmt::join(registry().names(), ", "),
                                      did_you_mean(name, registry().names())));
  }
  return *engine;
}

RunConfig config_of(const EngineSpec& engine, py::handle rules) {
  std::string rules_text = "{}";
  if (!rules.is_none()) {
    if (!py::isinstance<py::dict>(rules))
      throw py::value_error("rules: expected a dict (the config's rules: section) or None");
    rules_text = python::from_python(rules).dump();  // JSON is YAML's flow style
  }
  // The players only make the config whole: their count is the mode's least,
  // their strategy the engine's first that needs no program.
  std::string strategy;
  for (const StrategySpec& s : engine.strategies) {
    if (!s.external) {
      strategy = s.name;
      break;
    }
  }
  std::string players;
  for (int i = 0; i < std::max(1, engine.modes.front().min_players); ++i)
    players += fmt::format("  - {{name: p{}, strategy: {}}}\n", i, strategy);
  const std::string text = fmt::format("name: states\nengine: {}\nrules: {}\nplayers:\n{}",
                                       engine.name, rules_text, players);
  try {
    return parse_config(text, "<rules>", registry());
  } catch (const ConfigError& e) {
    throw py::value_error(e.message());
  }
}

void illegal(const std::string& what, const std::string& why) {
  throw py::value_error(fmt::format("illegal move {}: {}", what, why));
}

std::pair<int64_t, int64_t> row_col(py::handle move, const char* thing) {
  if (const auto pair = int_pair(move)) return *pair;
  if (!PyDict_Check(move.ptr()))
    illegal(repr_of(move),
            fmt::format("{} is [row, col], (row, col) or {{\"row\": r, \"col\": c}}", thing));
  check_move_type(move);
  const auto row = int_field(move, "row"), col = int_field(move, "col");
  if (!row || !col) illegal(repr_of(move), fmt::format("{} needs \"row\" and \"col\"", thing));
  return {*row, *col};
}

std::string repr_of(py::handle value) {
  return py::repr(value).cast<std::string>();
}

void check_move_type(py::handle dict) {
  const py::dict d = py::reinterpret_borrow<py::dict>(dict);
  if (!d.contains("type")) return;
  const py::object type = d["type"];
  if (!py::isinstance<py::str>(type) || type.cast<std::string>() != "move")
    illegal(repr_of(dict), "its \"type\" is not \"move\"");
}

int64_t as_integer(py::handle value, const std::string& what) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
    throw py::value_error(fmt::format("{} must be an integer, got {}", what, repr_of(value)));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0)
    throw py::value_error(fmt::format("{} is out of range: {}", what, repr_of(value)));
  return v;
}

std::optional<int64_t> int_field(py::handle dict, const char* key) {
  PyObject* item = PyDict_GetItemString(dict.ptr(), key);  // borrowed
  if (!item) return std::nullopt;
  if (!PyLong_Check(item) || PyBool_Check(item))
    illegal(repr_of(dict), fmt::format("its \"{}\" is not an integer", key));
  return as_integer(item, fmt::format("the move's \"{}\"", key));
}

std::optional<std::pair<int64_t, int64_t>> int_pair(py::handle move) {
  PyObject* m = move.ptr();
  PyObject* first = nullptr;
  PyObject* second = nullptr;
  if (PyTuple_Check(m) && PyTuple_GET_SIZE(m) == 2) {
    first = PyTuple_GET_ITEM(m, 0);
    second = PyTuple_GET_ITEM(m, 1);
  } else if (PyList_Check(m) && PyList_GET_SIZE(m) == 2) {
    first = PyList_GET_ITEM(m, 0);
    second = PyList_GET_ITEM(m, 1);
  } else {
    return std::nullopt;
  }
  for (PyObject* item : {first, second})
    if (!PyLong_Check(item) || PyBool_Check(item))
      illegal(repr_of(move), "its entries must be integers");
  const std::string what = "each entry of " + repr_of(move);
  return std::pair{as_integer(first, what), as_integer(second, what)};
}

void add_outcomes(py::dict& out, std::span<const int> ranks) {
  int firsts = 0;
  for (const int r : ranks)
    firsts += r == 1 ? 1 : 0;
  py::list outcomes, scores, rank_list;
  for (const int r : ranks) {
    outcomes.append(r != 1 ? "loss" : firsts > 1 ? "draw" : "win");
    scores.append(r == 1 ? 1.0 / firsts : 0.0);
    rank_list.append(r);
  }
  out["ranks"] = rank_list;
  out["outcomes"] = outcomes;
  out["scores"] = scores;
}

}  // namespace arena::states
