#include "harness/runner/runner.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "harness/registry/decision_clock.hpp"
#include "harness/runner/cost_model.hpp"

// oneTBB from Debian is not built with ThreadSanitizer, so the ordering its
// pipeline guarantees (serial stages one call at a time; a block handed from
// stage to stage) is invisible to TSan. These annotations state it, so TSan
// checks the games themselves without false alarms; they vanish otherwise.
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define ARENA_HAPPENS_BEFORE(address) \
  __tsan_release(const_cast<void*>(static_cast<const void*>(address)))
#define ARENA_HAPPENS_AFTER(address) \
  __tsan_acquire(const_cast<void*>(static_cast<const void*>(address)))
#define ARENA_NOT_TSAN_CHECKED __attribute__((no_sanitize("thread")))
#else
#define ARENA_HAPPENS_BEFORE(address) static_cast<void>(address)
#define ARENA_HAPPENS_AFTER(address) static_cast<void>(address)
#define ARENA_NOT_TSAN_CHECKED
#endif

namespace arena {
namespace {

// A pipeline stage as oneTBB holds it: oneTBB copies this object in its own
// code, so it is read where TSan does not look, and the stage's body (on the
// caller's stack) is called only after the caller's setup is ordered before it.
template <class Body>
struct Stage {
  Body* body;
  const void* setup;  // released by the caller before the pipeline starts

  template <class... Args>
  ARENA_NOT_TSAN_CHECKED decltype(auto) operator()(Args&&... args) const {
    ARENA_HAPPENS_AFTER(setup);
    return (*body)(std::forward<Args>(args)...);
  }
};

struct Block {
  Block(uint64_t first, uint64_t past_last, RunStats empty)
      : begin(first), end(past_last), stats(std::move(empty)) {}

  uint64_t begin = 0;
  uint64_t end = 0;
  RunStats stats;
  StreamTexts texts;  // what the block's games write, per stream
  std::vector<ForfeitNote> forfeits;
  std::list<Block>::iterator self;  // its place in BlocksInFlight
  bool cut_short = false;           // ended early by an interrupt
  bool played = false;              // a probe, played before the pipeline
};

// Owns the blocks between the pipeline's first and last stage. The pipeline
// passes plain pointers: those go through oneTBB's own code untouched (a
// shared_ptr would be copied in its headers, where TSan cannot see the
// hand-over), and blocks still in flight when a game throws are freed here.
class BlocksInFlight {
 public:
  Block* add(Block block) {
    const std::lock_guard lock(mutex_);
    blocks_.push_back(std::move(block));
    blocks_.back().self = std::prev(blocks_.end());
    return &blocks_.back();
  }
  void remove(Block* block) {
    const std::lock_guard lock(mutex_);
    blocks_.erase(block->self);
  }

