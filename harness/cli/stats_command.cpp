// `arena stats`: Elo, nElo, LOS and SPRT from counts given on the command line.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/los.hpp"
#include "harness/stats/sprt.hpp"
#include "harness/stats/summary.hpp"

namespace arena {
namespace {

std::string elo_text(const EloEstimate& e) {
  if (!e.finite) return e.elo > 0 ? "+inf (every result a win)" : "-inf (every result a loss)";
  return estimate_text(e.elo, e.elo_error, 2);
}

// How sure the counts make it that the first player is better or worse:
// "certain: better", "likely: worse", "not clear yet".
std::string verdict_text(double los) {
  const Confidence c = confidence_of(los);
  if (c == Confidence::kNotClear) return confidence_name(c);
  return fmt::format("{}: {}", confidence_name(c), los > 0.5 ? "better" : "worse");
}

// The verdict of an SPRT at `llr`.
const char* verdict(const SprtTest& t, double llr) {
  if (llr >= t.upper_bound()) return "H1 accepted";
  return llr <= t.lower_bound() ? "H0 accepted" : "continue";
}

// Counts must add up to at most 2^53 (so that every total is exact in a double).
bool counts_in_range(const std::vector<uint64_t>& counts) {
  constexpr uint64_t kMax = uint64_t{1} << 53;
  uint64_t total = 0;
  for (uint64_t c : counts) {
    if (c > kMax - total) return false;
    total += c;
  }
  return true;
}

}  // namespace

int stats_command(const StatsOptions& options) {
  const bool penta = !options.pentanomial.empty();
  const auto& given = penta ? options.pentanomial : options.trinomial;
  if (!counts_in_range(given)) {
    fmt::print(stderr, "arena: stats: {}: the counts add up to more than 2^53\n",
               penta ? "--penta" : "--wld");
    return 2;
  }
  const std::array<uint64_t, 5> pairs =
      penta ? std::array<uint64_t, 5>{given[0], given[1], given[2], given[3], given[4]}
            : std::array<uint64_t, 5>{};
  const EloEstimate e =
      penta ? estimate_pentanomial(pairs) : estimate_trinomial(given[0], given[1], given[2]);
  double llr = 0;
  if (options.sprt) {
    llr = penta ? sprt_llr_pentanomial(*options.sprt, pairs)
                : sprt_llr_trinomial(*options.sprt, given[0], given[1], given[2]);
  }
  if (options.json) {
    nlohmann::ordered_json out;
    out[penta ? "pairs" : "games"] = static_cast<uint64_t>(e.n);
    add_elo_estimate(out, e);
    out[penta ? "wl_dd_ratio" : "draw_ratio"] = e.draw_ratio;
    if (options.sprt) {
      out["llr"] = finite_or_null(llr);
      out["lower_bound"] = options.sprt->lower_bound();
      out["upper_bound"] = options.sprt->upper_bound();
      out["verdict"] = verdict(*options.sprt, llr);
    }
    fmt::print("{}\n", out.dump(2));
    return 0;
  }
  fmt::print("{:<12} {}\n", penta ? "pairs" : "games", static_cast<uint64_t>(e.n));
  fmt::print("{:<12} {:.4f}\n", "score", e.score);
  fmt::print("{:<12} {}\n", "Elo", elo_text(e));
  fmt::print("{:<12} {}\n", "nElo", estimate_text(e.nelo, e.nelo_error, 2));
  fmt::print("{:<12} {:.2f}%  ({})\n", "LOS", 100 * e.los, verdict_text(e.los));
  fmt::print("{:<12} {:.2f}%  (the normal approximation fishtest prints)\n", "LOS normal",
             100 * e.los_normal);
  fmt::print("{:<12} {:.2f}%\n", penta ? "WL+DD ratio" : "draw ratio", 100 * e.draw_ratio);
  if (options.sprt) {
    const SprtTest& t = *options.sprt;
    fmt::print("{:<12} {:.4f} in [{:.4f}, {:.4f}]: {}  ({} bounds [{}, {}], alpha {}, beta {})\n",
               "LLR", llr, t.lower_bound(), t.upper_bound(), verdict(t, llr),
               sprt_model_name(t.model), t.elo0, t.elo1, t.alpha, t.beta);
  }
  return 0;
}

}  // namespace arena
