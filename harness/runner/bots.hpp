// The programs that play `strategy: external` (docs/protocol.md).
//
// Contract: a BotPool holds, per worker slot (oneTBB's arena slot of the
// calling thread) and per external variant (and per seat of that variant in
// one game), one program, started when first needed with its handshake and
// reused across games. A program that fails costs the game in flight and is
// killed, and restarted for its next game, however often it fails (as
// fastchess's -recover): no later game is forfeited for it, so which games
// are forfeited follows from the games themselves, never from which worker
// played what. Failing is any fault that forfeits but a late move: the
// link's own (it exits, does not answer within its budget and the grace
// after it, writes what is not a reply) and the ones the game judges after
// its reply (an illegal move), which end_game hands over. A late move (a
// reply after the budget, within the grace) forfeits its game and nothing
// more: the program was waited for, so it is in step, and plays on. A
// program that played an earlier game and, in a new game, ends or writes a
// line before its first reply (it crashed after its last game, or wrote a
// line after that game's "over") did so before this game was its affair:
// it is replaced by a new program, which plays the game from its start, and
// end_game reports the old one's fault (`restarted`) without charging any game.
// Every program gets "bye" and end of input when the pool finishes (finish(),
// or the destructor); one still running a moment later is killed. Messages follow
// docs/protocol.md; each request has a deadline: the handshake startup_ms,
// a decision the run's limits.decision_ms or kDefaultDecisionMs. A program
// runs under its player's limits (BotLimits); with `pin`, the program of
// slot k runs on the k-th CPU arena may use (wrapping round).
//
// Protocol versions: arena's hello offers every version it speaks; the
// bot's hello reply picks one (none named: version 1). Every decide carries
// an id, which a move must echo from version 2 on (and may in version 1);
// from version 2 on the program also answers "over", so that all it wrote
// for a game is read before the game's result is final: what it wrote that
// nobody asked for, noticed then, is charged to that game.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/config/config.hpp"
#include "harness/registry/registry.hpp"
#include "harness/runner/bot_process.hpp"

namespace arena {

// The protocol versions arena speaks: its hello says "protocol":
// kBaseProtocol (what a bot speaks whose hello reply names no version) and
// "accepts": every version from kBaseProtocol to kLatestProtocol.
inline constexpr int kBaseProtocol = 1;
inline constexpr int kLatestProtocol = 2;
// A decision's budget when the run sets no limits.decision_ms: a bot that
// hangs forfeits after this long instead of holding its worker.
inline constexpr double kDefaultDecisionMs = 10'000;
// How long a reply is still waited for after its budget (`budget_ms`): the
// budget again, and at least a second. A reply within it is late (its game
// is forfeited, the program plays on); none within it, and the program is
// not answering (killed, and restarted for its next game).
inline constexpr double kMinGraceMs = 1000;
inline double grace_ms(double budget_ms) {
  return std::max(budget_ms, kMinGraceMs);
}
// A program's stderr log is kept under this size: past it, at the start of
// a game, it is cut to its first and last kBotLogKept bytes (bound_log).
inline constexpr uintmax_t kMaxBotLog = uintmax_t{16} << 20;
inline constexpr uintmax_t kBotLogKept = uintmax_t{4} << 20;

// BotPool::start_all starts a program at most this many times (and at most
// max_restarts + 1 times) before it gives up on the run.
inline constexpr int kStartTries = 4;

struct BotSpec;
// Makes the link of an in-process player (strategy: python): one per worker
// slot and seat, used on that worker's thread only.
using InProcessLinks = std::function<std::unique_ptr<BotLink>(const BotSpec&)>;

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
  int max_restarts = 3;  // start_all's starts after the first, at most kStartTries - 1
  BotLimits limits;      // enforceable here (checked by bot_specs)
  size_t max_reply = BotProcess::kMaxLine;  // the longest reply line (the engine's largest move)
  nlohmann::json hello;                     // the handshake's request
  // Sees every line sent ("> ") and received ("< "), for arena check-bot; may be null.
  std::function<void(const std::string& line, bool sent)> trace = nullptr;
  // A player played in this process (strategy: python): no program (argv
  // empty); its links come from `in_process_links`, which whoever runs the
  // config sets (Python's arena.run). Unset, the run stops before it starts.
  bool in_process = false;
  InProcessLinks in_process_links = nullptr;
};

// Splits `command` into words as a POSIX shell would (whitespace; '...'
// literal; "..." with \" \\ \$ \` escapes; \x outside quotes), without
// expansions. Throws std::invalid_argument for an unterminated quote.
std::vector<std::string> split_command(const std::string& command);

