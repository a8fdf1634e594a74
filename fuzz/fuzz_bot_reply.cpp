// libFuzzer target: what a bot writes back (docs/protocol.md). The input's
// first byte picks an engine, the rest are the bot's reply lines, one per
// decision (cycling). Each game of an external player against the engine's
// first strategy either ends or forfeits with a StrategyFault; every reply
// is parsed by the harness's parse_reply and read by the engine's own
// external strategy, as in a run. Anything else (another exception, a
// crash, a sanitizer report, a game that never ends) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/adapters/adapters.hpp"
#include "harness/config/config.hpp"
#include "harness/runner/bots.hpp"

namespace {

using namespace arena;

// Replies from the fuzzer's lines instead of a process.
class ScriptedLink final : public BotLink {
 public:
  explicit ScriptedLink(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  void ready() override {}
  void start_game(uint64_t /*game*/, int /*seat*/, int /*seats*/, uint64_t /*seed*/) override {}
  nlohmann::json decide(const nlohmann::json& /*view*/) override {
    if (++decisions_ > 10'000) __builtin_trap();  // a game that does not end
    const std::string& line = lines_[next_++ % lines_.size()];
    try {
      return parse_reply(line, "move");
    } catch (const BotError& e) {
      throw StrategyFault(0, e.fault(), e.what());
    }
  }
  [[noreturn]] void reject(const std::string& why) override {
    throw StrategyFault(0, Fault::kProtocolError, why);
  }

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
  int decisions_ = 0;
};

class ScriptedBots final : public BotSource {
 public:
  explicit ScriptedBots(ScriptedLink& link) : link_(link) {}
  BotLink* link(int variant, int /*k*/) override { return variant == 0 ? &link_ : nullptr; }

 private:
  ScriptedLink& link_;
};

struct EngineCase {
  const EngineSpec* engine;
  RunConfig config;
  std::unique_ptr<Match> match;
};

// Per engine, its first mode: the external player against the first strategy,
// under the engine's short rules.
const std::vector<EngineCase>& cases() {
  static const Registry registry = make_registry();
  static const std::vector<EngineCase> all = [] {
    std::vector<EngineCase> out;
    for (const EngineSpec& engine : registry.engines()) {
      std::string rules = "{";
      for (const auto& [name, value] : engine.short_rules)
        rules += name + ": " + format_value(value) + ", ";
      rules += "}";
      const std::string yaml =
          "name: fuzz\nengine: " + engine.name + "\nseed: 1\ngames: 2\n" + "rules: " + rules +
          "\nplayers:\n" + "  - {name: bot, strategy: external}\n" +
          "  - {name: other, strategy: " + engine.strategies.front().name + "}\n";
      RunConfig config = parse_config(yaml, "fuzz.yaml", registry);
      auto match = engine.make_match(config, *config.seed);
      out.push_back({&engine, std::move(config), std::move(match)});
    }
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const EngineCase& c = cases()[data[0] % cases().size()];
  std::vector<std::string> lines;
  std::string line;
  for (size_t i = 1; i < size; ++i) {
    if (data[i] == '\n') {
      lines.push_back(std::move(line));
      line.clear();
    } else {
      line += static_cast<char>(data[i]);
    }
  }
  lines.push_back(std::move(line));
  ScriptedLink link(std::move(lines));
  ScriptedBots bots(link);
  std::vector<LatencyHistogram> latency(c.config.players.size() * kMaxPhases);
  GameSink sink(latency, 0, &bots);
  const auto memory = c.match->new_series();
  try {
    c.match->play(0, sink, memory.get());
  } catch (const StrategyFault& fault) {
    if (fault.who() != 0) __builtin_trap();  // only the bot may be at fault
  }
  return 0;
}
