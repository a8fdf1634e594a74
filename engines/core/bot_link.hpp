// A strategy played by a separate program (`strategy: external`).
//
// Contract: an engine's external strategy turns what its player may see into
// a JSON view, hands it to a BotLink and turns the reply into a move; the
// engine's own checks then judge the move as any other strategy's. The link
// is the other side: the harness implements it with a process speaking the
// line protocol of docs/protocol.md (harness/runner/bots.hpp). Engines only
// see this interface, so they know nothing of processes or of the harness.
//
// A link serves one seat of one game at a time, on one thread. A failing bot
// (it exits, stays silent past its budget, or writes what is not a reply)
// makes start_game or decide throw StrategyFault naming the variant, with
// Fault::kCrashed, kOverBudget or kProtocolError; the link restarts the
// program for a later game. A fault the engine judges after a reply (an
// illegal move) is the harness's to pass back to the link's owner after the
// game, which restarts that program too.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "engines/core/explain.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_fault.hpp"
#include "engines/core/strategy_list.hpp"

namespace arena {

class BotLink {
 public:
  virtual ~BotLink() = default;

  // Starts the program if it is not running (its handshake), so that this is
  // not timed as a decision: external strategies call it when they are built.
  virtual void ready() = 0;

  // Tells the bot a game begins: its index in the run, the seat, how many
  // seats, and a seed for its own generator (from the run's master seed).
  virtual void start_game(uint64_t game, int seat, int seats, uint64_t seed) = 0;

  // Sends the player's view ({"type": "decide", "view": view}) and returns the
  // bot's reply, a JSON object with "type": "move" (its other fields are the
  // engine's to read).
  virtual nlohmann::json decide(const nlohmann::json& view) = 0;

