#include "engines/battleship/knowledge.hpp"

#include <algorithm>

#include "engines/battleship/line_density.hpp"

namespace arena::battleship {

DensityTables::DensityTables(const PlacementTable& table)
    : table_(&table), cells_(table.rules().cells()) {
  const auto& fleet = table.rules().fleet;
  for (const auto& ship : fleet) {
    if (std::find(lengths_.begin(), lengths_.end(), ship.length) == lengths_.end()) {
      lengths_.push_back(ship.length);
    }
  }
  for (const auto& ship : fleet) {
    ship_length_index_.push_back(static_cast<int>(
        std::find(lengths_.begin(), lengths_.end(), ship.length) - lengths_.begin()));
  }
  const int n = table.rules().size;
  std::vector<std::vector<uint32_t>> covering(cells_);
  cell_start_.push_back(0);
  for (int k = 0; k < length_count(); ++k) {
    first_of_length_.push_back(static_cast<uint32_t>(placement_of_.size()));
    for (const Placement& p : table.of_length(lengths_[k])) {
      const auto id = static_cast<uint32_t>(placement_of_.size());
      placement_of_.push_back(&p);
      length_index_of_.push_back(k);
      lines_.push_back({static_cast<uint16_t>(p.cell(0, n)),
                        static_cast<uint8_t>(p.horizontal ? 1 : n), static_cast<uint8_t>(p.length),
                        static_cast<uint8_t>(k)});
      for (int i = 0; i < p.length; ++i) {
        cell_list_.push_back(static_cast<uint16_t>(p.cell(i, n)));
        covering[p.cell(i, n)].push_back(id);
      }
      cell_start_.push_back(static_cast<uint32_t>(cell_list_.size()));
    }
  }
  first_of_length_.push_back(static_cast<uint32_t>(placement_of_.size()));
  cover_start_.push_back(0);
  std::vector<int32_t> ships_of_length(lengths_.size(), 0);
  for (int k : ship_length_index_)
    ++ships_of_length[k];
  initial_hunt_.assign(static_cast<size_t>(cells_), 0);
  for (int c = 0; c < cells_; ++c) {
    for (uint32_t id : covering[c]) {
      cover_list_.push_back(id);
      initial_hunt_[c] += ships_of_length[length_index_of_[id]];
    }
    cover_start_.push_back(static_cast<uint32_t>(cover_list_.size()));
    even_.push_back((c / n + c % n) % 2 == 0 ? 1 : 0);
  }
  if (!SmallBoard::fits(n)) return;
  small_board_.emplace(n);
  for (const Placement* p : placement_of_)
    placement_bits_.push_back(small_board_->cells_of(*p));
  if (LineTables::fits(table.rules())) line_tables_ = std::make_shared<const LineTables>(*this);
}

BoardKnowledge::BoardKnowledge(const DensityTables& tables, KnowledgeRules rules)
    : tables_(&tables), rules_(rules), small_(tables.small_board()) {
  rules_.use_no_touch = rules.use_no_touch && tables.rules().touching == Touching::kForbidden;
  rules_.keep_placements = rules.keep_placements || small_ == nullptr;
  shot_mask_.assign(static_cast<size_t>(tables.cells()), 0);
  if (rules_.keep_placements) {
    alive_.assign(static_cast<size_t>(tables.placement_count()), 1);
    hunt_ = tables.initial_hunt();
  }
  const auto& fleet = tables.rules().fleet;
  for (size_t s = 0; s < fleet.size(); ++s) {
    ++afloat_[tables.length_index_of_ship(static_cast<int>(s))];
    ship_afloat_[s] = true;
  }
}

void BoardKnowledge::kill_covering(int cell) {
  // Locals, so the compiler need not reload them after every store through
  // the int32 arrays (which may alias the tables' uint32 indices).
  const DensityTables& tables = *tables_;
  uint8_t* const alive = alive_.data();
  int32_t* const hunt = hunt_.data();
  for (uint32_t id : tables.covering(cell)) {
    if (!alive[id]) continue;
    alive[id] = 0;
    const DensityTables::Line line = tables.line(id);
    const int32_t ships = afloat_[line.k];
    for (int i = 0, c = line.first; ships != 0 && i < line.length; ++i, c += line.step)
      hunt[c] -= ships;
  }
}

void BoardKnowledge::observe(int cell, const ShotResult& result) {
  if (result.repeated) return;
  shot_.set(cell);
  if (small_ != nullptr) shot_bits_ |= small_->bit(cell);
  shot_mask_[cell] = kShotMask;
  if (result.kind == ShotKind::kMiss) {
    if (small_ != nullptr) dead_bits_ |= small_->bit(cell);
    if (rules_.keep_placements) kill_covering(cell);
    return;
  }
  pending_[pending_count_++] = static_cast<uint16_t>(cell);
  if (result.kind == ShotKind::kSunk) sink(result.ship, *result.sunk);
}

void BoardKnowledge::sink(int ship, const Placement& where) {
  // One ship of length k fewer: each placement of length k still possible
  // counts once less on its cells.
  const int k = tables_->length_index_of_ship(ship);
  --afloat_[k];
  ship_afloat_[ship] = false;
  if (rules_.forget_on_sink) {
    pending_count_ = 0;
  } else {
    pending_count_ =
        static_cast<int>(std::remove_if(pending_.begin(), pending_.begin() + pending_count_,
                                        [&](uint16_t c) { return where.cells.test(c); }) -
                         pending_.begin());
  }
  if (small_ != nullptr)
    dead_bits_ |= rules_.use_no_touch ? small_->halo_of(where) : small_->cells_of(where);
  if (!rules_.keep_placements) return;
  for (uint32_t id = tables_->first_of(k); id < tables_->first_of(k + 1); ++id) {
    if (!alive_[id]) continue;
    const DensityTables::Line line = tables_->line(id);
    for (int i = 0, c = line.first; i < line.length; ++i, c += line.step)
      --hunt_[c];
  }
  const CellSet& ruled_out = rules_.use_no_touch ? where.halo : where.cells;
  for (int c = 0; c < tables_->cells(); ++c) {
    if (ruled_out.test(c)) kill_covering(c);
  }
}

}  // namespace arena::battleship
