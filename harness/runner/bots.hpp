// The programs that play `strategy: external` (docs/protocol.md).
//
// Contract: a BotPool holds, per worker slot (oneTBB's arena slot of the
// calling thread) and per external variant (and per seat of that variant in
// one game), one program, started when first needed with its handshake and
// reused across games. A program that fails is killed and restarted for its
// next game, until it has failed max_restarts + 1 times on that slot: then
// the variant forfeits its remaining games there, with the last failure in
// the message. Failing is any fault that forfeits: the link's own (it exits,
// stays silent past its budget, writes what is not a reply) and the ones the
// game judges after its reply (an illegal move), which end_game hands over.
// Every program gets "bye" and end of input when the pool finishes (finish(),
// or the destructor); one still running a moment later is killed. Messages follow
// docs/protocol.md; each request has a deadline: the handshake startup_ms,
// a decision the run's limits.decision_ms or kDefaultDecisionMs. A program
// runs under its player's limits (BotLimits); with `pin`, the program of
// slot k runs on the k-th CPU arena may use (wrapping round).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/bot_process.hpp"

namespace arena {

inline constexpr int kProtocolVersion = 1;
// A decision's budget when the run sets no limits.decision_ms: a bot that
// hangs forfeits after this long instead of holding its worker.
inline constexpr double kDefaultDecisionMs = 10'000;

// Begins the detail of a fault after which a variant has stopped playing on
// a worker (its program failed more than max_restarts times there).
inline constexpr std::string_view kGaveUp = "gave up after";

// One external variant, as its config names it.
struct BotSpec {
  int variant = 0;
  std::string name;
  std::vector<std::string> argv;  // argv[0] resolved to the program's path
  std::string command;            // as the config wrote it, for messages
  std::filesystem::path cwd;      // the config's folder
  std::filesystem::path log;      // stderr (one that cannot be opened: kCrashed); empty: /dev/null
  double startup_ms = 5000;
  double decision_ms = kDefaultDecisionMs;
  int max_restarts = 3;
  BotLimits limits;                         // enforceable here (checked by bot_specs)
  size_t max_reply = BotProcess::kMaxLine;  // the longest reply line (the engine's largest move)
  nlohmann::json hello;                     // the handshake's request
  // Sees every line sent ("> ") and received ("< "), for arena check-bot; may be null.
  std::function<void(const std::string& line, bool sent)> trace = nullptr;
};

// Splits `command` into words as a POSIX shell would (whitespace; '...'
// literal; "..." with \" \\ \$ \` escapes; \x outside quotes), without
// expansions. Throws std::invalid_argument for an unterminated quote.
std::vector<std::string> split_command(const std::string& command);

// A program's reply `line` to a request due a reply of `type` ("hello" or
// "move"): a JSON object whose "type" is `type` (a hello also has a string
// "name"). Throws BotError (Fault::kProtocolError) saying what is wrong, with
// the line cut to a few hundred bytes.
nlohmann::json parse_reply(const std::string& line, std::string_view type);

// The program a command's first word names: a path (with '/') relative to
// `cwd`, or a name looked up in PATH; empty when there is none to run.
std::filesystem::path resolve_program(const std::string& word, const std::filesystem::path& cwd);

// The external players of `config` (empty when it has none). Bot stderr goes
// to each player's `log` (relative to the config), else to
// `log_dir`/bots/<variant>`log_suffix`.log (created here), else (no log_dir)
// nowhere. Throws ConfigError naming players[i].params.command when a
// command is empty, unbalanced or names no program, players[i].params.log
// when that file cannot be written, or the limit (players[i].params.network,
// say) that this machine cannot enforce; std::runtime_error when the default
// log cannot be written.
std::vector<BotSpec> bot_specs(const RunConfig& config, const EngineSpec& engine,
                               const std::filesystem::path& log_dir,
                               const std::string& log_suffix = "");

// How one program ended when its pool finished.
struct BotEnding {
  std::string variant;
  std::string unasked;  // what it wrote after its last request ("" when nothing)
  bool exited = true;   // false: it was still running after the grace, and was killed
};

// How long a program's replies are polled for before arena sleeps
// (BotProcess::set_spin) when `slots` workers run on `cores` cores: the
// spin only while every worker and the program it waits for can each have a
// core (2 * slots <= cores); else a spinning worker takes the CPU its own or
// another worker's program needs (Python bots at --threads = cores).
std::chrono::microseconds spin_for(int slots, int cores);

class BotPool final : public BotSource {
 public:
  // Spins for replies as spin_for says for the cores oneTBB may use
  // (tbb::info::default_concurrency(): the process's CPU affinity).
  BotPool(std::vector<BotSpec> specs, int slots, int max_seats);
  ~BotPool() override;
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  BotLink* link(int variant, int k) override;
  // After every game `game` on the calling thread. Each of `faults` (the
  // game's forfeit and the faults it noted) against an external variant that
  // none of its programs raised itself (an illegal move, say) is the fault of
  // the variant's program that decided last in the game: it is killed, to be
  // restarted for its next game, and the failure counts toward max_restarts.
  // Then each program still in the game is told how it ended, with `seats()`
  // (the "over" message's per-seat results), called only when one is (built-in-only
  // games skip building it).
  void end_game(uint64_t game, std::span<const StrategyFault> faults,
                const std::function<nlohmann::json()>& seats);
  // Ends the run for every program running: "bye", end of input, then up
  // to `grace` (for all together) to exit, reading what each still writes;
  // those still running are killed. Returns how each ended. The destructor
  // calls it when nobody did. Not while games are played.
  std::vector<BotEnding> finish(std::chrono::milliseconds grace = std::chrono::seconds(1));
  const std::vector<BotSpec>& specs() const { return specs_; }

 private:
  class Link;
  int slot() const;

  std::vector<BotSpec> specs_;
  std::vector<int> spec_of_variant_;  // variant -> index into specs_, -1 when not external
  int slots_;
  int max_seats_;
  std::chrono::microseconds spin_;  // for every process: spin_for(slots_, cores)
  std::vector<int> cpus_;           // the CPUs arena may use: slot k pins to cpus_[k % size]
  Spawner spawner_;
  // slot -> spec -> seat occurrence k
  std::vector<std::vector<std::vector<std::unique_ptr<Link>>>> links_;
  // slot -> decisions made there so far: which program decided last
  std::vector<uint64_t> decisions_;
  bool finished_ = false;
};

}  // namespace arena
