// The live report: the report of a run in progress, rewritten into the run's
// staging folder every few seconds while its games play.
//
// Contract: offer() is called by the runner's merge stage (serial, in game
// order) with the results merged so far. It reads the clock and, only when a
// page is due (every `interval` seconds from the start), copies those results
// for a thread of its own, which summarises them (summarize, as the final
// report) and writes report.html: a temporary file in the staging folder
// renamed over the page, so a browser never reads half of one. The page says
// "partial: N of M games, updated HH:MM:SS" and reloads itself (report.hpp
// PartialRun). The games never wait for a page and nothing the run computes
// depends on one. A page that cannot be written is told once on stderr and
// the run goes on. The first page's path is told once on stderr (not with
// `quiet`); a run over before the first interval writes none. stop() (or the
// destructor) waits for a page in writing and writes no more: the final
// report replaces the page.
#pragma once

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "harness/config/config.hpp"
#include "harness/registry/match.hpp"
#include "harness/runner/run_stats.hpp"
#include "harness/stats/run_summary.hpp"
#include "harness/stats/stopping.hpp"

namespace arena {

struct LiveReportSetup {
  const RunConfig& config;
  const Match& match;
  RunInfo info;  // seed, planned games, threads, timer overhead; wall time comes with offer()
  std::filesystem::path page;          // report.html in the staging folder
  std::filesystem::path final_report;  // where the complete run's report will be
  double interval_seconds = 3;
  bool quiet = false;
  bool terminal = false;  // stderr shows a progress bar (a line said clears it first)
};

class LiveReport {
 public:
  explicit LiveReport(LiveReportSetup setup);
  ~LiveReport();
  LiveReport(const LiveReport&) = delete;
  LiveReport& operator=(const LiveReport&) = delete;

  // The results so far (`so_far`, the SPRT's `llr` history, `wall_seconds`
  // of play); copied only when a page is due.
  void offer(const RunStats& so_far, const LlrHistory& llr, double wall_seconds);
  // Waits for the page in writing, if any; writes no more.
  void stop();

 private:
  struct Snapshot {
    RunStats stats;
    LlrHistory llr;
    double wall_seconds = 0;
  };

  void loop();
  void write_page(const Snapshot& snapshot);
  void say(const std::string& line) const;

  LiveReportSetup setup_;
  std::chrono::steady_clock::time_point next_due_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Snapshot> pending_;  // the latest results offered, not yet written
  bool stopping_ = false;
  bool written_ = false;  // a page was written (its path told)
  bool failed_ = false;   // a page could not be written (told)
  std::thread thread_;
};

// The wall clock's local time as HH:MM:SS.
std::string local_time_of_day();

}  // namespace arena
