#include "harness/runner/bots.hpp"

#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include "harness/config/config_error.hpp"
#include "harness/config/params.hpp"
#include "harness/runner/bot_text.hpp"

namespace arena {
namespace {

using Json = nlohmann::json;
using Ms = std::chrono::duration<double, std::milli>;

// [kBaseProtocol, ..., kLatestProtocol], for the hello's "accepts".
Json accepted_versions() {
  Json versions = Json::array();
  for (int v = kBaseProtocol; v <= kLatestProtocol; ++v)
    versions.push_back(v);
  return versions;
}

BotClock::time_point after(double ms) {
  return BotClock::now() + std::chrono::duration_cast<BotClock::duration>(Ms(ms));
}

// JSON nested deeper than this is refused before it is parsed: nlohmann-json
// copies and prints values recursively, and a 1 MiB line of '[' would
// overflow a worker's stack. No move of any engine nests beyond 3.
constexpr int kMaxDepth = 32;

bool nested_too_deep(const std::string& line) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

// `log_dir`/bots/`stem`.log, made writable now: a log the program cannot
// get would leave its stderr nowhere, unseen.
std::filesystem::path default_log(const std::filesystem::path& log_dir, const std::string& stem) {
  const std::filesystem::path log = log_dir / "bots" / (stem + ".log");
  std::error_code ec;
  std::filesystem::create_directories(log.parent_path(), ec);
  if (std::ofstream probe(log, std::ios::app); !probe) {
    throw std::runtime_error(fmt::format("cannot write the bot log {}{}", log.string(),
                                         ec ? ": " + ec.message() : std::string()));
  }
  return log;
}

BotLimits limits_of(const ParamSet& params) {
  BotLimits limits;
  limits.memory_mb = params.integer("memory_mb");
  limits.cpu_seconds = params.integer("cpu_seconds");
  limits.processes = params.integer("processes");
  limits.file_mb = params.integer("file_mb");
  limits.network = params.flag("network");
  limits.scratch = params.flag("scratch");
  limits.pin = params.flag("pin");
  return limits;
}

// The CPUs this process may run on, in order (sched_getaffinity).
std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  }
  return cpus;
}

}  // namespace

