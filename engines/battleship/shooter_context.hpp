// What a Battleship strategy (a shooter) is built from for one game besides
// its own parameters.
#pragma once

#include "engines/battleship/knowledge.hpp"
#include "engines/battleship/learned_prior.hpp"

namespace arena::battleship {

struct ShooterContext {
  // The rules' read-only tables, shared by every game of a match (tables.rules()).
  const DensityTables& tables;
  // What a series has shown of the defender's fleets so far; null outside a series.
  const LearnedPrior* prior = nullptr;
};

}  // namespace arena::battleship
