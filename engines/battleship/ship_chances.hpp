// The chance of a ship in every cell, as a shooter knows the board: the heat
// map that density-style shooters show to explain a shot (explain.hpp; the
// replay page draws it over the board).
//
// Definition (ship_chances). Each ship afloat lies, independently of the
// others, on one of the placements its length still has (none over a miss,
// a sunk ship's cell or, under the no-touch rule, a cell beside a sunk ship),
// placement p with probability
//
//     q(p) = w(p) e^(theta j(p)) / Z,
//
// where j(p) is the number of pending hits (hits on ships afloat) p covers,
// w(p) the placement's prior weight (1, or a learned prior's) and Z sums the
// numerator over that length's placements. theta is the one number at which
// the ships afloat cover, in expectation, as many pending hits as there are:
// sum over ships afloat of E_q[j] = |pending|. (With theta = 0 ships ignore
// the hits; the larger theta, the more they lie through them. The sum grows
// with theta, so theta is found by bisection, in [-64, 64]. Where only a
// limit fits, as when every ship afloat must cover as many hits as it can,
// theta is that limit, +-infinity: only the placements covering the most
// (fewest) hits count.) Of all products of
// independent per-ship distributions that cover the pending hits |pending|
// times in expectation, this is the closest to the prior weights (least
// relative entropy).
//
// Under that distribution the expected number of ships on a cell not fired
// at is m(cell) = sum over ships afloat of q(the ship covers the cell), and
// each ship's placements cover exactly its length of cells, j of them
// pending hits, so m sums over the cells not fired at to
//
//     sum over ships afloat of length - |pending|
//
// = the cells of the ships afloat not hit yet (theta solves that equation).
// Real ships never share a cell, these independent ones may, so m can pass 1
// where ships crowd (beside a block of hits). The chance of a ship on the
// cell is therefore min(1, a m(cell)), with the one factor a >= 1 that keeps
// the sum: the crowded cells are certain and what they held beyond 1 is
// spread over the others in proportion. (a is 1, up to the bisection's
// rounding, wherever no m passes 1.) Fired-at cells have 0. So the heat map
// is a probability per cell and its sum over the cells not fired at is the
// cells of the ships afloat not hit yet, to rounding.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/battleship/knowledge.hpp"

namespace arena::battleship {

// "C7": the column's letter, the row's number from 1.
std::string cell_name(int cell, int size);

// The heat map defined above, one value per cell, row-major. `weight` (empty:
// all 1) gives each placement id its prior weight.
std::vector<double> ship_chances(const BoardKnowledge& knowledge,
                                 std::span<const double> weight = {});

// The cells of the ships afloat that are not hit yet (the heat map's sum).
int cells_to_find(const BoardKnowledge& knowledge);

// A heat map as an explanation carries it: rows of `size` numbers.
nlohmann::json heat_rows(std::span<const double> heat, int size);

}  // namespace arena::battleship
