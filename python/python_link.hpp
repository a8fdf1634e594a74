// Python callables as players (`strategy: python`, docs/python.md).
//
// Contract: a python player is played by the engine's external strategy, as
// a program would be, over a PythonLink instead of a process: each decide()
// takes the GIL, calls the player's callable as a line-protocol bot's decide
// is called (clients/python/arena_bot.py): with the protocol's view
// (docs/protocol.md, as Python dicts and lists), a random.Random seeded from
// the game's seed as the bot's would be, and, when it takes a third argument,
// an arena.Session (the handshake, with the player's params; the game
// message; a memory emptied at each game). So the same decide plays the same
// games in process and as a program. It hands the engine the dict the
// callable returns (its "type" may be left out). A raised exception forfeits the game
// (Fault::kThrew, naming the exception); a reply that is not a dict, or that the engine cannot
// read, forfeits it as a protocol error; an illegal move as for any strategy. The GIL serialises
// the calls, so one run's python decisions never overlap, and results do not depend on the threads
// (as long as the callable decides from its view and generator alone).
//
// Every Python object here is touched with the GIL held: links are made and
// destroyed on the run's worker threads, which hold no GIL of their own.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "harness/runner/bots.hpp"

namespace arena::python {

// The callables of one run, by player name, with what their links need
// from Python, all looked up when the run starts, on the thread that holds
// the GIL (an import on a worker thread could wait for a lock that thread
// holds). Shared (a shared_ptr, copied without the GIL) by the run's links;
// released with the GIL.
class Callables {
 public:
  // `players`: name -> callable. With the GIL held.
  explicit Callables(const pybind11::dict& players);
  ~Callables();
  Callables(const Callables&) = delete;
  Callables& operator=(const Callables&) = delete;

  // The callable of player `name`; null when there is none.
  PyObject* find(const std::string& name) const;
  // Imports `function` ("module:function", or module:Class.method) as player
  // `name`'s callable; throws InputError saying why it cannot.
  void import_named(const std::string& name, const std::string& function);
  // Whether `callable` (one of these) takes a third argument, the Session.
  bool takes_session(PyObject* callable) const;
  const pybind11::object& random_class() const { return random_class_; }
  const pybind11::object& session_class() const { return session_class_; }
  const pybind11::object& extract_tb() const { return extract_tb_; }  // traceback.extract_tb

 private:
  struct Entry {
    pybind11::object callable;
    bool takes_session = false;
  };
  void add(const std::string& name, pybind11::object callable);

  pybind11::object random_class_;   // random.Random
  pybind11::object package_;        // arena
  pybind11::object session_class_;  // arena.Session
  pybind11::object extract_tb_;
  std::map<std::string, Entry> by_name_;
};

// A python player without one in `callables` gets the one its params.function
// names (imported here), or none (the run then stops before it starts).
void give_links(BotSpec& spec, const std::shared_ptr<Callables>& callables);

// nlohmann::json <-> Python objects (dict, list, str, int, float, bool, None).
pybind11::object to_python(const nlohmann::json& value);
nlohmann::json from_python(pybind11::handle value);

}  // namespace arena::python