std::chrono::microseconds spin_for(int slots, int cores) {
  return 2 * slots <= cores ? BotProcess::kSpin : std::chrono::microseconds(0);
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const size_t end = command.find('\'', i + 1);
      if (end == std::string::npos) throw std::invalid_argument("an unterminated ' quote");
      word += command.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i >= command.size()) throw std::invalid_argument("an unterminated \" quote");
        if (command[i] == '"') break;
        if (command[i] == '\\' && i + 1 < command.size() &&
            std::string("\"\\$`").find(command[i + 1]) != std::string::npos) {
          ++i;
        }
        word += command[i];
      }
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::string join_command(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += ' ';
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-+=./:,@%") == std::string::npos;
    if (plain) {
      out += word;
      continue;
    }
    out += '\'';
    for (const char c : word)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

Json parse_reply(const std::string& line, std::string_view type) {
  const auto refuse = [&](const std::string& what) {
    throw BotError(Fault::kProtocolError, what + ": " + bot_excerpt(line));
  };
  if (nested_too_deep(line)) refuse(fmt::format("a reply nested deeper than {}", kMaxDepth));
  Json parsed;
  try {
    parsed = Json::parse(line);
  } catch (const Json::parse_error& e) {
    // nlohmann's message names the byte and the fault ("syntax error while
    // parsing value - invalid string: surrogate U+D800..U+DBFF must be followed by ...").
    const std::string why = e.what();
    const size_t detail = why.find("] ");
    refuse(fmt::format("a reply that is not valid JSON ({})",
                       detail == std::string::npos ? why : why.substr(detail + 2)));
  }
  if (!parsed.is_object())
    refuse(
        fmt::format("a reply that is JSON but not an object (its type: {})", parsed.type_name()));
  const auto kind = parsed.find("type");
  if (kind == parsed.end() || !kind->is_string() || kind->get_ref<const std::string&>() != type) {
    refuse(fmt::format("a reply of type {} where \"{}\" was due",
                       kind == parsed.end()    ? "(none)"
                       : kind->is_structured() ? std::string(kind->type_name())
                                               : bot_excerpt(kind->dump()),
                       type));
  }
  if (type == "hello") {
    const auto name = parsed.find("name");
    if (name == parsed.end() || !name->is_string()) refuse("a hello without a \"name\"");
  }
  return parsed;
}

std::filesystem::path resolve_program(const std::string& word, const std::filesystem::path& cwd) {
  const auto runnable = [](const std::filesystem::path& p) {
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
  };
  if (word.find('/') != std::string::npos) {
    const std::filesystem::path p =
        std::filesystem::path(word).is_absolute() ? std::filesystem::path(word) : cwd / word;
    return runnable(p) ? p : std::filesystem::path();
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::filesystem::path p = std::filesystem::path(dir.empty() ? "." : dir) / word;
    if (runnable(p)) return p;
  }
  return {};
}

namespace {

// What a program's handshake tells it: the game, its rules and the player's parameters.
Json hello_of(const RunConfig& config, const EngineSpec& engine, const PlayerConfig& player) {
  Json hello = {{"type", "hello"},
                {"protocol", kBaseProtocol},
                {"accepts", accepted_versions()},
                {"engine", engine.name},
                {"mode", config.mode.name},
                {"rules", params_json(config.rules)},
                {"variant", player.name},
                {"params", params_json(player.params)}};
  if (engine.bot_hello) hello["board"] = engine.bot_hello();
  return hello;
}

// A python player: no program; whoever runs the config gives its links.
BotSpec in_process_spec(const RunConfig& config, const EngineSpec& engine, size_t i) {
  BotSpec spec;
  spec.variant = static_cast<int>(i);
  spec.name = config.players[i].name;
  spec.decision_ms = config.limits.decision_ms.value_or(kDefaultDecisionMs);
  spec.hello = hello_of(config, engine, config.players[i]);
  spec.hello["params"].erase("function");  // the callable's own name is not its parameter
  spec.command = config.players[i].params.text("function");
  spec.in_process = true;
  return spec;
}

}  // namespace

std::vector<BotSpec> bot_specs(const RunConfig& config, const EngineSpec& engine,
                               const std::filesystem::path& log_dir,
                               const std::string& log_suffix) {
  std::vector<BotSpec> specs;
  const std::filesystem::path folder = std::filesystem::path(config.file).parent_path();
  const std::filesystem::path config_folder =
      folder.empty() ? std::filesystem::current_path() : std::filesystem::absolute(folder);
  for (size_t i = 0; i < config.players.size(); ++i) {
    const PlayerConfig& player = config.players[i];
    if (!is_linked(player.strategy)) continue;
    if (player.strategy == kPythonName) {
      specs.push_back(in_process_spec(config, engine, i));
      continue;
    }
    // The loader makes workdir a path (the config's folder when not given).
    const std::string& workdir =
        player.params.contains(kWorkdirParam) ? player.params.text(kWorkdirParam) : "";
    const std::filesystem::path cwd =
        workdir.empty() ? config_folder : std::filesystem::path(workdir);
    if (std::error_code ec; !std::filesystem::is_directory(cwd, ec)) {
      throw config.error_at(fmt::format("players[{}].params.{}", i, kWorkdirParam),
                            fmt::format("{} is not a folder", cwd.string()));
    }
    const std::string at = fmt::format("players[{}].params.command", i);
    BotSpec spec;
    spec.variant = static_cast<int>(i);
    spec.name = player.name;
    spec.command = player.params.text("command");
    try {
      spec.argv = split_command(spec.command);
    } catch (const std::invalid_argument& e) {
      throw config.error_at(at, fmt::format("'{}' has {}", spec.command, e.what()));
    }
    if (spec.argv.empty())
      throw config.error_at(at,
                            "an external strategy needs a command, the program to start (e.g. "
                            "\"python3 my_bot.py\"; docs/protocol.md)");
    const std::filesystem::path program = resolve_program(spec.argv.front(), cwd);
    if (program.empty()) {
      throw config.error_at(at, fmt::format("cannot find the program '{}' (relative to {}, or in "
                                            "PATH), or it is not executable",
                                            spec.argv.front(), cwd.string()));
    }
    spec.argv.front() = program.string();
    spec.cwd = cwd;
    if (const std::string& log = player.params.text("log"); !log.empty()) {
      spec.log = std::filesystem::path(log).is_absolute() ? std::filesystem::path(log) : cwd / log;
      if (std::ofstream probe(spec.log, std::ios::app); !probe) {
        throw config.error_at(fmt::format("players[{}].params.log", i),
                              fmt::format("cannot write the log file {}", spec.log.string()));
      }
    } else if (!log_dir.empty()) {
      spec.log = default_log(log_dir, player.name + log_suffix);
    }
    spec.startup_ms = static_cast<double>(player.params.integer("startup_ms"));
    spec.decision_ms = config.limits.decision_ms.value_or(kDefaultDecisionMs);
    spec.max_restarts = static_cast<int>(player.params.integer("max_restarts"));
    spec.limits = limits_of(player.params);
    // A limit that cannot be enforced here stops the run before it starts, never silently.
    if (const Unenforceable u = unenforceable(spec.limits); !u.key.empty())
      throw config.error_at(fmt::format("players[{}].params.{}", i, u.key), u.why);
    if (engine.max_bot_reply)
      spec.max_reply = std::max(spec.max_reply, engine.max_bot_reply(config.rules));
    spec.hello = hello_of(config, engine, player);
    specs.push_back(std::move(spec));
  }
  return specs;
}

// One program of one variant on one slot, and its restarts.
class BotPool::Link final : public BotLink {
 public:
  // `decisions`: the slot's count of decisions, shared by its links;
  // `spin`: how long its process may poll for a reply (BotProcess::set_spin).
  // `cpu`: where its process runs (-1: anywhere).
  Link(const BotSpec& spec, Spawner& spawner, uint64_t& decisions, std::chrono::microseconds spin,
       int cpu)
      : spec_(spec), spawner_(spawner), decisions_(decisions), spin_(spin), cpu_(cpu) {}

  void ready() override { running(); }

  // A program that played an earlier game and fails before its first reply
  // in this one (it exited, or wrote a line, after that game was over) is
  // replaced by a new program, which plays this game from its start: what
  // the old one did between games costs no game (restarted() says why).
  void start_game(uint64_t game, int seat, int seats, uint64_t seed) override {
    game_message_ = dump(
        Json{{"type", "game"}, {"game", game}, {"seat", seat}, {"seats", seats}, {"seed", seed}});
    carried_over_ = process_ != nullptr;
    replies_ = 0;
    restarted_.reset();
    in_game_ = true;
    if (!spec_.log.empty()) {
      static std::mutex trimming;  // the programs of a variant share its log
      const std::lock_guard lock(trimming);
      bound_log(spec_.log, kMaxBotLog, kBotLogKept, kBotLogKept);
    }
    try {
      begin_game();
    } catch (const StrategyFault& fault) {
      if (!restartable(fault)) throw;
      restart_for_game(fault);
    }
  }

  // If the new program fails before its first reply too, the fault was this
  // game's after all: it is forfeited, and no replacement is reported.
  Json decide(const Json& view) override {
    if (!carried_over_ || replies_ > 0) return decide_once(view);
    try {
      return decide_once(view);
    } catch (const StrategyFault& fault) {
      if (!restartable(fault)) throw;
      restart_for_game(fault);
      try {
        return decide_once(view);
      } catch (const StrategyFault&) {
        if (replies_ == 0) restarted_.reset();
        throw;
      }
    }
  }

  // Why its program was replaced before its first reply in the current game
  // (start_game, decide), if it was: the old program's fault, which no game
  // is charged with.
  const std::optional<StrategyFault>& restarted() const { return restarted_; }

  [[noreturn]] void reject(const std::string& why) override { fail(Fault::kProtocolError, why); }

  // Before its game's "over": a line it wrote since its last reply, which
  // nobody asked for, is a fault of this game (returned; the program is killed).
  std::optional<StrategyFault> check_game_end() {
    if (!in_game_ || !process_) return std::nullopt;
    try {
      refuse_unasked("over");
    } catch (const StrategyFault& fault) {
      return fault;
    }
    return std::nullopt;
  }

  // Tells the program how its game ended; a failure to write costs it its
  // next game, as a crash between games would.
  void send_over(uint64_t game, const Json& seats) {
    if (!in_game_) return;
    in_game_ = false;
    awaits_over_ = false;
    if (!process_) return;
    try {
      const std::string out = dump(Json{{"type", "over"}, {"game", game}, {"seats", seats}});
      if (spec_.trace) spec_.trace(out, true);
      process_->send(out, after(spec_.decision_ms));
      awaits_over_ = protocol_ >= 2;
    } catch (const BotError& e) {
      note_failure(escape_bot_text(e.what()));
    }
  }

  // Protocol 2: its reply to "over", within a decision's budget and grace.
  // A protocol error (a line that is not the reply: a second move, say) is
  // a fault of game `game`, returned; a program that exits or does not answer
  // is killed and restarted (a failure) and the game keeps its result.
  std::optional<StrategyFault> await_over(uint64_t game) {
    if (!awaits_over_) return std::nullopt;
    awaits_over_ = false;
    try {
      const auto deadline = BotClock::now() + as_clock(spec_.decision_ms);
      const std::string line =
          exchange("", "over", deadline, spec_.decision_ms, grace_ms(spec_.decision_ms));
      const Json reply = parse(line, "over");
      const auto echoed = reply.find("game");
      if (echoed == reply.end() || !echoed->is_number_unsigned() ||
          echoed->get<uint64_t>() != game) {
        fail(Fault::kProtocolError, fmt::format("a reply to \"over\" whose \"game\" is not {}: {}",
                                                game, bot_excerpt(line)));
      }
    } catch (const StrategyFault& fault) {
      if (fault.fault() == Fault::kProtocolError) return fault;
    }
    return std::nullopt;
  }

  // Starts the program if it is not running: its handshake, within startup_ms.
  void running() {
    if (process_) return;
    log_offset_ = log_size();
    try {
      process_ = std::make_unique<BotProcess>(spawner_, spec_.argv, spec_.cwd, spec_.log,
                                              spec_.limits, cpu_);
      process_->set_spin(spin_);
      process_->set_max_line(spec_.max_reply);
    } catch (const BotError& e) {
      fail(e.fault(), escape_bot_text(e.what()));
    }
    last_id_ = 0;
    protocol_ = kBaseProtocol;
    const std::string line =
        exchange(dump(spec_.hello), "hello", BotClock::now() + as_clock(spec_.startup_ms),
                 spec_.startup_ms, 0);
    protocol_ = negotiated(parse(line, "hello"), line);
  }

  bool in_game() const { return in_game_; }
  // Whether it failed on its own since the last new_game().
  bool raised() const { return raised_; }
  // The slot's decision count at its last decision (the latest decides last).
  uint64_t last_decision() const { return last_decision_; }
  void new_game() {
    raised_ = false;
    restarted_.reset();
  }

  // A fault the game judged after its reply (an illegal move): the program
  // is restarted for its next game, as after its own faults; an over-budget
  // decision that the game's timer found (the link took the reply just in
  // time by its own clock) is late, and the program plays on.
  void judged(Fault fault, const std::string& why) {
    if (fault == Fault::kOverBudget) return;
    note_failure(why);
    in_game_ = false;
  }

  const std::string& name() const { return spec_.name; }
  const BotSpec& spec() const { return spec_; }
  int protocol() const { return protocol_; }
  // The last lines its current or last start wrote on stderr ("" when none,
  // or when its stderr is not a file arena can read back).
  std::string stderr_tail() const {
    return log_is_file() ? tail_of_file(spec_.log, log_offset_) : std::string();
  }
  // Why it last failed.
  const std::string& last_why() const { return last_why_; }

  void bye() {
    if (!process_) return;
    try {
      const std::string out = Json{{"type", "bye"}}.dump();
      if (spec_.trace) spec_.trace(out, true);
      process_->send(out, after(100));
    } catch (const BotError&) {
      return;  // gone already
    }
    process_->close_input();
  }
  BotProcess* process() { return process_.get(); }

 private:
  static BotClock::duration as_clock(double ms) {
    return std::chrono::duration_cast<BotClock::duration>(Ms(ms));
  }

  // The game's start: the program (started if need be), nothing unasked
  // left from its earlier game, the "game" message, and the CPU limit's new game.
  void begin_game() {
    running();
    if (carried_over_) refuse_unasked("game");
    send(game_message_, "game");
    if (spec_.limits.cpu_seconds > 0) process_->new_game();
    in_game_ = true;
  }

  // Whether `fault` is the old program's, not this game's: it played an
  // earlier game, has not replied in this one, and ended or wrote out of turn.
  bool restartable(const StrategyFault& fault) const {
    return carried_over_ && replies_ == 0 &&
           (fault.fault() == Fault::kCrashed || fault.fault() == Fault::kProtocolError);
  }

  // A new program for this game (the old one is gone: fail() killed it).
  void restart_for_game(const StrategyFault& fault) {
    restarted_ = fault;
    carried_over_ = false;
    raised_ = false;
    try {
      begin_game();
    } catch (const StrategyFault&) {
      restarted_.reset();
      throw;
    }
  }

  Json decide_once(const Json& view) {
    running();
    last_decision_ = ++decisions_;
    const uint64_t id = ++last_id_;
    // Else that line would be read as this request's reply, one behind.
    refuse_unasked("decide");
    // Spliced rather than built as one object, which would deep-copy the view.
    const std::string out = fmt::format(R"({{"type":"decide","id":{},"view":{}}})", id, dump(view));
    const auto sent = BotClock::now();
    const auto deadline = sent + as_clock(spec_.decision_ms);
    const std::string line =
        exchange(out, "move", deadline, spec_.decision_ms, grace_ms(spec_.decision_ms));
    Json reply = parse(line, "move");
    check_id(reply, id, line);
    ++replies_;
    if (const auto now = BotClock::now(); now > deadline) late(Ms(now - sent).count());
    return reply;
  }

  // One line of JSON; invalid UTF-8 in strings is replaced, never thrown.
  static std::string dump(const Json& message) {
    return message.dump(-1, ' ', false, Json::error_handler_t::replace);
  }

  bool log_is_file() const {
    std::error_code ec;
    return !spec_.log.empty() && std::filesystem::is_regular_file(spec_.log, ec);
  }
  uintmax_t log_size() const {
    std::error_code ec;
    const uintmax_t size = log_is_file() ? std::filesystem::file_size(spec_.log, ec) : 0;
    return ec ? 0 : size;
  }

  // Sends `out` (a message of type `sent`) before a deadline of its own.
  void send(const std::string& out, const char* sent) {
    try {
      if (spec_.trace) spec_.trace(out, true);
      process_->send(out, after(spec_.decision_ms));
    } catch (const BotError& e) {
      fail(e.fault(), fmt::format("{} (its {} message)", escape_bot_text(e.what()), sent));
    }
  }

  // Sends `out` (unless empty) and returns the program's next line, which
  // is its `type` reply, due by `deadline` (`budget` ms, for messages); it
  // is waited for `grace` ms longer (a late reply). None by then: the
  // program is not answering (over-budget), and killed as every failure is.
  std::string exchange(const std::string& out, const char* type, BotClock::time_point deadline,
                       double budget, double grace) {
    try {
      if (!out.empty()) {
        if (spec_.trace) spec_.trace(out, true);
        process_->send(out, deadline);
      }
      std::string line = process_->read_line(deadline + as_clock(grace));
      if (spec_.trace) spec_.trace(line, false);
      return line;
    } catch (const BotError& e) {
      if (e.fault() == Fault::kOverBudget && grace > 0) {
        fail(e.fault(), fmt::format("no {} reply within {} ms, nor within the {} ms of "
                                    "grace after: it is not answering, so it was killed",
                                    type, budget, grace));
      }
      fail(e.fault(),
           fmt::format("{} (its {} reply, within {} ms)", escape_bot_text(e.what()), type, budget));
    }
  }

  Json parse(const std::string& line, std::string_view type) {
    try {
      return parse_reply(line, type);
    } catch (const BotError& e) {
      fail(e.fault(), e.what());
    }
  }

  // The version its hello reply names (none: kBaseProtocol), one arena speaks.
  int negotiated(const Json& hello, const std::string& line) {
    const auto named = hello.find("protocol");
    if (named == hello.end()) return kBaseProtocol;
    if (named->is_number_integer() && named->get<int64_t>() >= kBaseProtocol &&
        named->get<int64_t>() <= kLatestProtocol) {
      return named->get<int>();
    }
    fail(Fault::kProtocolError,
         fmt::format("a hello naming a protocol arena does not speak (it speaks {} to {}): {}",
                     kBaseProtocol, kLatestProtocol, bot_excerpt(line)));
  }

  // A move's "id" must be its decide's (required from protocol 2 on; in
  // protocol 1, checked when the program sends one).
  void check_id(const Json& reply, uint64_t id, const std::string& line) {
    const auto echoed = reply.find("id");
    if (echoed == reply.end()) {
      if (protocol_ < 2) return;
      fail(Fault::kProtocolError,
           fmt::format("a move without the \"id\" of its decide ({}; protocol {}): {}", id,
                       protocol_, bot_excerpt(line)));
    }
    if (echoed->is_number_unsigned() && echoed->get<uint64_t>() == id) return;
    if (echoed->is_number_unsigned() && echoed->get<uint64_t>() < id) {
      fail(Fault::kProtocolError,
           fmt::format("a second reply to decide {}, which it had answered, where the reply to "
                       "decide {} was due: {}",
                       echoed->get<uint64_t>(), id, bot_excerpt(line)));
    }
    fail(Fault::kProtocolError,
         fmt::format("a move whose \"id\" is not {}, its decide's: {}", id, bot_excerpt(line)));
  }

  // A reply after its budget: the game is forfeited; the program, which
  // answered and is in step, plays on (no failure).
  [[noreturn]] void late(double ms) {
    raised_ = true;
    throw StrategyFault(
        spec_.variant, Fault::kOverBudget,
        fmt::format("{}: a late move: its reply came after {:.0f} ms, over the budget of {} "
                    "ms (the game is forfeited; the program plays on)",
                    spec_.name, ms, spec_.decision_ms));
  }

  // What it has written that nobody asked for, before arena's `next`
  // message: a protocol error.
  void refuse_unasked(const char* next) {
    const std::string extra = process_->unasked_output();
    if (extra.empty()) return;
    const std::string line = extra.substr(0, extra.find('\n'));
    const Json parsed = Json::parse(line, nullptr, false);
    const auto id = parsed.is_object() ? parsed.find("id") : parsed.end();
    if (parsed.is_object() && id != parsed.end() && id->is_number_unsigned() &&
        id->get<uint64_t>() >= 1 && id->get<uint64_t>() <= last_id_) {
      fail(Fault::kProtocolError,
           fmt::format("before the {} message, a second reply to decide {}, which it had "
                       "answered: {}",
                       next, id->get<uint64_t>(), bot_excerpt(line)));
    }
    fail(Fault::kProtocolError,
         fmt::format("before the {} message, it wrote a line nobody asked for: {}", next,
                     bot_excerpt(line)));
  }

  void note_failure(const std::string& why) {
    process_.reset();  // kills it; the next game starts it anew
    awaits_over_ = false;
    last_why_ = why;
  }

  [[noreturn]] void fail(Fault fault, const std::string& why) {
    note_failure(why);
    in_game_ = false;
    raised_ = true;
    throw StrategyFault(spec_.variant, fault, fmt::format("{}: {}", spec_.name, why));
  }

  const BotSpec& spec_;
  Spawner& spawner_;
  std::unique_ptr<BotProcess> process_;
  int protocol_ = kBaseProtocol;  // the running process's, from its hello reply
  uint64_t last_id_ = 0;          // of the running process's last decide (ids count from 1)
  uintmax_t log_offset_ = 0;      // the log's size when the process started
  std::string last_why_;
  std::string game_message_;   // the current game's "game" message, sent again by a restart
  bool carried_over_ = false;  // the running process was started before the current game
  int replies_ = 0;            // moves the program has sent in the current game
  std::optional<StrategyFault> restarted_;  // why it was replaced before its first reply
  bool in_game_ = false;
  bool awaits_over_ = false;  // "over" was sent; its reply (protocol 2) is due
  bool raised_ = false;
  uint64_t& decisions_;
  uint64_t last_decision_ = 0;
  std::chrono::microseconds spin_;
  int cpu_;
};

BotPool::BotPool(std::vector<BotSpec> specs, int slots, int max_seats)
    : specs_(std::move(specs)),
      slots_(std::max(slots, 1)),
      max_seats_(std::max(max_seats, 1)),
      spin_(spin_for(slots_, tbb::info::default_concurrency())),
      cpus_(allowed_cpus()) {
  std::signal(SIGPIPE, SIG_IGN);  // a bot that exits turns writes into EPIPE, not a signal
  int variants = 0;
  for (const BotSpec& s : specs_)
    variants = std::max(variants, s.variant + 1);
  spec_of_variant_.assign(static_cast<size_t>(variants), -1);
  for (size_t i = 0; i < specs_.size(); ++i)
    spec_of_variant_[static_cast<size_t>(specs_[i].variant)] = static_cast<int>(i);
  links_.resize(static_cast<size_t>(slots_));
  hosted_.resize(static_cast<size_t>(slots_));
  decisions_.assign(static_cast<size_t>(slots_), 0);
  const auto size = [&](auto& table) {
    for (auto& slot : table) {
      slot.resize(specs_.size());
      for (auto& seats : slot)
        seats.resize(static_cast<size_t>(max_seats_));
    }
  };
  size(links_);
  size(hosted_);
}

BotPool::~BotPool() {
  if (!finished_) finish();
}

namespace {

// `log` copied out of `doomed` (a folder about to be removed) into a folder
// of its own in the temporary directory; `log` itself when it lies elsewhere
// or cannot be copied.
std::filesystem::path kept_log(const std::filesystem::path& log,
                               const std::filesystem::path& doomed) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (doomed.empty() || log.empty()) return log;
  const fs::path inside =
      fs::weakly_canonical(log, ec).lexically_relative(fs::weakly_canonical(doomed, ec));
  if (ec || inside.empty() || *inside.begin() == "..") return log;
  std::string folder = (fs::temp_directory_path(ec) / "arena-bot-log-XXXXXX").string();
  if (ec || ::mkdtemp(folder.data()) == nullptr) return log;
  const fs::path copy = fs::path(folder) / log.filename();
  return fs::copy_file(log, copy, ec) ? copy : log;
}

// Why a program never said hello, for BotStartError: its command, its last
// failure and the last lines of its stderr, with where all of it is.
std::string start_failure(const BotSpec& spec, int tries, const std::string& why,
                          const std::string& tail, const std::filesystem::path& log) {
  std::string text = fmt::format(
      "{}: its program failed before its hello on each of {} start{}, so the run stops before "
      "its first game\n  the program: {} (in {})\n  the last failure: {}\n",
      spec.name, tries, tries == 1 ? "" : "s", escape_bot_text(spec.command), spec.cwd.string(),
      why);
  if (log.empty()) return text + "  its stderr was not kept (no log)\n";
  if (log == "/dev/stderr") return text + "  its stderr is above\n";
  if (tail.empty()) return text + "  it wrote nothing on stderr\n";
  text += fmt::format("  the last lines of its stderr (all of it in {}):\n", log.string());
  for (size_t at = 0; at < tail.size();) {
    const size_t end = tail.find('\n', at);
    text += "    " + tail.substr(at, end - at) + "\n";
    at = end == std::string::npos ? tail.size() : end + 1;
  }
  return text;
}

}  // namespace

