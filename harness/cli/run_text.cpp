// What `arena run` (and `arena merge`) prints on stdout once the games are played.
#include <fmt/format.h>

#include "harness/cli/distributed.hpp"
#include "harness/cli/run_support.hpp"
#include "harness/output/table.hpp"
#include "harness/stats/stopping.hpp"
#include "harness/stats/summary.hpp"

namespace arena {
namespace {

// The Bradley-Terry table for three or more variants, or "".
std::string ratings_text(const RunConfig& config, const RunStats& stats) {
  if (stats.variants() < 3) return "";
  std::string out = fmt::format("ratings (Bradley-Terry, {} = 0):\n",
                                config.anchor == Anchor::kMean ? "mean" : config.players[0].name);
  for (const RankedRating& r : tournament_ratings(config, stats)) {
    out +=
        r.rating.rated
            ? fmt::format("  {:>2}. {:<24} {:+8.1f} +/- {:.1f}\n", r.rank,
                          config.players[r.variant].name, r.rating.rating, r.rating.ci95)
            : fmt::format("  {:>2}. {:<24} (no games)\n", r.rank, config.players[r.variant].name);
  }
  return out;
}

// One line on how early stopping ended, or "" without stop rules.
std::string stop_text(const RunConfig& config, const RunStats& stats) {
  if (!config.stop.any()) return "";
  const StopStatus status = evaluate_stop(config.stop, stats);
  std::string out;
  if (status.has_sprt) {
    const SprtTest& t = *config.stop.sprt;
    out += fmt::format("SPRT [{}, {}]: LLR {:.3f} in [{:.3f}, {:.3f}]: {}\n", t.elo0, t.elo1,
                       status.llr, t.lower_bound(), t.upper_bound(),
                       status.verdict.empty() ? "no decision"
                                              : (status.verdict == "H1" ? "H1 accepted (elo1)"
                                                                        : "H0 accepted (elo0)"));
  }
  out += status.stopped_by.empty()
             ? fmt::format("no stop rule was met in {} games\n", stats.games())
             : fmt::format("stopped by {} after {} games\n", status.stopped_by, stats.games());
  return out;
}

}  // namespace

void print_results(const RunConfig& config, const Match& match, const RunStats& stats,
                   const RunInfo& info, const std::filesystem::path& where) {
  fmt::print("{}", results_table(config, match.metrics(), stats));
  fmt::print("{}", matches_text(config, stats));
  fmt::print("{}", crosstable_text(config, stats));
  fmt::print("{}", metric_means_text(config, match.metrics(), stats));
  fmt::print("{}", groups_text(config, match, stats));
  fmt::print("{}", stop_text(config, stats));
  fmt::print("{}", ratings_text(config, stats));
  const std::string processes =
      world_size() > 1 ? fmt::format(" in rank 0 of {} MPI processes", world_size()) : "";
  fmt::print("{} games in {:.2f} s ({:.0f} games/s, {} threads{}); results in {}\n", stats.games(),
             info.wall_seconds, static_cast<double>(stats.games()) / info.wall_seconds,
             info.threads, processes, where.string());
}

}  // namespace arena