// The inverse: `words` as one command line, each word single-quoted where a
// POSIX shell (and split_command) would otherwise read it differently.
std::string join_command(const std::vector<std::string>& words);

// A program's reply `line` to a request due a reply of `type` ("hello" or
// "move"): a JSON object whose "type" is `type` (a hello also has a string
// "name"). Throws BotError (Fault::kProtocolError) saying what is wrong, with
// the line cut to a few hundred bytes.
nlohmann::json parse_reply(const std::string& line, std::string_view type);

// The program a command's first word names: a path (with '/') relative to
// `cwd`, or a name looked up in PATH; empty when there is none to run.
std::filesystem::path resolve_program(const std::string& word, const std::filesystem::path& cwd);

// The external and python players of `config` (empty when it has none); a
// python player's spec has in_process set and only its variant, name,
// hello (its params without `function`), decision_ms and, as its command,
// its params.function. An external player's program runs in its `workdir` (the loader makes it
// absolute; the config's folder when not given), from which a relative command and log are found.
// Bot stderr goes to each player's `log`, else to `log_dir`/bots/<variant>`log_suffix`.log (created
// here), else (no log_dir) nowhere. Throws ConfigError naming players[i].params.command when a
// command is empty, unbalanced or names no program, players[i].params.workdir when it is not a
// folder, players[i].params.log when that file cannot be written, or the limit
// (players[i].params.network, say) that this machine cannot enforce;
// std::runtime_error when the default log cannot be written.
std::vector<BotSpec> bot_specs(const RunConfig& config, const EngineSpec& engine,
                               const std::filesystem::path& log_dir,
                               const std::string& log_suffix = "");

// How one program ended when its pool finished.
struct BotEnding {
  std::string variant;
  std::string unasked;           // what it wrote after its last request ("" when nothing)
  bool exited = true;            // false: it was still running after the grace, and was killed
  int protocol = kBaseProtocol;  // the version it spoke
};

// A run that cannot begin: a program never got as far as its hello
// (BotPool::start_all). The run stops (exit 1) before its first game.
class BotStartError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
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

  // The link of the k-th seat of `variant` on the calling thread's slot: a
  // program's, or an in-process player's (made by its spec's
  // in_process_links); null for a variant of neither.
  BotLink* link(int variant, int k) override;
  // Before the first game, on the calling thread (the main one, whose slot
  // is then the run's worker 0): starts each variant's program (in-process
  // players have none), in the
  // config's order, up to kStartTries times (and max_restarts + 1) until it
  // answers its hello. Throws BotStartError when some never did, naming for
  // each its last failure, the last lines its last start wrote on stderr and
  // where its log is; a log inside `removed_on_failure` (a staging folder
  // that the failed run deletes) is first copied to a folder of its own in
  // the temporary directory, which the message names instead.
  void start_all(const std::filesystem::path& removed_on_failure = {});
  // After every game `game` on the calling thread. Each of `faults` (the
  // game's forfeit and the faults it noted) against an external variant that
  // none of its programs raised itself (an illegal move, say) is the fault of
  // the variant's program that decided last in the game: it is killed, to be
  // restarted for its next game; but an over-budget decision (the game's own
  // timer found it late) is late, and the program plays on. Then each
  // program still in the game is checked for
  // lines nobody asked for, told how the game ended, with `seats()` (the
  // "over" message's per-seat results, called only when some program is in
  // the game: built-in-only games skip building it), and, from protocol 2
  // on, its reply to "over" is read. A protocol error found in these steps
  // belongs to game `game`: `charge(fault)` is called with it (the caller
  // scores the game as forfeited by its variant; the program is killed and
  // restarted). Last, `restarted(fault)` (when given) is called for each
  // program replaced before its first reply in this game, with the old
  // program's fault, which cost no game.
  void end_game(uint64_t game, std::span<const StrategyFault> faults,
                const std::function<void(const StrategyFault&)>& charge,
                const std::function<nlohmann::json()>& seats,
                const std::function<void(const StrategyFault&)>& restarted = nullptr);
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
  // slot -> spec -> seat occurrence k: the links of in-process players
  std::vector<std::vector<std::vector<std::unique_ptr<BotLink>>>> hosted_;
  // slot -> decisions made there so far: which program decided last
  std::vector<uint64_t> decisions_;
  bool finished_ = false;
};

}  // namespace arena