void BotPool::start_all(const std::filesystem::path& removed_on_failure) {
  std::string failures;
  for (const BotSpec& spec : specs_) {
    if (spec.in_process) continue;
    Link& link = *static_cast<Link*>(this->link(spec.variant, 0));
    const int tries = std::min(spec.max_restarts + 1, kStartTries);
    bool started = false;
    for (int t = 0; t < tries && !started; ++t) {
      try {
        link.ready();
        started = true;
      } catch (const StrategyFault&) {
        // Started again; its last failure is reported when none succeeds.
      }
    }
    if (!started) {
      const std::string tail = link.stderr_tail();
      failures += start_failure(spec, tries, link.last_why(), tail,
                                tail.empty() ? spec.log : kept_log(spec.log, removed_on_failure));
    }
  }
  if (!failures.empty()) {
    failures.pop_back();  // the last newline: the caller ends the message
    throw BotStartError(failures);
  }
}

std::vector<BotEnding> BotPool::finish(std::chrono::milliseconds grace) {
  finished_ = true;
  for (auto& slot : links_)
    for (auto& seats : slot)
      for (auto& link : seats)
        if (link) link->bye();
  // A moment for every program to exit on its own, then the rest are killed.
  const auto until = BotClock::now() + grace;
  std::vector<BotEnding> endings;
  for (auto& slot : links_)
    for (auto& seats : slot)
      for (auto& link : seats) {
        if (!link || !link->process()) continue;
        BotProcess& process = *link->process();
        BotEnding ending{link->name(), "", true, link->protocol()};
        bool closed = false;
        ending.unasked = process.read_to_end(until, closed);
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::max(until - BotClock::now(), BotClock::duration::zero()));
        ending.exited = process.exited_within(left);
        process.kill();
        endings.push_back(std::move(ending));
      }
  return endings;
}