 private:
  std::mutex mutex_;
  std::list<Block> blocks_;
};

}  // namespace

const char* outcome_of(const SeatResult& seat, std::span<const SeatResult> seats) {
  switch (seat.outcome) {
    case Outcome::kWin:
      return "win";
    case Outcome::kLoss:
      return "loss";
    case Outcome::kDraw:
      return "draw";
    case Outcome::kByRank:
      break;
  }
  if (seats.size() < 2) return "solo";
  if (seat.rank != 1) return "loss";
  const auto firsts =
      std::count_if(seats.begin(), seats.end(), [](auto& s) { return s.rank == 1; });
  return firsts > 1 ? "draw" : "win";
}

namespace {

char* put(char* at, std::string_view text) {
  return std::copy(text.begin(), text.end(), at);
}

// Rows are formatted by hand, each into room made for its longest form and
// cut to size: this runs once per seat of every game (one append per row,
// not one per field, halves its cost).
void append_rows(std::string& out, uint64_t game, std::span<const SeatResult> seats,
                 const std::vector<std::string>& variant_names, size_t metric_count) {
  constexpr size_t kDigits = 20;  // of an int64_t, with its sign
  char number[kDigits + 1];
  const std::string_view game_text(number, std::to_chars(number, number + kDigits, game).ptr);
  for (size_t index = 0; index < seats.size(); ++index) {
    const SeatResult& seat = seats[index];
    const std::string& name = variant_names[seat.variant];
    const std::string_view outcome = outcome_of(seat, seats);
    const std::string_view fault = seat.fault ? fault_name(*seat.fault) : "";
    const size_t start = out.size();
    out.resize(start + game_text.size() + name.size() + outcome.size() + fault.size() +
               kDigits * (metric_count + 2) + metric_count + 6);
    char* at = put(out.data() + start, game_text);
    *at++ = ',';
    at = put(at, name);
    *at++ = ',';
    at = std::to_chars(at, at + kDigits, index).ptr;  // the seat: rows are in seat order
    *at++ = ',';
    at = std::to_chars(at, at + kDigits, seat.rank).ptr;
    *at++ = ',';
    at = put(at, outcome);
    for (size_t m = 0; m < metric_count; ++m) {
      *at++ = ',';
      if (seat.has_metrics) at = std::to_chars(at, at + kDigits, seat.metrics[m]).ptr;
    }
    *at++ = ',';
    at = put(at, fault);
    *at++ = '\n';
    out.resize(static_cast<size_t>(at - out.data()));
  }
}

// The "over" message's seats: how each seat's variant ended the game.
nlohmann::json seats_json(std::span<const SeatResult> seats, const RunPlan& plan) {
  nlohmann::json out = nlohmann::json::array();
  for (const SeatResult& seat : seats) {
    out.push_back({{"variant", plan.variant_names[seat.variant]},
                   {"rank", seat.rank},
                   {"outcome", outcome_of(seat, seats)},
                   {"forfeit", seat.fault ? nlohmann::json(fault_name(*seat.fault))
                                          : nlohmann::json(nullptr)}});
  }
  return out;
}

void play_block(const Match& match, const RunPlan& plan, bool keep_rows, Block& block) {
  GameSink sink(block.stats.latency(), plan.decision_budget_ns, plan.bots);
  const bool keep_moves = plan.moves.logs();
  if (keep_moves) sink.log_moves();
  // What external programs explain costs nothing: kept in their records.
  std::optional<ExplainScope> offered;
  if (keep_moves && plan.bots) offered.emplace(ExplainScope::Level::kOffered);
  const size_t metric_count = match.metrics().size();
  const uint64_t series = match.series_length();
  std::unique_ptr<SeriesMemory> memory;
  std::vector<StrategyFault> faults;  // the game's, for the bot pool
  for (uint64_t game = block.begin; game < block.end; ++game) {
    if (game % series == 0) {
      // Interrupted: the block ends at this series boundary (the merge stage
      // drops the blocks after it), so slow games do not hold up the stop.
      if (game > block.begin && plan.interrupt && plan.interrupt->load(std::memory_order_relaxed)) {
        block.end = game;
        block.cut_short = true;
        return;
      }
      memory = match.new_series();  // blocks start on series boundaries
    }
    play_one_game(match, game, sink, memory.get());
    faults.clear();
    for (const StrategyFault& fault : sink.notes()) {
      block.forfeits.push_back({game, fault.who(), fault.fault(), fault.what()});
      if (plan.bots) faults.push_back(fault);
    }
    if (plan.bots) {
      // A program's fault found at the game's end is this game's (bots.hpp).
      const auto charge = [&](const StrategyFault& fault) {
        if (match.forfeit_at_end(sink, fault))
          block.forfeits.push_back({game, fault.who(), fault.fault(), fault.what()});
      };
      const auto restarted = [&](const StrategyFault& fault) {
        block.forfeits.push_back({game, fault.who(), fault.fault(), fault.what(), false});
      };
      plan.bots->end_game(
          game, faults, charge, [&] { return seats_json(sink.seats(), plan); }, restarted);
    }
    block.stats.add_game(sink.seats(), sink.pair(), game);
    block.stats.add_signature(game, sink.timer().signature());
    if (keep_rows) {
      append_rows(text_of(block.texts, GameStream::kRows), game, sink.seats(), plan.variant_names,
                  metric_count);
    }
    if (keep_moves && plan.moves.records(game, sink))
      text_of(block.texts, GameStream::kMoves) += moves_line(game, sink);
  }
}

// play_block, its time observed by `costs` when given.
void play_timed(const Match& match, const RunPlan& plan, bool keep_rows, Block& block,
                CostModel* costs) {
  if (!costs) return play_block(match, plan, keep_rows, block);
  const auto begin = std::chrono::steady_clock::now();
  play_block(match, plan, keep_rows, block);
  costs->observe(block.begin, block.end,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
}

// Plays the probe series of `costs` inside [plan.first_game, plan.games), in
// parallel on `arena`, into blocks held by `in_flight`; tells `progress`
// when they are done. Returns them by first game.
std::map<uint64_t, Block*> play_probes(const Match& match, const RunPlan& plan, bool keep_rows,
                                       tbb::task_arena& arena, BlocksInFlight& in_flight,
                                       CostModel& costs, Progress& progress) {
  const uint64_t series = match.series_length();
  const int variants = static_cast<int>(plan.variant_names.size());
  const int metrics = static_cast<int>(match.metrics().size());
  const int groups = std::max<int>(1, static_cast<int>(match.groups().size()));
  // The decision clock calibrates itself on first use, for 10 ms: done here,
  // not in the first probe's time, which would charge every game of its
  // segment with 10 ms (a game of random firing takes 5 microseconds).
  DecisionClock::get();
  std::vector<Block*> blocks;
  for (const uint64_t game : costs.probes()) {
    if (game >= plan.first_game && game + series <= plan.games)
      blocks.push_back(
          in_flight.add(Block(game, game + series, RunStats(variants, metrics, groups))));
  }
  // A pipeline of two stages, as in run_games (its hand-overs are the ones
  // TSan is told of; tbb::parallel_for's own atomics, in its headers, are not).
  size_t next = 0;
  auto hand_out = [&](tbb::flow_control& control) -> Block* {
    ARENA_HAPPENS_AFTER(&next);  // the previous call of this serial stage
    // Interrupted: no probe starts (Ctrl-C is not kept waiting for them all).
    const bool interrupted = plan.interrupt && plan.interrupt->load(std::memory_order_relaxed);
    Block* block = next < blocks.size() && !interrupted ? blocks[next++] : nullptr;
    if (!block) control.stop();
    ARENA_HAPPENS_BEFORE(&next);
    if (block) ARENA_HAPPENS_BEFORE(block);
    return block;
  };
  auto play_probe = [&](Block* block) {
    ARENA_HAPPENS_AFTER(block);
    play_timed(match, plan, keep_rows, *block, &costs);
    block->played = true;
    progress.add(block->end - block->begin);  // counted as played now, not when merged
    ARENA_HAPPENS_BEFORE(block);
  };
  const char start = 0;
  ARENA_HAPPENS_BEFORE(&start);
  arena.execute([&] {
    tbb::parallel_pipeline(
        static_cast<size_t>(plan.threads) * 2,
        tbb::make_filter<void, Block*>(tbb::filter_mode::serial_in_order,
                                       Stage<decltype(hand_out)>{&hand_out, &start}) &
            tbb::make_filter<Block*, void>(tbb::filter_mode::parallel,
                                           Stage<decltype(play_probe)>{&play_probe, &start}));
  });
  // The last call of hand_out (the one that stops the pipeline) read `blocks`
  // and `next` on this stack; ordered before this frame's memory is reused.
  ARENA_HAPPENS_AFTER(&next);
  std::map<uint64_t, Block*> probed;
  for (Block* block : blocks) {
    ARENA_HAPPENS_AFTER(block);
    // Not started or cut short by an interrupt: played again, by the pipeline or a resume.
    if (!block->played || block->cut_short || block->end == block->begin) continue;
    probed[block->begin] = block;
  }
  progress.probed(blocks.size() * series);
  return probed;
}

// Rows only, to a FILE.
class FileRowsWriter final : public GameWriter {
 public:
  explicit FileRowsWriter(std::FILE* file) : file_(file) {}
  void write(const StreamTexts& texts) override {
    const std::string& rows = text_of(texts, GameStream::kRows);
    if (std::fwrite(rows.data(), 1, rows.size(), file_) != rows.size())
      throw std::runtime_error("cannot write games.csv (disk full?)");
  }

 private:
  std::FILE* file_;
};

}  // namespace

PreparedRun prepare_run(const Registry& registry, const RunConfig& config, uint64_t seed,
                        int threads, const std::filesystem::path& bot_log_dir,
                        const std::string& bot_log_suffix,
                        const std::function<void(BotSpec&)>& adjust_bot) {
  const EngineSpec& engine = *registry.find(config.engine);
  PreparedRun run{nullptr, engine.make_match(config, seed), {}};
  run.plan.games = run.match->game_count();
  run.plan.threads = threads > 0 ? threads : tbb::info::default_concurrency();
  if (auto specs = bot_specs(config, engine, bot_log_dir, bot_log_suffix); !specs.empty()) {
    if (adjust_bot) std::for_each(specs.begin(), specs.end(), adjust_bot);
    for (const BotSpec& spec : specs) {
      if (spec.in_process && !spec.in_process_links) {
        throw config.error_at(
            fmt::format("players[{}].strategy", spec.variant),
            fmt::format("'python' is played by a Python function in the process that runs the "
                        "config: run it from Python, arena.run(config, players={{'{}': "
                        "function}}) (docs/python.md)",
                        spec.name));
      }
    }
    run.bots = std::make_unique<BotPool>(std::move(specs), run.plan.threads, kMaxPlayers);
    run.plan.bots = run.bots.get();
  }
  for (const auto& p : config.players)
    run.plan.variant_names.push_back(p.name);
  run.plan.decision_budget_ns = config.limits.decision_budget_ns();
  run.plan.moves = move_policy(config, run.plan.games);
  return run;
}

MovePolicy move_policy(const RunConfig& config, uint64_t planned) {
  MovePolicy policy{config.output.moves,
                    config.output.sample,
                    planned,
                    {},
                    config.limits.decision_ms.has_value()};
  for (const auto& p : config.players)
    policy.from_seed.push_back(follows_from_seed(p));
  return policy;
}

std::string csv_header(const std::vector<MetricSpec>& metrics) {
  std::string header = "game,variant,seat,rank,outcome";
  for (const auto& m : metrics)
    header += "," + m.name;
  return header + ",forfeit\n";
}

bool MovePolicy::logs() const {
  if (level == MovesRecord::kNone) return false;
  if (level != MovesRecord::kForfeits || budget) return true;
  return std::find(from_seed.begin(), from_seed.end(), false) != from_seed.end();
}

bool MovePolicy::records(uint64_t game, const GameSink& sink) const {
  if (level == MovesRecord::kNone) return false;
  if (level == MovesRecord::kAll || (budget && !sink.notes().empty())) return true;
  for (const SeatResult& seat : sink.seats()) {
    const auto v = static_cast<size_t>(seat.variant);
    if ((budget && seat.fault) || (v < from_seed.size() && !from_seed[v])) return true;
  }
  if (level != MovesRecord::kSample || planned == 0) return false;
  // Game i is one of `sample` games spread evenly over [0, planned) when
  // floor((i + 1) k / n) passes an integer that floor(i k / n) did not.
  __extension__ using Wide = unsigned __int128;  // i * k reaches 2^80
  const auto k = static_cast<Wide>(std::min(sample, planned));
  return (game + 1) * k / planned > game * k / planned;
}

void play_one_game(const Match& match, uint64_t game, GameSink& sink, SeriesMemory* memory) {
  sink.clear();
  try {
    match.play(game, sink, memory);
  } catch (const StrategyFault& fault) {
    sink.forfeit(fault);
    sink.note(fault);
  }
}

std::string game_rows(uint64_t game, std::span<const SeatResult> seats,
                      const std::vector<std::string>& variant_names, size_t metric_count) {
  std::string rows;
  append_rows(rows, game, seats, variant_names, metric_count);
  return rows;
}

std::string moves_line(uint64_t game, const GameSink& sink) {
  nlohmann::json seats = nlohmann::json::array();
  if (!sink.lineup().empty()) {
    for (const auto& [variant, group] : sink.lineup())
      seats.push_back(variant);
  } else {
    for (const SeatResult& seat : sink.seats())
      seats.push_back(seat.variant);
  }
  const nlohmann::ordered_json line = {
      {"game", game}, {"seats", seats}, {"moves", sink.moves().to_json()}};
  return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

uint64_t block_size(uint64_t games, int threads) {
  const uint64_t per_worker = games / (static_cast<uint64_t>(std::max(threads, 1)) * 32);
  return std::clamp<uint64_t>(per_worker, 1, 512);
}

RunStats run_games(const Match& match, const RunPlan& plan, std::FILE* rows, Progress* progress) {
  if (!rows) return run_games(match, plan, static_cast<GameWriter*>(nullptr), progress);
  FileRowsWriter writer(rows);
  return run_games(match, plan, &writer, progress);
}

RunStats run_games(const Match& match, const RunPlan& plan, GameWriter* out, Progress* progress) {
  check_declared_sizes(match);
  const int variants = static_cast<int>(plan.variant_names.size());
  const int metrics = static_cast<int>(match.metrics().size());
  const int groups = std::max<int>(1, static_cast<int>(match.groups().size()));
  const uint64_t series = match.series_length();
  uint64_t step = block_size(plan.games / series, plan.threads) * series;
  if (plan.check_every > 0) {
    // The largest multiple of the series length that divides the check interval.
    while (plan.check_every % step != 0)
      step -= series;
  }
  std::atomic<bool> stopped{false};
  RunStats total = plan.initial ? *plan.initial : RunStats(variants, metrics, groups);
  uint64_t next = plan.first_game;
  using BlockPtr = Block*;
  BlocksInFlight in_flight;
  tbb::task_arena arena(plan.threads);
  // With a cost model (a run that shows its progress), its probe series are
  // played first, on every thread, and merged at their place like any block.
  CostModel* costs = progress ? progress->costs() : nullptr;
  const std::map<uint64_t, Block*> probed =
      costs && plan.check_every == 0
          ? play_probes(match, plan, out != nullptr, arena, in_flight, *costs, *progress)
          : std::map<uint64_t, Block*>{};

  // For TSan: `start` orders the setup above before every stage (see Stage);
  // `done` orders every stage before what follows the pipeline.
  const char start = 0;
  const char done = 0;
  auto cut = [&](tbb::flow_control& control) -> BlockPtr {
    ARENA_HAPPENS_AFTER(&next);  // the previous call of this serial stage
    // Interrupted, no game starts; probes played already are still merged
    // while they follow on (nothing is lost by keeping them).
    const auto probe = probed.find(next);
    if (next >= plan.games || stopped.load(std::memory_order_relaxed) ||
        (plan.interrupt && plan.interrupt->load(std::memory_order_relaxed) &&
         probe == probed.end())) {
      control.stop();
      ARENA_HAPPENS_BEFORE(&done);
      return nullptr;
    }
    Block* block = nullptr;
    if (probe != probed.end()) {
      block = probe->second;  // played already
    } else {
      uint64_t end = std::min(plan.games, next + step);
      // A block never crosses a stop check, wherever the run started (a resumed
      // run may start at a boundary of another thread count's blocks).
      if (plan.check_every > 0)
        end = std::min(end, (next / plan.check_every + 1) * plan.check_every);
      if (const auto later = probed.upper_bound(next); later != probed.end())
        end = std::min(end, later->first);  // nor a probe's games
      block = in_flight.add(Block(next, end, RunStats(variants, metrics, groups)));
    }
    next = block->end;
    ARENA_HAPPENS_BEFORE(&next);
    ARENA_HAPPENS_BEFORE(block);  // handed to play
    ARENA_HAPPENS_BEFORE(&done);
    return block;
  };
  auto play = [&](BlockPtr block) {
    ARENA_HAPPENS_AFTER(block);
    if (!block->played) play_timed(match, plan, out != nullptr, *block, costs);
    ARENA_HAPPENS_BEFORE(block);  // handed to merge
    ARENA_HAPPENS_BEFORE(&done);
    return block;
  };
  auto merge_block = [&](const BlockPtr& block) {
    if (stopped.load(std::memory_order_relaxed)) return;  // played past the stop: dropped
    if (out) out->write(block->texts);
    total += block->stats;
    if (plan.on_forfeit) {
      for (const ForfeitNote& note : block->forfeits)
        plan.on_forfeit(note);
    }
    if (progress && !block->played) progress->add(block->end - block->begin);
    if (plan.check_every > 0 && block->end % plan.check_every == 0 && plan.stop_when(total)) {
      stopped.store(true, std::memory_order_relaxed);
    }
    if (plan.on_merged) plan.on_merged(total, block->end);
    if (block->cut_short) stopped.store(true, std::memory_order_relaxed);  // later games: a gap
  };
  // Serial and in order: merging and writing see blocks by ascending game index.
  auto merge = [&](BlockPtr block) {
    ARENA_HAPPENS_AFTER(block);
    ARENA_HAPPENS_AFTER(&total);  // the previous call of this serial stage
    merge_block(block);
    in_flight.remove(block);
    ARENA_HAPPENS_BEFORE(&total);
    ARENA_HAPPENS_BEFORE(&done);
  };

  ARENA_HAPPENS_BEFORE(&start);
  arena.execute([&] {
    tbb::parallel_pipeline(
        static_cast<size_t>(plan.threads) * 4,
        tbb::make_filter<void, BlockPtr>(tbb::filter_mode::serial_in_order,
                                         Stage<decltype(cut)>{&cut, &start}) &
            tbb::make_filter<BlockPtr, BlockPtr>(tbb::filter_mode::parallel,
                                                 Stage<decltype(play)>{&play, &start}) &
            tbb::make_filter<BlockPtr, void>(tbb::filter_mode::serial_in_order,
                                             Stage<decltype(merge)>{&merge, &start}));
  });
  ARENA_HAPPENS_AFTER(&done);
  return total;
}

}  // namespace arena
