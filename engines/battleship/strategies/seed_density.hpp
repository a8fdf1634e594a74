// Strategy `seed-density`: the seed's AI as published, kept to compare with
// (see density.hpp for what it does differently from `density`).
#pragma once

#include "engines/battleship/strategies/density.hpp"

namespace arena::battleship {

class SeedDensityShooter : public DensityShooter {
 public:
  struct Params {
    double checkerboard_weight = 1.5;  // selectTargetOptimized; 1 is selectTarget
  };
  static StrategyInfo info() {
    return {"seed-density",
            "the seed's AI as published: targets placements covering all pending hits, forgets "
            "every pending hit on any sink, ignores the no-touch rule, ties to the first cell",
            {ParamSpec::real(
                "checkerboard_weight", Params{}.checkerboard_weight, 0.0, 100.0,
                "selectTargetOptimized's factor on (row+col) even cells; 1 = selectTarget")},
            {{{"checkerboard_weight", 1.0}}}};
  }
  static Params params_from(const ParamSet& values) { return {values.real("checkerboard_weight")}; }
  SeedDensityShooter(const Params& params, const ShooterContext& context)
      : DensityShooter(context.tables, seed_density_params(params.checkerboard_weight), nullptr,
                       DensityMethod::kLineTables) {}
};

}  // namespace arena::battleship
