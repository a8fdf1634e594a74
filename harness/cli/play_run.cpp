#include "harness/cli/play_run.hpp"

#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "harness/cli/distributed.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/cli/live_report.hpp"
#include "harness/cli/run_clock.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/runner/bots.hpp"
#include "harness/runner/runner.hpp"
#include "harness/stats/stopping.hpp"

namespace arena {
namespace {

// The files written per game in the staging folder, one per stream the
// config writes (stream_file: games.csv plain or gzip, moves.jsonl.gz):
// fresh, or cut back to the checkpoint (later text belongs to games played again).
class GameFiles final : public GameWriter {
 public:
  explicit GameFiles(const RunContext& run) {
    for (size_t s = 0; s < kGameStreams; ++s) {
      const StreamFile file = stream_file(static_cast<GameStream>(s), run.config.output);
      if (file.name.empty()) continue;
      names_[s] = file.name;
      files_[s] =
          open(run, file.name, file.gzip ? AppendFile::Kind::kGzip : AppendFile::Kind::kPlain);
      if (file.header && !run.resume) files_[s]->append(csv_header(run.match.metrics()));
    }
  }

  void write(const StreamTexts& texts) override {
    for (size_t s = 0; s < kGameStreams; ++s)
      if (files_[s]) files_[s]->append(texts[s]);
  }

  // Everything so far on disk (synced): the states a checkpoint records.
  std::map<std::string, AppendState> sync() const {
    std::map<std::string, AppendState> states;
    for (size_t s = 0; s < kGameStreams; ++s)
      if (files_[s]) states[names_[s]] = files_[s]->sync();
    return states;
  }

  // The files are complete for what was played (a resume cuts back to the checkpoint).
  void finish() const {
    for (const auto& file : files_)
      if (file) file->finish();
  }

 private:
  static std::unique_ptr<AppendFile> open(const RunContext& run, const std::string& name,
                                          AppendFile::Kind kind) {
    std::optional<AppendState> state;
    if (run.resume) {
      const auto it = run.resume->files.find(name);
      if (it == run.resume->files.end())
        throw InputError(name + " is not in the checkpoint: start the run again");
      state = it->second;
    }
    return std::make_unique<AppendFile>(run.staged.path(name), kind, state);
  }

  std::array<std::unique_ptr<AppendFile>, kGameStreams> files_;
  std::array<std::string, kGameStreams> names_;
};

// Writes the run's checkpoints: at once (write), or when the interval passed (due).
class Checkpointer {
 public:
  Checkpointer(const RunContext& run, const RunInfo& info, const GameFiles& files,
               const RunClock& clock, const LlrHistory& llr)
      : run_(run),
        seed_(info.seed),
        identity_(config_identity(run.config, info.seed)),
        files_(files),
        clock_(clock),
        llr_(llr) {}

  void write(const RunStats& so_far, uint64_t next_game) const {
    write_checkpoint(run_.staged.staging_dir(), {identity_, seed_, run_.origin, next_game,
                                                 files_.sync(), clock_.seconds(), so_far, llr_});
  }

  void due(const RunStats& so_far, uint64_t next_game) {
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() < run_.options.checkpoint_seconds)
      return;
    write(so_far, next_game);
    last_ = now;
  }

