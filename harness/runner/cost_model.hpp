// What the rest of a run will cost, for its ETA.
//
// Games of one run can differ in cost by orders of magnitude (a round robin
// of random against MCTS), and they come in long stretches of one pairing,
// cheapest first or last as the config orders them: a rate measured so far
// says little about what is left. So the run first plays a few probe series
// spread evenly over its games (Runner: the same games it would play anyway,
// merged at their place), and the model splits the games into one segment per
// probe. Each segment's cost per game is what its games measured so far, the
// probe to begin with; the remaining cost is each segment's games not played
// yet times that cost. Wall time follows from the CPU time measured against
// the wall clock so far (threads, and whatever else the machine runs).
//
// Thread safety: observe() from any thread; the rest under the same lock.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace arena {

class CostModel {
 public:
  // Games [first, end) in series of `series` games, with at most `probes`
  // probe series.
  CostModel(uint64_t first, uint64_t end, uint64_t series, int probes);

  // The first game of each probe series, ascending: spread evenly over the
  // range, one per segment (fewer when the range has fewer series).
  const std::vector<uint64_t>& probes() const { return probes_; }

  // Games [begin, end) were played, taking `seconds` of one thread's time.
  void observe(uint64_t begin, uint64_t end, double seconds);

  // Estimated thread-seconds of the games not observed yet.
  double remaining_thread_seconds() const;
  // Estimated thread-seconds of the whole range (observed or not).
  double total_thread_seconds() const;
  // Estimated wall seconds until the range is played, given `elapsed` wall
  // seconds since the first observation began; negative while nothing was
  // observed.
  double eta_seconds(double elapsed) const;
  // Wall seconds since the first observed games began (0 before any): not
  // since the run began, whose start-up (loading, starting programs) is no
  // game's cost. Counted from there, a run of microsecond games whose probes
  // took a millisecond after 100 ms of start-up was announced as 20 minutes
  // long instead of seconds.
  double seconds_observing() const;

 private:
  struct Segment {
    uint64_t begin = 0;
    uint64_t end = 0;
    uint64_t observed_games = 0;
    double observed_seconds = 0;
  };
  double cost_per_game(const Segment& s) const;
  double remaining_locked() const;

  std::vector<uint64_t> probes_;
  std::vector<Segment> segments_;
  double observed_seconds_ = 0;  // over all segments
  uint64_t observed_games_ = 0;
  std::optional<std::chrono::steady_clock::time_point> first_began_;
  mutable std::mutex mutex_;
};

// The line a run prints at its start when its estimate exceeds ten minutes
// ("" otherwise): how long, on how many threads, from how many probe games.
std::string long_run_note(double estimated_seconds, int threads, uint64_t probe_games);

}  // namespace arena