int BotPool::slot() const {
  const int index = tbb::this_task_arena::current_thread_index();
  if (index < 0) return 0;  // outside the run's arena (the main thread before it)
  if (index >= slots_) throw std::logic_error("a worker slot beyond the bot pool's");
  return index;
}

BotLink* BotPool::link(int variant, int k) {
  if (variant < 0 || variant >= static_cast<int>(spec_of_variant_.size())) return nullptr;
  const int spec = spec_of_variant_[static_cast<size_t>(variant)];
  if (spec < 0) return nullptr;
  if (k >= max_seats_) throw std::logic_error("more seats of one variant than the bot pool holds");
  const BotSpec& spec_k = specs_[static_cast<size_t>(spec)];
  if (spec_k.in_process) {
    auto& hosted =
        hosted_[static_cast<size_t>(slot())][static_cast<size_t>(spec)][static_cast<size_t>(k)];
    if (!hosted) hosted = spec_k.in_process_links(spec_k);
    return hosted.get();
  }
  auto& link =
      links_[static_cast<size_t>(slot())][static_cast<size_t>(spec)][static_cast<size_t>(k)];
  if (!link) {
    const BotSpec& bot = specs_[static_cast<size_t>(spec)];
    const int cpu =
        bot.limits.pin && !cpus_.empty() ? cpus_[static_cast<size_t>(slot()) % cpus_.size()] : -1;
    link =
        std::make_unique<Link>(bot, spawner_, decisions_[static_cast<size_t>(slot())], spin_, cpu);
  }
  return link.get();
}