 private:
  const RunContext& run_;
  uint64_t seed_;
  std::string identity_;
  const GameFiles& files_;
  const RunClock& clock_;
  const LlrHistory& llr_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Tells stderr the first forfeit of each kind per variant (later ones are
// only counted), and the first program of each variant replaced before its
// first reply in a game, with --quiet too: faults are not progress.
class ForfeitReporter {
 public:
  explicit ForfeitReporter(const RunConfig& config) : config_(config) {}
  void operator()(const ForfeitNote& note) {
    if (!told_.insert({note.variant, note.fault, note.forfeited}).second) return;
    const std::string& name = config_.players[note.variant].name;
    if (!note.forfeited) {
      fmt::print(stderr,
                 "arena: game {}: {}: its program was replaced before its first reply there, "
                 "for what it did after its earlier game ({}: {}); the new program played the "
                 "game, which is not forfeited (later ones are not shown)\n",
                 note.game, name, fault_name(note.fault), note.detail);
      return;
    }
    fmt::print(stderr, "arena: game {}: {} forfeits ({}): {}{}\n", note.game, name,
               fault_name(note.fault), note.detail, " (later ones of this kind are only counted)");
  }

 private:
  const RunConfig& config_;
  std::set<std::tuple<int, Fault, bool>> told_;
};

// The prepared plan, with what is this run's own: its slice, the checkpoint
// it resumes, stop rules (each check's LLR goes to `llr`) and interrupts.
RunPlan plan_of(const RunContext& run, LlrHistory& llr) {
  RunPlan plan = run.prepared;
  plan.first_game = run.resume ? run.resume->next_game : run.slice.first;
  plan.games = run.slice.end;
  if (run.config.stop.any()) {
    plan.check_every = run.config.stop.batch;
    plan.stop_when = [&stop = run.config.stop, &llr](const RunStats& so_far) {
      const StopStatus status = evaluate_stop(stop, so_far);
      if (status.has_sprt) llr.add(so_far.games(), status.llr);
      return !status.stopped_by.empty();
    };
  }
  if (run.resume) {
    plan.initial = &run.resume->stats;
    // A checkpoint at a check that stopped the run (one whose results could
    // not be put in place) has no games left to play.
    if (run.config.stop.any() && plan.first_game % run.config.stop.batch == 0 &&
        !evaluate_stop(run.config.stop, run.resume->stats).stopped_by.empty())
      plan.games = plan.first_game;
  }
  plan.interrupt = &InterruptGuard::requested();
  return plan;
}

// The live report of a run, or none: a shard's folder gets no report (its
// counts are merged later), and --report-every 0 asks for none.
std::unique_ptr<LiveReport> live_report(const RunContext& run, const RunInfo& info,
                                        Progress::Style style) {
  if (run.options.shard || run.options.report_seconds <= 0) return nullptr;
  return std::make_unique<LiveReport>(
      LiveReportSetup{run.config, run.match, info, run.staged.path("report.html"),
                      run.staged.final_dir() / "report.html", run.options.report_seconds,
                      run.options.quiet || !run.options.progress,  // arena.run(progress=False)
                      style == Progress::Style::kTerminal});
}

}  // namespace

Slice slice_of(const RunOptions& options, uint64_t planned, uint64_t series) {
  if (!options.shard) return {0, planned};
  const uint64_t units = planned / series;
  const auto [index, count] = *options.shard;
  return {units * (index - 1) / count * series, units * index / count * series};
}

Played play_into(const RunContext& run, RunInfo& info) {
  GameFiles files(run);
  const RunClock clock(run.resume ? run.resume->wall_seconds : 0);
  LlrHistory llr = run.resume ? run.resume->llr_history : LlrHistory{};
  Checkpointer checkpoints(run, info, files, clock, llr);
  RunPlan plan = plan_of(run, llr);
  plan.on_forfeit = ForfeitReporter(run.config);
  const Progress::Style style =
      Progress::style_for_stderr(run.options.quiet || !run.options.progress);
  std::unique_ptr<LiveReport> live = live_report(run, info, style);
  plan.on_merged = [&](const RunStats& so_far, uint64_t next) {
    checkpoints.due(so_far, next);
    if (live) live->offer(so_far, llr, clock.seconds());
  };
  Progress progress(plan.games, style, plan.first_game);  // a resumed run counts its earlier games
  progress.estimate_costs(plan.first_game, plan.games, run.match.series_length(), plan.threads);
  RunStats stats = run_games_distributed(run.match, plan, &files, &progress);
  info.wall_seconds = clock.seconds();
  info.llr_history = llr.points();
  if (live) live->stop();  // the final report (or the interrupted run's) comes next
  progress.finish();
  files.sync();
  const uint64_t before = run.resume ? run.resume->stats.games() : 0;
  Played played{std::move(stats), 0};
  played.next_game = plan.first_game + (played.stats.games() - before);
  // Interrupted, stopped or complete: what was played is kept, so that
  // --resume continues it, or (when the results cannot be put in place)
  // writes them again and commits them. Commit deletes it.
  checkpoints.write(played.stats, played.next_game);
  files.finish();  // readable to the last game (a resume cuts back to the checkpoint)
  return played;
}

}  // namespace arena
