#include "harness/runner/cost_model.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace arena {

CostModel::CostModel(uint64_t first, uint64_t end, uint64_t series, int probes) {
  series = std::max<uint64_t>(series, 1);
  const uint64_t units = end > first ? (end - first) / series : 0;
  const uint64_t count = std::min<uint64_t>(static_cast<uint64_t>(std::max(probes, 1)), units);
  if (count == 0) {
    segments_.push_back({first, end});
    return;
  }
  for (uint64_t k = 0; k < count; ++k) {
    const uint64_t begin_unit = k * units / count;
    const uint64_t end_unit = (k + 1) * units / count;
    Segment s;
    s.begin = first + begin_unit * series;
    s.end = k + 1 == count ? end : first + end_unit * series;  // the last takes any remainder
    segments_.push_back(s);
    if (probes > 0) probes_.push_back(first + (begin_unit + (end_unit - begin_unit) / 2) * series);
  }
}

void CostModel::observe(uint64_t begin, uint64_t end, double seconds) {
  if (end <= begin) return;
  const auto began = std::chrono::steady_clock::now() -
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds));
  const std::lock_guard lock(mutex_);
  if (!first_began_ || began < *first_began_) first_began_ = began;
  const double per_game = seconds / static_cast<double>(end - begin);
  // Segments are ascending and contiguous: the first that ends after `begin` on.
  auto s = std::upper_bound(segments_.begin(), segments_.end(), begin,
                            [](uint64_t game, const Segment& seg) { return game < seg.end; });
  for (; s != segments_.end() && s->begin < end; ++s) {
    const uint64_t games = std::min(end, s->end) - std::max(begin, s->begin);
    s->observed_games += games;
    s->observed_seconds += per_game * static_cast<double>(games);
  }
  observed_games_ += end - begin;
  observed_seconds_ += seconds;
}

double CostModel::cost_per_game(const Segment& s) const {
  if (s.observed_games > 0) return s.observed_seconds / static_cast<double>(s.observed_games);
  return observed_games_ > 0 ? observed_seconds_ / static_cast<double>(observed_games_) : 0;
}

double CostModel::remaining_locked() const {
  double left = 0;
  for (const Segment& s : segments_) {
    const uint64_t size = s.end - s.begin;
    const uint64_t unplayed = size - std::min(size, s.observed_games);
    left += static_cast<double>(unplayed) * cost_per_game(s);
  }
  return left;
}

double CostModel::remaining_thread_seconds() const {
  const std::lock_guard lock(mutex_);
  return remaining_locked();
}

double CostModel::total_thread_seconds() const {
  const std::lock_guard lock(mutex_);
  return remaining_locked() + observed_seconds_;
}

double CostModel::eta_seconds(double elapsed) const {
  const std::lock_guard lock(mutex_);
  if (observed_games_ == 0 || observed_seconds_ <= 0) return -1;
  // Wall seconds per thread-second so far: about 1/threads on an idle machine.
  return remaining_locked() * (elapsed / observed_seconds_);
}

double CostModel::seconds_observing() const {
  const std::lock_guard lock(mutex_);
  if (!first_began_) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - *first_began_).count();
}

std::string long_run_note(double estimated_seconds, int threads, uint64_t probe_games) {
  if (estimated_seconds < 600) return "";
  const double minutes = estimated_seconds / 60;
  const std::string how_long = minutes < 120 ? fmt::format("{:.0f} minutes", minutes)
                                             : fmt::format("{:.1f} hours", minutes / 60);
  return fmt::format(
      "arena: this run will take about {} on {} thread{} (estimated from {} games spread over "
      "it); Ctrl-C stops it with a checkpoint to resume later, and --games plays fewer",
      how_long, threads, threads == 1 ? "" : "s", probe_games);
}

}  // namespace arena
