// `arena stats`: Elo, nElo, LOS and SPRT from counts given on the command line.
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/stats/elo.hpp"
#include "harness/stats/sprt.hpp"

namespace arena {
namespace {

// A finite number as JSON, null otherwise (an infinite Elo has no JSON number).
nlohmann::ordered_json number(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

std::string elo_text(const EloEstimate& e) {
  if (!e.finite) return e.elo > 0 ? "+inf (every result a win)" : "-inf (every result a loss)";
  return estimate_text(e.elo, e.elo_error, 2);
}

}  // namespace

int stats_command(const StatsOptions& options) {
  const bool penta = !options.pentanomial.empty();
  const auto& given = penta ? options.pentanomial : options.trinomial;
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
    out["score"] = e.score;
    out["elo"] = number(e.elo);
    out["elo_error"] = number(e.elo_error);
    out["nelo"] = number(e.nelo);
    out["nelo_error"] = number(e.nelo_error);
    out["los"] = e.los;
    if (options.sprt) {
      out["llr"] = llr;
      out["lower_bound"] = options.sprt->lower_bound();
      out["upper_bound"] = options.sprt->upper_bound();
    }
    fmt::print("{}\n", out.dump(2));
    return 0;
  }
  fmt::print("{:<12} {}\n", penta ? "pairs" : "games", static_cast<uint64_t>(e.n));
  fmt::print("{:<12} {:.4f}\n", "score", e.score);
  fmt::print("{:<12} {}\n", "Elo", elo_text(e));
  fmt::print("{:<12} {}\n", "nElo", estimate_text(e.nelo, e.nelo_error, 2));
  fmt::print("{:<12} {:.2f}%\n", "LOS", 100 * e.los);
  fmt::print("{:<12} {:.2f}%\n", penta ? "WL+DD ratio" : "draw ratio", 100 * e.draw_ratio);
  if (options.sprt) {
    const SprtTest& t = *options.sprt;
    const char* verdict = llr >= t.upper_bound()
                              ? "H1 accepted"
                              : (llr <= t.lower_bound() ? "H0 accepted" : "continue");
    fmt::print("{:<12} {:.4f} in [{:.4f}, {:.4f}]: {}  ({} bounds [{}, {}], alpha {}, beta {})\n",
               "LLR", llr, t.lower_bound(), t.upper_bound(), verdict, sprt_model_name(t.model),
               t.elo0, t.elo1, t.alpha, t.beta);
  }
  return 0;
}

}  // namespace arena
