#include "harness/cli/live_report.hpp"

#include <cmath>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/output/report.hpp"
#include "harness/stats/summary.hpp"

namespace arena {

std::string local_time_of_day() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return fmt::format("{:02}:{:02}:{:02}", local.tm_hour, local.tm_min, local.tm_sec);
}

namespace {

std::chrono::steady_clock::duration seconds(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(s));
}

// The temporary file a page of `path` is written to first.
std::filesystem::path temp_of(const std::filesystem::path& path) {
  return path.parent_path() / ("." + path.filename().string() + ".live.tmp");
}

// `text` into `path` through a temporary file beside it, renamed over it:
// a reader sees the old page or the new one, never a part.
void write_atomically(const std::filesystem::path& path, const std::string& text) {
  const auto temp = temp_of(path);
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      throw std::runtime_error("cannot write " + temp.string());
    }
  }
  std::filesystem::rename(temp, path);
}

}  // namespace

LiveReport::LiveReport(LiveReportSetup setup)
    : setup_(std::move(setup)),
      next_due_(std::chrono::steady_clock::now() + seconds(setup_.interval_seconds)),
      thread_([this] { loop(); }) {
  // One left by a run killed while writing a page (a resume's folder) must
  // not end up in the results.
  std::error_code ignored;
  std::filesystem::remove(temp_of(setup_.page), ignored);
}

LiveReport::~LiveReport() {
  stop();
}

void LiveReport::offer(const RunStats& so_far, const LlrHistory& llr, double wall_seconds) {
  // The merge stage calls this after every block: a clock reading is all it
  // costs until a page is due.
  const auto now = std::chrono::steady_clock::now();
  // Every game played: the final report comes next, not a "partial" page.
  if (now < next_due_ || so_far.games() >= setup_.info.planned_games) return;
  next_due_ = now + seconds(setup_.interval_seconds);
  Snapshot snapshot{so_far, llr, wall_seconds};  // copied here, summarised by loop()
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    pending_ = std::move(snapshot);  // a page not yet written is replaced by a newer one
  }
  wake_.notify_one();
}

void LiveReport::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    pending_.reset();
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void LiveReport::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || pending_; });
    if (stopping_) return;
    const Snapshot snapshot = std::move(*pending_);
    pending_.reset();
    lock.unlock();
    write_page(snapshot);
    lock.lock();
  }
}

void LiveReport::write_page(const Snapshot& snapshot) {
  try {
    RunInfo info = setup_.info;
    info.wall_seconds = snapshot.wall_seconds;
    info.llr_history = snapshot.llr.points();
    const RunSummary summary = summarize(setup_.config, info, setup_.match, snapshot.stats);
    const PartialRun partial{summary.games,
                             info.planned_games,
                             local_time_of_day(),
                             static_cast<int>(std::ceil(setup_.interval_seconds)),
                             setup_.final_report.string(),
                             ""};
    write_atomically(setup_.page,
                     render_report(nlohmann::json(summary_json(summary)),
                                   setup_.final_report.parent_path().string(), &partial));
    if (!written_) say(fmt::format("arena: live report: {}", setup_.page.string()));
    written_ = true;
  } catch (const std::exception& e) {
    if (!failed_)
      say(fmt::format("arena: note: the live report was not written ({}); the run goes on",
                      e.what()));
    failed_ = true;
  }
}

void LiveReport::say(const std::string& line) const {
  if (setup_.quiet) return;
  // One call, so that the progress bar's redraw (another thread) never cuts it.
  fmt::print(stderr, "{}{}\n", setup_.terminal ? "\r\033[K" : "", line);
}

}  // namespace arena
