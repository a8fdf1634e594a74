// `arena stats`: Elo, nElo, LOS and SPRT from counts given on the command line.
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/stats/elo.hpp"

namespace arena {
namespace {

// A finite number as JSON, null otherwise (an infinite Elo has no JSON number).
nlohmann::ordered_json number(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

std::string elo_text(const EloEstimate& e) {
  if (!e.finite) return e.elo > 0 ? "+inf (every result a win)" : "-inf (every result a loss)";
  return fmt::format("{:.2f} +/- {:.2f}", e.elo, e.elo_error);
}

}  // namespace

int stats_command(const StatsOptions& options) {
  const bool penta = !options.pentanomial.empty();
  const EloEstimate e =
      penta ? estimate_pentanomial({options.pentanomial[0], options.pentanomial[1],
                                    options.pentanomial[2], options.pentanomial[3],
                                    options.pentanomial[4]})
            : estimate_trinomial(options.trinomial[0], options.trinomial[1], options.trinomial[2]);
  double llr = 0;
  if (options.sprt) {
    llr = penta
              ? sprt_llr_pentanomial(*options.sprt, {options.pentanomial[0], options.pentanomial[1],
                                                     options.pentanomial[2], options.pentanomial[3],
                                                     options.pentanomial[4]})
              : sprt_llr_trinomial(*options.sprt, options.trinomial[0], options.trinomial[1],
                                   options.trinomial[2]);
  }
  if (options.json) {
    nlohmann::ordered_json out;
    out["score"] = e.score;
    out["elo"] = number(e.elo);
    out["elo_error"] = e.elo_error;
    out["nelo"] = e.nelo;
    out["nelo_error"] = e.nelo_error;
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
  fmt::print("{:<12} {:.2f} +/- {:.2f}\n", "nElo", e.nelo, e.nelo_error);
  fmt::print("{:<12} {:.2f}%\n", "LOS", 100 * e.los);
  fmt::print("{:<12} {:.2f}%\n", penta ? "WL+DD ratio" : "draw ratio", 100 * e.draw_ratio);
  if (options.sprt) {
    const SprtTest& t = *options.sprt;
    const char* verdict = llr >= t.upper_bound()
                              ? "H1 accepted"
                              : (llr <= t.lower_bound() ? "H0 accepted" : "continue");
    fmt::print("{:<12} {:.4f} in [{:.4f}, {:.4f}]: {}  ({} bounds [{}, {}], alpha {}, beta {})\n",
               "LLR", llr, t.lower_bound(), t.upper_bound(), verdict,
               t.model == SprtModel::kLogistic ? "logistic" : "normalized", t.elo0, t.elo1, t.alpha,
               t.beta);
  }
  return 0;
}

}  // namespace arena
