// What a shooter knows about the enemy board, kept up to date incrementally.
//
// Contract: DensityTables is built once per match and shared read-only; it
// numbers every placement of every ship length in the fleet and lists, for
// each cell, the placements covering it. BoardKnowledge is one shooter's view
// in one game: which cells were shot, the hits not yet explained by a sunk
// ship ("pending"), how many ships of each length are afloat, and which
// placements are still possible. A placement dies when it covers a miss or a
// sunk ship's cell or, when the no-touch rule is used, a cell next to a sunk
// ship. The hunt density (placements still possible, times the ships afloat
// of their length, covering each cell) is kept up to date as placements die
// and ships sink, so reading it costs nothing and a game's upkeep is about
// one pass over each placement's cells. On boards that fit one 128-bit word
// (SmallBoard) it also keeps the cells shot and the cells no ship afloat can
// cover as bits; a shooter that reads only those can turn the placements'
// upkeep off (KnowledgeRules::keep_placements).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engines/battleship/ocean.hpp"
#include "engines/battleship/small_board.hpp"

namespace arena::battleship {

class LineTables;

class DensityTables {
 public:
  explicit DensityTables(const PlacementTable& table);

  const PlacementTable& placements() const { return *table_; }
  const Rules& rules() const { return table_->rules(); }
  int cells() const { return cells_; }
  int length_count() const { return static_cast<int>(lengths_.size()); }
  int length(int k) const { return lengths_[k]; }
  // Index k of the length of fleet ship `ship`.
  int length_index_of_ship(int ship) const { return ship_length_index_[ship]; }

  int placement_count() const { return static_cast<int>(placement_of_.size()); }
  const Placement& placement(uint32_t id) const { return *placement_of_[id]; }
  int length_index(uint32_t id) const { return length_index_of_[id]; }
  std::span<const uint16_t> cells_of(uint32_t id) const {
    return {cell_list_.data() + cell_start_[id], cell_list_.data() + cell_start_[id + 1]};
  }
  // A placement as the inner loops walk it, in one load: cells first + i *
  // step for i < length, of length index k.
  struct Line {
    uint16_t first;
    uint8_t step;
    uint8_t length;
    uint8_t k;
  };
  Line line(uint32_t id) const { return lines_[id]; }
  std::span<const uint32_t> covering(int cell) const {
    return {cover_list_.data() + cover_start_[cell], cover_list_.data() + cover_start_[cell + 1]};
  }
  // Ids of the placements of length index k: [first_of(k), first_of(k + 1)).
  uint32_t first_of(int k) const { return first_of_length_[k]; }
  // The hunt density of an empty board with the whole fleet afloat.
  const std::vector<int32_t>& initial_hunt() const { return initial_hunt_; }
  // 1 for cells with (row + col) even (the checkerboard colour the seed favours).
  bool even(int cell) const { return even_[cell] != 0; }
  // The board as bits, or null if it does not fit one word (SmallBoard::fits).
  const SmallBoard* small_board() const { return small_board_ ? &*small_board_ : nullptr; }
  // Placement id's cells as SmallBoard bits (only where small_board() is set).
  Bits128 bits_of(uint32_t id) const { return placement_bits_[id]; }
  // The hunt density's tables by lines, or null where they do not apply
  // (LineTables::fits, line_density.hpp).
  const LineTables* line_tables() const { return line_tables_.get(); }

 private:
  const PlacementTable* table_;
  int cells_;
  std::vector<int> lengths_;
  std::vector<int> ship_length_index_;
  std::vector<uint32_t> first_of_length_;
  std::vector<const Placement*> placement_of_;
  std::vector<int> length_index_of_;
  std::vector<uint32_t> cell_start_;
  std::vector<uint16_t> cell_list_;
  std::vector<Line> lines_;
  std::vector<uint32_t> cover_start_;
  std::vector<uint32_t> cover_list_;
  std::vector<int32_t> initial_hunt_;
  std::vector<uint8_t> even_;
  std::optional<SmallBoard> small_board_;
  std::vector<Bits128> placement_bits_;
  std::shared_ptr<const LineTables> line_tables_;
};

struct KnowledgeRules {
  bool use_no_touch = true;     // rule out cells next to sunk ships (if the rules forbid touching)
  bool forget_on_sink = false;  // the seed's fault: any sink forgets every pending hit
  // false: no per-placement state (alive() and hunt_density() are not kept),
  // only the bits; honoured only where the board has them.
  bool keep_placements = true;
};

class BoardKnowledge {
 public:
  BoardKnowledge(const DensityTables& tables, KnowledgeRules rules);

  void observe(int cell, const ShotResult& result);

  const DensityTables& tables() const { return *tables_; }
  bool shot(int cell) const { return shot_[cell]; }  // unchecked: cell is on the board
  // 0 for cells not shot yet, kShotMask for cells shot: added to any score
  // in [0, 2^30) it makes shot cells negative, so never the best (see
  // pick_best_cell). 32 bits, so that scans over it use four lanes of SSE2.
  static constexpr int32_t kShotMask = -(int32_t{1} << 30);
  std::span<const int32_t> shot_mask() const { return shot_mask_; }
  std::span<const uint16_t> pending() const {
    return {pending_.data(), pending_.data() + pending_count_};
  }
  int afloat(int k) const { return afloat_[k]; }
  bool alive(uint32_t id) const { return alive_[id] != 0; }
  // Hunt-mode density: placements of ships afloat covering each cell (far
  // below 2^30: at most 16 ships x 2 x 26 placements per cell).
  std::span<const int32_t> hunt_density() const { return hunt_; }
  // Fleet indices of the ships not yet sunk.
  bool ship_afloat(int ship) const { return ship_afloat_[ship]; }
  // Whether alive() and hunt_density() are kept.
  bool keeps_placements() const { return rules_.keep_placements; }
  // Where tables().small_board() is set: the cells shot, and the cells no
  // ship afloat can cover (misses, sunk ships' cells and, under the no-touch
  // rule, their neighbours), as SmallBoard bits.
  Bits128 shot_bits() const { return shot_bits_; }
  Bits128 dead_bits() const { return dead_bits_; }

 private:
  void kill_covering(int cell);
  void sink(int ship, const Placement& where);

  const DensityTables* tables_;
  KnowledgeRules rules_;
  CellSet shot_;
  std::vector<uint8_t> alive_;
  std::vector<int32_t> hunt_;
  std::vector<int32_t> shot_mask_;
  std::array<int, kMaxShips> afloat_{};
  std::array<bool, kMaxShips> ship_afloat_{};
  std::array<uint16_t, kMaxCells> pending_{};
  int pending_count_ = 0;
  const SmallBoard* small_ = nullptr;
  Bits128 shot_bits_ = 0;
  Bits128 dead_bits_ = 0;
};

}  // namespace arena::battleship
