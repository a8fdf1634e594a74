#include "python_link.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/config/config_error.hpp"

namespace py = pybind11;

namespace arena::python {

namespace {

// The GIL for a worker thread. The first time on a thread its Python thread
// state is kept for good (inc_ref), so that later decisions only take the
// lock instead of making and freeing a thread state each time.
class Gil {
 public:
  Gil() {
    thread_local bool kept = false;
    if (!kept) {
      gil_.inc_ref();
      kept = true;
    }
  }

 private:
  py::gil_scoped_acquire gil_;
};

// What an exception raised by the callable says: its type, its message and
// the line it came from (the innermost frame of its traceback).
std::string raised(const py::error_already_set& e, const py::object& extract_tb) {
  std::string text =
      fmt::format("the Python function raised {}: {}",
                  std::string(py::str(e.type().attr("__name__"))), std::string(py::str(e.value())));
  if (!e.trace()) return text;
  const py::list frames = extract_tb(e.trace());
  if (frames.empty()) return text;
  const py::handle last = frames[frames.size() - 1];
  return text + fmt::format(" (at {}:{}, in {})", std::string(py::str(last.attr("filename"))),
                            last.attr("lineno").cast<int>(),
                            std::string(py::str(last.attr("name"))));
}

class PythonLink final : public BotLink {
 public:
  PythonLink(const BotSpec& spec, const Callables& callables, PyObject* callable)
      : spec_(spec), callables_(callables), callable_(callable) {
    Gil gil;
    if (callables.takes_session(callable))
      session_ = callables.session_class()(to_python(spec.hello));
  }
  ~PythonLink() override {
    Gil gil;
    rng_ = py::object();
    session_ = py::object();
  }

  void ready() override {}

  void start_game(uint64_t game, int seat, int seats, uint64_t seed) override {
    Gil gil;
    if (session_) {
      session_.attr("_start")(to_python(nlohmann::json{
          {"type", "game"}, {"game", game}, {"seat", seat}, {"seats", seats}, {"seed", seed}}));
    }
    rng_ = callables_.random_class()(seed);
  }

  nlohmann::json decide(const nlohmann::json& view) override {
    Gil gil;
    py::object reply;
    try {
      const auto callable = py::reinterpret_borrow<py::object>(callable_);
      reply =
          session_ ? callable(to_python(view), rng_, session_) : callable(to_python(view), rng_);
    } catch (py::error_already_set& e) {
      throw StrategyFault(spec_.variant, Fault::kThrew, raised(e, callables_.extract_tb()));
    }
    if (!py::isinstance<py::dict>(reply)) {
      reject(fmt::format("the Python function returned {}, not a dict (a move, docs/protocol.md)",
                         std::string(py::str(py::type::of(reply).attr("__name__")))));
    }
    nlohmann::json move;
    try {
      move = from_python(reply);
    } catch (const std::invalid_argument& e) {
      reject(e.what());
    }
    if (!move.contains("type")) move["type"] = "move";
    if (move["type"] != "move") reject("the move's \"type\" is not \"move\"");
    return move;
  }

  [[noreturn]] void reject(const std::string& why) override {
    throw StrategyFault(spec_.variant, Fault::kProtocolError, why);
  }

 private:
  const BotSpec& spec_;
  const Callables& callables_;  // outlives the link (its in_process_links holds it)
  PyObject* callable_;          // owned by callables_
  py::object session_;          // an arena.Session when the callable takes one
  py::object rng_;              // this game's random.Random
};

}  // namespace

Callables::Callables(const py::dict& players)
    : random_class_(py::module_::import("random").attr("Random")),
      package_(py::module_::import("arena")),
      session_class_(package_.attr("Session")),
      extract_tb_(py::module_::import("traceback").attr("extract_tb")) {
  for (const auto& [name, callable] : players)
    add(py::cast<std::string>(name), py::reinterpret_borrow<py::object>(callable));
}

Callables::~Callables() {
  Gil gil;
  by_name_.clear();
  random_class_ = py::object();
  package_ = py::object();
  session_class_ = py::object();
  extract_tb_ = py::object();
}

void Callables::add(const std::string& name, py::object callable) {
  const bool session = package_.attr("_takes_session")(callable).cast<bool>();
  by_name_[name] = {std::move(callable), session};
}

bool Callables::takes_session(PyObject* callable) const {
  for (const auto& [name, entry] : by_name_)
    if (entry.callable.ptr() == callable) return entry.takes_session;
  return false;
}

PyObject* Callables::find(const std::string& name) const {
  const auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second.callable.ptr();
}

void Callables::import_named(const std::string& name, const std::string& function) {
  const size_t colon = function.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == function.size()) {
    throw InputError(
        fmt::format("player {}: params.function '{}' is not module:function", name, function));
  }
  Gil gil;
  try {
    py::object found = py::module_::import(function.substr(0, colon).c_str());
    for (size_t at = colon + 1; at <= function.size();) {
      const size_t dot = std::min(function.find('.', at), function.size());
      found = found.attr(function.substr(at, dot - at).c_str());
      at = dot + 1;
    }
    if (!PyCallable_Check(found.ptr())) throw std::invalid_argument("it is not callable");
    add(name, std::move(found));
  } catch (const std::exception& e) {
    throw InputError(fmt::format("player {}: params.function '{}': {}", name, function, e.what()));
  }
}

void give_links(BotSpec& spec, const std::shared_ptr<Callables>& callables) {
  if (!spec.in_process) return;
  const std::string& function = spec.command;  // a python player's params.function
  if (!callables->find(spec.name) && !function.empty())
    callables->import_named(spec.name, function);
  PyObject* callable = callables->find(spec.name);
  if (!callable) return;  // the run stops before it starts, naming the player
  spec.in_process_links = [callables, callable](const BotSpec& s) -> std::unique_ptr<BotLink> {
    return std::make_unique<PythonLink>(s, *callables, callable);
  };
}

py::object to_python(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items())
        out[py::str(key)] = to_python(item);
      return out;
    }
    case nlohmann::json::value_t::array: {
      py::list out(value.size());
      for (size_t i = 0; i < value.size(); ++i)
        out[i] = to_python(value[i]);
      return out;
    }
    case nlohmann::json::value_t::string:
      return py::str(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::boolean:
      return py::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(value.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(value.get<uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(value.get<double>());
    default:
      return py::none();
  }
}

nlohmann::json from_python(py::handle value) {
  if (value.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) return value.cast<int64_t>();
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::dict>(value)) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, item] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key))
        throw std::invalid_argument("a key of the returned dict is not a str");
      out[key.cast<std::string>()] = from_python(item);
    }
    return out;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : value)
      out.push_back(from_python(item));
    return out;
  }
  // numpy integers and the like: anything that converts to an int exactly.
  if (py::hasattr(value, "__index__"))
    return py::reinterpret_borrow<py::object>(value).attr("__index__")().cast<int64_t>();
  throw std::invalid_argument(
      fmt::format("the returned move holds a {}, which JSON has no form for",
                  std::string(py::str(py::type::of(value).attr("__name__")))));
}

}  // namespace arena::python
