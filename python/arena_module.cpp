// The extension module `arena._arena`: what python/arena/__init__.py builds
// the Python API on (docs/python.md). Runs go through run_in_process, the
// same code as `arena run`; the GIL is released while the games play, and
// taken by each python player's decision (python_link.hpp).
#include <memory>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "harness/adapters/adapters.hpp"
#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/config/config_error.hpp"
#include "python_link.hpp"
#include "states/bind_states.hpp"

namespace py = pybind11;

namespace arena {
namespace {

const Registry& registry() {
  static const Registry shipped = make_registry();
  return shipped;
}

RunOptions options_of(const std::string& config_path, const std::optional<std::string>& text) {
  RunOptions options;
  options.config_path = config_path;
  options.config_text = text;
  return options;
}

// arena.run's core: returns (exit code, results folder). Bad input raises
// ConfigError; a run that fails, RuntimeError.
py::tuple run(const std::string& config_path, const std::optional<std::string>& config_text,
              std::optional<uint64_t> games, std::optional<int> threads,
              std::optional<uint64_t> seed, const std::string& out, bool progress, bool resume,
              bool show, bool strict, const py::dict& players, const std::string& resume_hint) {
  RunOptions options = options_of(config_path, config_text);
  options.games = games;
  options.threads = threads;
  options.seed = seed;
  options.out = out;
  options.progress = progress;  // the notes (forfeits with their reasons) go to stderr still
  options.resume = resume;
  options.print_results = show;
  options.strict = strict;
  options.resume_hint = resume_hint;
  options.signals_to_quit = 3;  // a second Ctrl-C must not end the interpreter
  const auto callables = std::make_shared<python::Callables>(players);
  options.adjust_bot = [callables](BotSpec& spec) { python::give_links(spec, callables); };
  int code = 0;
  {
    py::gil_scoped_release released;
    code = run_in_process(options, registry());
  }
  return py::make_tuple(code, out);
}

// What arena.run checks before a run: the config's name (its default
// results folder is results/NAME) and its python players, each as (name,
// params.function). Raises ConfigError for a config that does not load.
py::tuple config_outline(const std::string& config_path,
                         const std::optional<std::string>& config_text) {
  const RunConfig config = written_config(options_of(config_path, config_text), registry());
  py::list python_players;
  for (const PlayerConfig& p : config.players)
    if (p.strategy == kPythonName)
      python_players.append(py::make_tuple(p.name, p.params.text("function")));
  return py::make_tuple(config.name, python_players);
}

}  // namespace
}  // namespace arena

PYBIND11_MODULE(_arena, m) {
  m.doc() = "Arena's C++ core; use the package `arena` (docs/python.md).";
  static py::exception<arena::ConfigError> config_error(m, "ConfigError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const arena::ConfigError& e) {
      config_error(e.what());
    } catch (const arena::InputError& e) {
      config_error(e.what());
    }
  });
  m.def("run", &arena::run, py::arg("config_path"), py::arg("config_text"), py::arg("games"),
        py::arg("threads"), py::arg("seed"), py::arg("out"), py::arg("progress"), py::arg("resume"),
        py::arg("show"), py::arg("strict"), py::arg("players"), py::arg("resume_hint"));
  m.def("config_outline", &arena::config_outline, py::arg("config_path"), py::arg("config_text"));
  m.def("version", [] { return std::string(ARENA_VERSION); });
  arena::bind_game_states(m);
}
