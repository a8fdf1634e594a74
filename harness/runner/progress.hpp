// Progress on stderr while games run.
//
// Contract: workers call add(n) (one relaxed atomic add per block, nothing
// else); a separate thread draws. On a terminal: a live bar redrawn 4 times a
// second; otherwise a plain line every 5 seconds; with Style::kOff, nothing.
// With estimate_costs() the ETA comes from a CostModel (cost_model.hpp: the
// runner plays its probe series first and times every block), and a run
// estimated at over ten minutes says so once, when the probes are done;
// without it, from the rate of games so far.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "harness/runner/cost_model.hpp"

namespace arena {

class Progress {
 public:
  enum class Style { kOff, kTerminal, kPlain };

  // kTerminal when stderr is a terminal, else kPlain; kOff when quiet.
  static Style style_for_stderr(bool quiet);

  // `total`: the run's games; `already`: those of them played before (a
  // resumed run), counted as done from the start, never in the rate.
  Progress(uint64_t total, Style style, uint64_t already = 0);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(uint64_t games) { done_.fetch_add(games, std::memory_order_relaxed); }

  // Estimates the ETA from the cost of games [first, end) (series of
  // `series` games) measured by the runner on `threads` threads; nothing
  // with Style::kOff (no probes are played then).
  void estimate_costs(uint64_t first, uint64_t end, uint64_t series, int threads);
  // The model the runner feeds, or null.
  CostModel* costs() { return costs_.get(); }
  // The runner played the probes (`games` games): the estimate is known.
  void probed(uint64_t games);
  // Stops drawing and, on a terminal, ends the bar's line.
  void finish();
  // The plain line: "arena: 6623/12000 games (55%), 210 games/s, ETA 25s".
  std::string plain_line() const;

 private:
  void loop();
  void draw(bool final_line);

  double elapsed() const;
  std::string eta_text(uint64_t done) const;

  uint64_t total_;    // games to play now
  uint64_t already_;  // games played before this session
  Style style_;
  std::unique_ptr<CostModel> costs_;
  int threads_ = 1;
  std::atomic<uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arena