void BotPool::end_game(uint64_t game, std::span<const StrategyFault> faults,
                       const std::function<void(const StrategyFault&)>& charge,
                       const std::function<nlohmann::json()>& seats,
                       const std::function<void(const StrategyFault&)>& restarted) {
  auto& here = links_[static_cast<size_t>(slot())];
  for (const StrategyFault& fault : faults) {
    const int variant = fault.who();
    if (variant < 0 || variant >= static_cast<int>(spec_of_variant_.size())) continue;
    const int spec = spec_of_variant_[static_cast<size_t>(variant)];
    if (spec < 0) continue;
    Link* last = nullptr;
    bool raised = false;
    for (auto& link : here[static_cast<size_t>(spec)]) {
      if (!link) continue;
      raised = raised || link->raised();
      if (link->in_game() && (!last || link->last_decision() > last->last_decision()))
        last = link.get();
    }
    if (!raised && last) last->judged(fault.fault(), fault.what());
  }
  // Lines nobody asked for, already there, change the result "over" tells.
  for (auto& per_spec : here)
    for (auto& link : per_spec)
      if (link)
        if (const auto fault = link->check_game_end()) charge(*fault);
  bool told = false;
  Json results;
  for (auto& per_spec : here)
    for (auto& link : per_spec) {
      if (!link || !link->in_game()) continue;
      if (!told) results = seats();
      told = true;
      link->send_over(game, results);
    }
  // Every "over" is sent before any reply is awaited: the programs answer together.
  for (auto& per_spec : here)
    for (auto& link : per_spec) {
      if (!link) continue;
      if (const auto fault = link->await_over(game)) charge(*fault);
      if (link->restarted() && restarted) restarted(*link->restarted());
      link->new_game();
    }
}

}  // namespace arena
