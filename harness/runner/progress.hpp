// Progress on stderr while games run.
//
// Contract: workers call add(n) (one relaxed atomic add per block, nothing
// else); a separate thread draws. On a terminal: a live bar redrawn 4 times a
// second; otherwise a plain line every 5 seconds; with Style::kOff, nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace arena {

class Progress {
 public:
  enum class Style { kOff, kTerminal, kPlain };

  // kTerminal when stderr is a terminal, else kPlain; kOff when quiet.
  static Style style_for_stderr(bool quiet);

  Progress(uint64_t total, Style style);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(uint64_t games) { done_.fetch_add(games, std::memory_order_relaxed); }
  // Stops drawing and, on a terminal, ends the bar's line.
  void finish();

 private:
  void loop();
  void draw(bool final_line);

  uint64_t total_;
  Style style_;
  std::atomic<uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arena