  // A reply the engine cannot read as a move (a missing or mistyped field):
  // throws StrategyFault kProtocolError for the link's variant, and the
  // program is restarted for its next game.
  [[noreturn]] virtual void reject(const std::string& why) = 0;
};

// bot.decide(view), keeping the reply's optional "explain" object (why the
// bot chose its move, shown by replays: engines/core/explain.hpp) when
// explanations are kept. An "explain" that is not an object is a protocol error.
inline nlohmann::json decide_explained(BotLink& bot, const nlohmann::json& view) {
  nlohmann::json reply = bot.decide(view);
  if (reply.is_object()) {
    if (const auto why = reply.find("explain"); why != reply.end()) {
      if (!why->is_object()) bot.reject("\"explain\" is not a JSON object");
      ExplainScope::offer(std::move(*why));
      reply.erase(why);
    }
  }
  return reply;
}

// What an external strategy is built with, besides its parameters: the link
// for its seat (null when the run has no bots for it: then it cannot play),
// the game it plays, and the id of its variant (for the faults it raises).
struct ExternalSeat {
  BotLink* link = nullptr;
  uint64_t game = 0;
  int seat = 0;
  int seats = 1;
  int variant = 0;
};

// The one name of the external strategy in every engine, and the parameters
// it declares (the harness reads them to start and watch the program).
inline constexpr const char* kExternalName = "external";
// Its parameter naming the folder the program runs in (made absolute when
// the config is loaded: the config's own folder when not given).
inline constexpr const char* kWorkdirParam = "workdir";

inline StrategyInfo external_info() {
  StrategyInfo info{
      kExternalName,
      "a separate program speaking Arena's line protocol (docs/protocol.md)",
      {ParamSpec::text("command", "",
                       "the program and its arguments, split into words as a shell would "
                       "(quotes honoured); started without a shell, in workdir"),
       ParamSpec::integer("startup_ms", 5000, 1, 3'600'000,
                          "budget for the handshake (the hello reply) of each start"),
       ParamSpec::integer("max_restarts", 3, 0, 1'000'000,
                          "starts tried again before the first game when the program fails "
                          "before its hello (4 starts at most); in the run, a program that "
                          "fails is restarted for its next game, every time"),
       ParamSpec::text("log", "",
                       "file for the program's stderr, relative to workdir; empty: "
                       "bots/<variant>.log in the results folder"),
       ParamSpec::file(kWorkdirParam,
                       "the folder the program runs in, and that a relative command or log is "
                       "found from; empty: the config's folder (which the resolved config "
                       "records)"),
       // Limits (docs/protocol.md, Limits): 0, true, false and false are none.
       ParamSpec::integer("memory_mb", 0, 0, 1 << 30,
                          "address space of each of the program's processes, MiB; 0: no limit"),
       ParamSpec::integer("cpu_seconds", 0, 0, 1'000'000'000,
                          "CPU time the program's process may use in one game, s (up to a "
                          "second more: the kernel counts whole seconds); 0: no limit"),
       ParamSpec::integer("processes", 0, 0, 1'000'000,
                          "the program's processes and threads at once, itself included; 0: no "
                          "limit"),
       ParamSpec::integer("file_mb", 0, 0, 1 << 30,
                          "size of a file the program writes, MiB; 0: no limit"),
       ParamSpec::flag("network", true, "false: no network but loopback (needs bubblewrap)"),
       ParamSpec::flag("scratch", false,
                       "true: a read-only file system but a private, empty /tmp (needs "
                       "bubblewrap)"),
       ParamSpec::flag("pin", false,
                       "run each worker's program on that worker's core (worker k: the k-th "
                       "core arena may use)")},
      {},
      {},
      true};
  // Whether a program ends its games is the program's affair, not Arena's to promise.
  info.stalls = {{}};
  return info;
}

// The same seat played in the calling process (docs/python.md): a Python
// callable that `arena.run(..., players=...)` hands over, behind the same
// BotLink, so that the engine's external strategy plays it. A config names it
// `strategy: python`; every engine with an external strategy has it.
inline constexpr const char* kPythonName = "python";

inline StrategyInfo python_info() {
  StrategyInfo info{
      kPythonName,
      "a Python callable, in the same process (arena.run(..., players=...); docs/python.md)",
      {ParamSpec::text("function", "",
                       "module:function to import when arena.run's players= does not name "
                       "this player; the callable reads its other parameters in session.params")},
      {},
      {},
      true};
  info.stalls = {{}};
  return info;
}

// Whether `strategy` is played through a BotLink (a program or a callable).
inline bool is_linked(const std::string& strategy) {
  return strategy == kExternalName || strategy == kPythonName;
}

// The engine strategy that plays a config's `strategy`: a callable is played
// by the engine's external strategy, over an in-process link.
inline std::string engine_strategy(const std::string& strategy) {
  return strategy == kPythonName ? kExternalName : strategy;
}

// The seed a bot gets for a game: from its seat's stream, below 2^53 so that
// every JSON reader keeps it exact.
inline uint64_t bot_seed(Rng& rng) {
  return rng.next() >> 11;
}

// What every engine's external strategy shares: no parameters but
// external_info's (the harness reads them), the program started when the
// strategy is built (not timed as a decision), and the game message sent
// before the game's first decision. An engine's external strategy derives
// from it (`using ExternalStrategy::ExternalStrategy;`) and adds the view.
class ExternalStrategy {
 public:
  struct Params {};
  static StrategyInfo info() { return external_info(); }
  static Params params_from(const ParamSet& /*values*/) { return {}; }
  ExternalStrategy(const Params& /*params*/, const ExternalSeat& seat) : seat_(seat) {
    if (!seat.link) throw std::logic_error("an external strategy was built without its program");
    seat.link->ready();
  }

 protected:
  // The link, once the bot knows the game has begun (its seed from `rng`).
  // Const for solvers whose solve() is const; the game message is sent once
  // per strategy object, which is built per game.
  BotLink& link(Rng& rng) const {
    if (!started_) {
      seat_.link->start_game(seat_.game, seat_.seat, seat_.seats, bot_seed(rng));
      started_ = true;
    }
    return *seat_.link;
  }

  // A reply that reads as a move the rules forbid, said in the bot's own
  // terms (the row and column it sent, not a cell number made of them):
  // throws StrategyFault kIllegalMove for the variant.
  [[noreturn]] void illegal(const std::string& why) const {
    throw StrategyFault(seat_.variant, Fault::kIllegalMove, why);
  }

 private:
  ExternalSeat seat_;
  mutable bool started_ = false;
};

// Reads an integer field of a bot's reply, or rejects the reply.
inline int64_t reply_integer(BotLink& link, const nlohmann::json& reply, const char* field) {
  const auto it = reply.find(field);
  if (it == reply.end() || !it->is_number_integer()) {
    link.reject(std::string("the move has no integer \"") + field + "\"");
  }
  return it->get<int64_t>();
}

}  // namespace arena
