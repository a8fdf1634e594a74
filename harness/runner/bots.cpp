#include "harness/runner/bots.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include "harness/config/config_error.hpp"
#include "harness/config/params.hpp"

namespace arena {
namespace {

using Json = nlohmann::json;
using Ms = std::chrono::duration<double, std::milli>;

BotClock::time_point after(double ms) {
  return BotClock::now() + std::chrono::duration_cast<BotClock::duration>(Ms(ms));
}

// A bot's line for a message: cut, so that a flood stays a short message.
std::string excerpt(const std::string& line) {
  constexpr size_t kShown = 300;
  return line.size() <= kShown
             ? line
             : line.substr(0, kShown) + fmt::format("... ({} bytes)", line.size());
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

Json parse_reply(const std::string& line, std::string_view type) {
  const auto refuse = [&](const std::string& what) {
    throw BotError(Fault::kProtocolError, what + ": " + excerpt(line));
  };
  if (nested_too_deep(line)) refuse(fmt::format("a reply nested deeper than {}", kMaxDepth));
  Json parsed = Json::parse(line, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) refuse("a reply that is not a JSON object");
  const auto kind = parsed.find("type");
  if (kind == parsed.end() || !kind->is_string() || kind->get_ref<const std::string&>() != type) {
    refuse(fmt::format("a reply of type {} where \"{}\" was due",
                       kind == parsed.end()    ? "(none)"
                       : kind->is_structured() ? std::string(kind->type_name())
                                               : excerpt(kind->dump()),
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

std::vector<BotSpec> bot_specs(const RunConfig& config, const EngineSpec& engine,
                               const std::filesystem::path& log_dir,
                               const std::string& log_suffix) {
  std::vector<BotSpec> specs;
  const std::filesystem::path folder = std::filesystem::path(config.file).parent_path();
  const std::filesystem::path cwd =
      folder.empty() ? std::filesystem::current_path() : std::filesystem::absolute(folder);
  for (size_t i = 0; i < config.players.size(); ++i) {
    const PlayerConfig& player = config.players[i];
    if (player.strategy != kExternalName) continue;
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
    spec.hello = {{"type", "hello"},
                  {"protocol", kProtocolVersion},
                  {"engine", engine.name},
                  {"mode", config.mode.name},
                  {"rules", params_json(config.rules)},
                  {"variant", player.name},
                  {"params", params_json(player.params)}};
    if (engine.bot_hello) spec.hello["board"] = engine.bot_hello();
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

  void start_game(uint64_t game, int seat, int seats, uint64_t seed) override {
    running();
    request(
        dump(Json{
            {"type", "game"}, {"game", game}, {"seat", seat}, {"seats", seats}, {"seed", seed}}),
        "game", spec_.decision_ms, false);
    in_game_ = true;
  }

  Json decide(const Json& view) override {
    running();
    last_decision_ = ++decisions_;
    // Spliced rather than built as one object, which would deep-copy the view.
    return request(R"({"type":"decide","view":)" + dump(view) + "}", "decide", spec_.decision_ms,
                   true, "move");
  }

  [[noreturn]] void reject(const std::string& why) override { fail(Fault::kProtocolError, why); }

  // Tells the program how its game ended; a failure here costs it its next game.
  void over(uint64_t game, const Json& seats) {
    if (!in_game_) return;
    in_game_ = false;
    if (!process_) return;
    try {
      const std::string out = dump(Json{{"type", "over"}, {"game", game}, {"seats", seats}});
      if (spec_.trace) spec_.trace(out, true);
      process_->send(out, after(spec_.decision_ms));
    } catch (const BotError& e) {
      note_failure(e.fault(), e.what());
    }
  }

  // Starts the program if it is not running: its handshake, within startup_ms.
  void running() {
    if (process_) return;
    if (failures_ > spec_.max_restarts) {
      raised_ = true;
      throw StrategyFault(spec_.variant, last_fault_,
                          fmt::format("{}: {} {} restarts on this worker, so it forfeits its "
                                      "remaining games there; the last failure: {}",
                                      spec_.name, kGaveUp, spec_.max_restarts, last_why_));
    }
    try {
      process_ = std::make_unique<BotProcess>(spawner_, spec_.argv, spec_.cwd, spec_.log,
                                              spec_.limits, cpu_);
      process_->set_spin(spin_);
      process_->set_max_line(spec_.max_reply);
    } catch (const BotError& e) {
      fail(e.fault(), e.what());
    }
    request(dump(spec_.hello), "hello", spec_.startup_ms, true, "hello");
  }

  bool in_game() const { return in_game_; }
  // Whether it failed on its own since the last new_game().
  bool raised() const { return raised_; }
  // The slot's decision count at its last decision (the latest decides last).
  uint64_t last_decision() const { return last_decision_; }
  void new_game() { raised_ = false; }

  // A fault the game judged after its reply (an illegal move): a failure as
  // its own are, so a program that only plays illegal moves gives up in time.
  void judged(Fault fault, const std::string& why) {
    note_failure(fault, why);
    in_game_ = false;
  }

  const std::string& name() const { return spec_.name; }

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
  // One line of JSON; invalid UTF-8 in strings is replaced, never thrown.
  static std::string dump(const Json& message) {
    return message.dump(-1, ' ', false, Json::error_handler_t::replace);
  }

  // Sends `out` (a message of type `sent`); with `reply`, returns the
  // program's reply, which must be a JSON object whose "type" is `type`.
  Json request(const std::string& out, const char* sent, double budget_ms, bool reply,
               const char* type = "") {
    const auto deadline = after(budget_ms);
    std::string line;
    try {
      if (reply) {
        // Else that line would be read as this request's reply, one behind.
        if (const std::string extra = process_->unasked_output(); !extra.empty())
          fail(Fault::kProtocolError,
               fmt::format("before the {} message, it wrote a line nobody asked for: {}", sent,
                           excerpt(extra)));
      }
      if (spec_.trace) spec_.trace(out, true);
      process_->send(out, deadline);
      if (!reply) return {};
      line = process_->read_line(deadline);
      if (spec_.trace) spec_.trace(line, false);
    } catch (const BotError& e) {
      fail(e.fault(), fmt::format("{} (its {} {}, within {} ms)", e.what(), reply ? type : sent,
                                  reply ? "reply" : "message", budget_ms));
    }
    try {
      return parse_reply(line, type);
    } catch (const BotError& e) {
      fail(e.fault(), e.what());
    }
  }

  void note_failure(Fault fault, const std::string& why) {
    process_.reset();  // kills it; the next game starts it anew
    ++failures_;
    last_fault_ = fault;
    last_why_ = why;
  }

  [[noreturn]] void fail(Fault fault, const std::string& why) {
    note_failure(fault, why);
    in_game_ = false;
    raised_ = true;
    throw StrategyFault(spec_.variant, fault, fmt::format("{}: {}", spec_.name, why));
  }

  const BotSpec& spec_;
  Spawner& spawner_;
  std::unique_ptr<BotProcess> process_;
  int failures_ = 0;
  Fault last_fault_ = Fault::kCrashed;
  std::string last_why_;
  bool in_game_ = false;
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
  decisions_.assign(static_cast<size_t>(slots_), 0);
  for (auto& slot : links_) {
    slot.resize(specs_.size());
    for (auto& seats : slot)
      seats.resize(static_cast<size_t>(max_seats_));
  }
}

BotPool::~BotPool() {
  if (!finished_) finish();
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
        BotEnding ending{link->name(), "", true};
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
                       const std::function<nlohmann::json()>& seats) {
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
  bool told = false;
  Json results;
  for (auto& per_spec : here)
    for (auto& link : per_spec) {
      if (!link) continue;
      if (link->in_game()) {
        if (!told) results = seats();
        told = true;
        link->over(game, results);
      }
      link->new_game();
    }
}

}  // namespace arena
