// `arena check-bot ENGINE -- COMMAND...`: plays a bot through a few games of
// ENGINE against the engine's first strategy and reports, message by message,
// what it got wrong (in the spirit of fastchess's engine compliance check).
#include <algorithm>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/config/config.hpp"
#include "harness/config/params.hpp"
#include "harness/runner/bot_text.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/runner.hpp"

namespace arena {
namespace {

// Games enough to meet every kind of message: whole deals for tables, short
// games (the engine's short_rules).
std::string check_config(const EngineSpec& engine, const CheckBotOptions& options) {
  const bool tables = engine.modes.front().tables;
  const std::string other = engine.strategies.front().name;
  const std::string rules = overrides_yaml(engine.short_rules);
  std::string command = join_command(options.command);
  std::string escaped;
  for (const char c : command)
    escaped += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return fmt::format(
      "name: check-bot\nengine: {}\nseed: 1\ngames: {}\nrules: {}\nlimits: {{decision_ms: {}}}\n"
      "players:\n  - {{name: bot, strategy: external, params: {{command: \"{}\", max_restarts: "
      "1000000, startup_ms: {}}}}}\n  - {{name: {}, strategy: {}}}\n",
      engine.name, tables ? options.games * 2 : options.games, rules, options.decision_ms, escaped,
      options.startup_ms, other, other);
}

// The bot's last lines, for a fault's context.
class Transcript {
 public:
  void add(const std::string& line, bool sent) {
    const std::lock_guard lock(mutex_);
    // The bot's bytes reach the terminal escaped (no control sequence of its own).
    std::string shown = escape_bot_text(line.size() > 240 ? line.substr(0, 240) : line) +
                        (line.size() > 240 ? "..." : "");
    lines_.push_back((sent ? "  arena > " : "  bot   < ") + shown);
    if (first_.size() < 8) first_.push_back(lines_.back());
    if (lines_.size() > 6) lines_.pop_front();
  }
  std::string last() const {
    std::string out;
    for (const auto& l : lines_)
      out += l + "\n";
    return out;
  }
  std::string first() const {
    std::string out;
    for (const auto& l : first_)
      out += l + "\n";
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::deque<std::string> lines_;
  std::vector<std::string> first_;
};

// What the protocol asks of the end of a run: nothing written after the
// last message (no reply to "over" or "bye"), and an exit within a second of
// "bye" and end of input. Prints each breach; returns how many there were.
int check_ending(const std::vector<BotEnding>& endings, Transcript& transcript) {
  int faults = 0;
  for (const BotEnding& ending : endings) {
    if (ending.variant != "bot") continue;
    if (!ending.unasked.empty()) {
      ++faults;
      std::string_view rest = ending.unasked;
      while (!rest.empty()) {
        const size_t end = std::min(rest.find('\n'), rest.size());
        transcript.add(std::string(rest.substr(0, end)), false);
        rest.remove_prefix(std::min(end + 1, rest.size()));
      }
      fmt::print(
          "end of run: FAULT (protocol-error)\n  after its last message it wrote what "
          "nobody asked for ({})\n  the last messages:\n{}",
          ending.protocol >= 2 ? "a second reply to \"over\", or one to \"bye\"?"
                               : "a reply to \"over\" or \"bye\"?",
          transcript.last());
    }
    if (!ending.exited) {
      ++faults;
      fmt::print(
          "end of run: FAULT\n  it was still running 1 s after \"bye\" and the end of "
          "its input, and was killed (exit at \"bye\" or at end of input)\n");
    }
  }
  return faults;
}

// Which protocol the bot spoke, when it is not the latest: what it misses.
std::string version_note(const std::vector<BotEnding>& endings) {
  for (const BotEnding& ending : endings) {
    if (ending.variant != "bot" || ending.protocol >= kLatestProtocol) continue;
    return fmt::format(
        "; it speaks protocol {}: name protocol {} in its hello reply to have its replies "
        "matched to their requests (docs/protocol.md)",
        ending.protocol, kLatestProtocol);
  }
  return "";
}

}  // namespace

int check_bot_command(const CheckBotOptions& options, const Registry& registry) {
  const EngineSpec* engine = registry.find(options.engine);
  if (!engine) {
    fmt::print(stderr, "arena: check-bot: unknown engine '{}'; engines: {}{}\n", options.engine,
               fmt::join(registry.names(), ", "), did_you_mean(options.engine, registry.names()));
    return 2;
  }
  if (options.command.empty()) {
    fmt::print(stderr, "arena: check-bot: no command (arena check-bot {} -- COMMAND...)\n",
               engine->name);
    return 2;
  }
  try {
    const RunConfig config =
        parse_config(check_config(*engine, options), "check-bot.yaml", registry);
    Transcript transcript;
    PreparedRun prepared =
        prepare_run(registry, config, *config.seed, 1, {}, "", [&](BotSpec& spec) {
          spec.trace = [&](const std::string& line, bool sent) { transcript.add(line, sent); };
          spec.log = "/dev/stderr";  // the bot's own messages, as it writes them
        });
    RunPlan& plan = prepared.plan;
    int faults = 0;
    int between_games = 0;  // faults after a game that cost no game: a breach all the same
    plan.on_forfeit = [&](const ForfeitNote& note) {
      if (note.variant != 0) return;
      ++faults;
      between_games += note.forfeited ? 0 : 1;
      fmt::print("game {}: {} ({})\n  {}\n  the last messages:\n{}", note.game,
                 note.forfeited ? "FAULT" : "FAULT after the game before (a new program played it)",
                 fault_name(note.fault), note.detail, transcript.last());
    };
    fmt::print(
        "arena check-bot {}: {} game{} of mode {} (the other variant: {}), protocol {} to {}\n",
        engine->name, plan.games, plan.games == 1 ? "" : "s", config.mode.name,
        plan.variant_names[1], kBaseProtocol, kLatestProtocol);
    const RunStats stats = run_games(*prepared.match, plan, nullptr, nullptr);
    const std::vector<BotEnding> endings = prepared.bots->finish();
    const int end_faults = check_ending(endings, transcript);
    const uint64_t forfeits = stats.variant(0).forfeit_total();
    fmt::print("the first messages:\n{}", transcript.first());
    if (forfeits == 0 && end_faults == 0 && between_games == 0) {
      fmt::print("compliant: {} game{}, {} decisions, no fault{}\n", stats.games(),
                 stats.games() == 1 ? "" : "s", stats.latency(0).count(), version_note(endings));
      return 0;
    }
    fmt::print("NOT compliant: {} of {} games forfeited", forfeits, stats.variant(0).games);
    for (int f = 0; f < kFaultKinds; ++f)
      if (stats.variant(0).forfeits[f] > 0)
        fmt::print(", {} {}", stats.variant(0).forfeits[f], fault_name(static_cast<Fault>(f)));
    if (between_games > 0)
      fmt::print("; {} fault{} between games", between_games, between_games == 1 ? "" : "s");
    if (end_faults > 0)
      fmt::print("; {} fault{} at the end of the run", end_faults, end_faults == 1 ? "" : "s");
    fmt::print("\n");
    return 1;
  } catch (const ConfigError& e) {
    // The config is check-bot's own: only the complaint about the command means anything.
    const std::string& message = e.message();
    const size_t colon = message.find(": ");
    fmt::print(stderr, "arena: check-bot: {}\n",
               colon == std::string::npos ? message : message.substr(colon + 2));
    return 2;
  }
}

}  // namespace arena
