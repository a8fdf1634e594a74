#include "harness/runner/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace arena {

Progress::Style Progress::style_for_stderr(bool quiet) {
  if (quiet) return Style::kOff;
  return isatty(STDERR_FILENO) ? Style::kTerminal : Style::kPlain;
}

Progress::Progress(uint64_t total, Style style, uint64_t already)
    : total_(total - std::min(total, already)),
      already_(std::min(total, already)),
      style_(style),
      start_(std::chrono::steady_clock::now()) {
  if (style_ != Style::kOff) thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() {
  finish();
}

// Probe series per run: enough to see each of a round robin's pairings a few
// times (32 series spread over 10 pairings: about 3 each), few enough that
// the estimate comes early.
constexpr int kProbes = 32;

void Progress::estimate_costs(uint64_t first, uint64_t end, uint64_t series, int threads) {
  if (style_ == Style::kOff) return;
  const std::lock_guard lock(mutex_);  // the drawing thread reads them
  costs_ = std::make_unique<CostModel>(first, end, series, kProbes);
  threads_ = threads;
}

void Progress::probed(uint64_t games) {
  if (!costs_) return;
  // Probes of short games time hand-overs and cold caches more than games:
  // how wall time follows thread time is known only after a second or so of
  // them. Until then, the threads are taken as busy with nothing else.
  const double observing = costs_->seconds_observing();
  const double eta = observing < 1 ? costs_->remaining_thread_seconds() / threads_
                                   : costs_->eta_seconds(observing);
  const std::string note = long_run_note(elapsed() + std::max(eta, 0.0), threads_, games);
  if (note.empty()) return;
  std::lock_guard lock(mutex_);
  std::fprintf(stderr, "%s%s\n", style_ == Style::kTerminal ? "\r\033[K" : "", note.c_str());
  std::fflush(stderr);
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::finish() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (style_ == Style::kTerminal) draw(true);
}

void Progress::loop() {
  const auto interval =
      style_ == Style::kTerminal ? std::chrono::milliseconds(250) : std::chrono::milliseconds(5000);
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval, [this] { return stopping_; }))
    draw(false);
}

namespace {

std::string format_duration(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, s / 60 % 60);
}

}  // namespace

// From the cost model once it measured something (games of unequal cost;
// MPI ranks do not feed it), else from the rate so far; "?" before anything
// is known.
std::string Progress::eta_text(uint64_t done) const {
  const double seconds = elapsed();
  if (const double eta = costs_ ? costs_->eta_seconds(costs_->seconds_observing()) : -1; eta >= 0)
    return format_duration(eta);
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  return rate > 0 ? format_duration(static_cast<double>(total_ - done) / rate) : std::string("?");
}

std::string Progress::plain_line() const {
  const uint64_t done = done_.load(std::memory_order_relaxed);
  const double seconds = elapsed();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const uint64_t all = already_ + total_;
  const double fraction = all ? static_cast<double>(already_ + done) / static_cast<double>(all) : 1;
  return fmt::format("arena: {}/{} games ({:.0f}%), {:.0f} games/s, ETA {}", already_ + done, all,
                     100 * fraction, rate, eta_text(done));
}

void Progress::draw(bool final_line) {
  if (style_ != Style::kTerminal) {
    std::fprintf(stderr, "%s\n", plain_line().c_str());
    std::fflush(stderr);
    return;
  }
  const uint64_t done = done_.load(std::memory_order_relaxed);
  const double seconds = elapsed();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const uint64_t all = already_ + total_;
  const double fraction = all ? static_cast<double>(already_ + done) / static_cast<double>(all) : 1;
  const std::string eta = eta_text(done);
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  std::fprintf(stderr, "\r\033[K[%s%s] %llu/%llu games  %.0f games/s  ETA %s%s",
               std::string(filled, '#').c_str(), std::string(kWidth - filled, ' ').c_str(),
               static_cast<unsigned long long>(already_ + done),
               static_cast<unsigned long long>(all), rate, final_line ? "0s" : eta.c_str(),
               final_line ? "\n" : "");
  std::fflush(stderr);
}

}  // namespace arena
