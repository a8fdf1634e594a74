#include "engines/battleship/strategies/monte_carlo.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "engines/battleship/ship_chances.hpp"

namespace arena::battleship {
namespace {

// Few sizes, so that few copies of the sampling loop are compiled: 2 words
// hold boards up to 11x11, 4 up to 16x16.
int words_for(int cells, int max_words) {
  const int words = (cells + 63) / 64;
  return words <= 2 ? 2 : words <= 4 ? 4 : max_words;
}

void set_bit(uint64_t* words, int bit) {
  words[bit / 64] |= uint64_t{1} << (bit % 64);
}

// Appends `p`'s cells and, for the no-touch rule, its halo, as `words` words
// each. The halo is read from the placement (it is defined there), only over
// its bounding box.
void append_masks(const Placement& p, std::span<const uint16_t> cells, int size, int words,
                  bool no_touch, std::vector<uint64_t>& out) {
  const size_t at = out.size();
  out.resize(at + static_cast<size_t>(words) * (no_touch ? 2 : 1), 0);
  for (uint16_t c : cells)
    set_bit(out.data() + at, c);
  if (!no_touch) return;
  uint64_t* halo = out.data() + at + words;
  const int last_row = p.horizontal ? p.row : p.row + p.length - 1;
  const int last_col = p.horizontal ? p.col + p.length - 1 : p.col;
  for (int r = std::max(p.row - 1, 0); r <= std::min(last_row + 1, size - 1); ++r) {
    for (int c = std::max(p.col - 1, 0); c <= std::min(last_col + 1, size - 1); ++c) {
      if (p.halo.test(static_cast<size_t>(r * size + c))) set_bit(halo, r * size + c);
    }
  }
}

template <int W>
bool intersects(const uint64_t* mask, const std::array<uint64_t, W>& set) {
  uint64_t common = 0;
  for (int i = 0; i < W; ++i)
    common |= mask[i] & set[i];
  return common != 0;
}

template <int W>
void add(std::array<uint64_t, W>& set, const uint64_t* mask) {
  for (int i = 0; i < W; ++i)
    set[i] |= mask[i];
}

template <int W>
bool covers(const std::array<uint64_t, W>& set, const std::array<uint64_t, W>& cells) {
  uint64_t missing = 0;
  for (int i = 0; i < W; ++i)
    missing |= cells[i] & ~set[i];
  return missing == 0;
}

}  // namespace

StrategyInfo MonteCarloShooter::info() {
  return {
      "monte-carlo",
      "samples whole layouts consistent with every observation; fires at the most occupied "
      "cell",
      {ParamSpec::integer("samples", Params{}.samples, 1, 1'000'000, "layouts kept per decision"),
       tie_break_param("random")},
      {},
      {{"samples", int64_t{20}}}};
}

MonteCarloParams MonteCarloShooter::params_from(const ParamSet& values) {
  return {static_cast<int>(values.integer("samples")), tie_break_from(values)};
}

MonteCarloShooter::MonteCarloShooter(const DensityTables& tables, MonteCarloParams params)
    : density_(tables, DensityParams{1.0, params.tie_break, false}),
      params_(params),
      words_(words_for(tables.cells(), kMaxWords)),
      no_touch_(tables.rules().touching == Touching::kForbidden),
      occupancy_(static_cast<size_t>(tables.cells())),
      option_of_(static_cast<size_t>(tables.placement_count()), -1) {}

void MonteCarloShooter::remove_option(int k, uint32_t option) {
  const size_t stride = static_cast<size_t>(words_) * (no_touch_ ? 2 : 1);
  const uint32_t last = option_base_[k] + --option_live_[k];
  option_of_[option_id_[option]] = -1;
  if (option == last) return;
  option_id_[option] = option_id_[last];
  std::copy_n(option_masks_.begin() + last * stride, stride,
              option_masks_.begin() + option * stride);
  option_of_[option_id_[option]] = static_cast<int32_t>(option);
}

// Options only ever die, so they are removed (the last of their length takes
// their place) rather than rebuilt: after a miss only those over it, after a
// sink all are checked against the knowledge.
void MonteCarloShooter::refresh_options() {
  const BoardKnowledge& knowledge = density_.knowledge();
  const DensityTables& t = knowledge.tables();
  if (option_base_.empty()) {
    for (int k = 0; k < t.length_count(); ++k) {
      option_base_.push_back(static_cast<uint32_t>(option_id_.size()));
      option_live_.push_back(t.first_of(k + 1) - t.first_of(k));
      for (uint32_t id = t.first_of(k); id < t.first_of(k + 1); ++id) {
        option_of_[id] = static_cast<int32_t>(option_id_.size());
        option_id_.push_back(id);
        append_masks(t.placement(id), t.cells_of(id), t.rules().size, words_, no_touch_,
                     option_masks_);
      }
    }
    chosen_count_.assign(option_id_.size(), 0);
  }
  if (rescan_) {
    for (int k = 0; k < t.length_count(); ++k) {
      // Backwards, so that the option moved into a removed one's place was checked already.
      for (uint32_t o = option_base_[k] + option_live_[k]; o-- > option_base_[k];) {
        if (knowledge.afloat(k) == 0 || !knowledge.alive(option_id_[o])) remove_option(k, o);
      }
    }
  } else {
    for (uint16_t cell : missed_) {
      for (uint32_t id : t.covering(cell)) {
        if (option_of_[id] >= 0) remove_option(t.length_index(id), option_of_[id]);
      }
    }
  }
  missed_.clear();
  rescan_ = false;
}

// Indices for as many slots per 64-bit output as their counts' product allows.
uint32_t MonteCarloShooter::add_plan(int skipped_length) {
  const DensityTables& t = density_.knowledge().tables();
  const size_t begin = slots_.size();
  bool skipped = false;
  for (int s : ships_) {
    const int k = t.length_index_of_ship(s);
    if (k == skipped_length && !skipped) {
      skipped = true;
      continue;
    }
    slots_.push_back({option_base_[k], option_live_[k], 0, false});
  }
  uint64_t product = 0;
  const auto close_word = [&](size_t last) { slots_[last].threshold = (0 - product) % product; };
  for (size_t i = begin; i < slots_.size(); ++i) {
    const uint32_t count = slots_[i].count;
    if (product != 0 &&
        static_cast<Uint128>(product) * count <= std::numeric_limits<uint64_t>::max()) {
      product *= count;
      continue;
    }
    if (product != 0) close_word(i - 1);
    slots_[i].new_word = true;
    product = count;
  }
  if (product != 0) close_word(slots_.size() - 1);
  plan_start_.push_back(static_cast<uint32_t>(slots_.size()));
  return static_cast<uint32_t>(plan_start_.size() - 2);
}

bool MonteCarloShooter::plan(Words& pending) {
  const BoardKnowledge& knowledge = density_.knowledge();
  const DensityTables& t = knowledge.tables();
  const auto& fleet = t.rules().fleet;

  // Longest ships first: they collide most, so bad draws are rejected early.
  ships_.clear();
  for (size_t s = 0; s < fleet.size(); ++s) {
    const int ship = static_cast<int>(s);
    if (!knowledge.ship_afloat(ship)) continue;
    if (option_live_[t.length_index_of_ship(ship)] == 0) return false;  // nowhere to be
    ships_.push_back(ship);
  }
  std::stable_sort(ships_.begin(), ships_.end(),
                   [&](int a, int b) { return fleet[a].length > fleet[b].length; });
  slots_.clear();
  plan_start_.assign(1, 0);
  add_plan(-1);

  pending.fill(0);
  cover_.clear();
  if (knowledge.pending().empty()) return true;
  // Cover first the pending hit with the fewest (ship, option) pairs.
  const auto pairs = [&](int cell) {
    size_t n = 0;
    for (uint32_t id : t.covering(cell)) {
      if (option_of_[id] >= 0) n += static_cast<size_t>(knowledge.afloat(t.length_index(id)));
    }
    return n;
  };
  int first = -1;
  for (uint16_t c : knowledge.pending()) {
    set_bit(pending.data(), c);
    if (first < 0 || pairs(c) < pairs(first)) first = c;
  }
  plan_without_.assign(static_cast<size_t>(t.length_count()), -1);
  for (uint32_t id : t.covering(first)) {
    const int k = t.length_index(id);
    if (option_of_[id] < 0 || knowledge.afloat(k) == 0) continue;
    if (plan_without_[k] < 0) plan_without_[k] = static_cast<int>(add_plan(k));
    for (int copy = 0; copy < knowledge.afloat(k); ++copy) {  // one pair per ship of that length
      cover_.push_back({static_cast<uint32_t>(option_of_[id]),
                        static_cast<uint32_t>(plan_without_[k]), option_live_[k]});
    }
  }
  if (cover_.empty()) return false;  // no ship afloat can explain that hit
  accept_ = std::min_element(cover_.begin(), cover_.end(), [](const Cover& a, const Cover& b) {
              return a.count < b.count;
            })->count;
  return true;
}

// Why kept draws are uniform over the consistent layouts. A tuple is one
// option for each ship afloat (ships labelled as in the fleet); ship j has
// n_j options. With no hit pending, a draw picks each ship's option uniformly
// and independently, so every tuple comes out with chance 1 / prod_j n_j;
// keeping the consistent ones leaves them uniform.
//
// With hits pending, one of them, h, is covered first: a pair (ship i, option
// p of ship i covering h) is picked uniformly among the S such pairs and kept
// with chance a / n_i (a: the least n_i among the pairs, so a chance <= 1);
// the other ships are then drawn as above. In a consistent layout x exactly
// one ship i covers h (ships never overlap), so x comes out of the one pair
// (i, x_i) only, with chance (1 / S)(a / n_i) prod_{j != i} 1 / n_j
// = a / (S prod_j n_j): the same for every consistent x. Inconsistent draws
// are rejected, so kept draws are uniform again, and h is covered by
// construction. (A pair stands for one ship of its length and the plan then
// draws the others of that length: that permutes labels among ships of one
// length, which no count here can tell apart.)
//
// The indices of several slots come from one 64-bit output r: multiplying r
// by n_1, then the low half of the product by n_2, and so on, gives the high
// halves i_1, i_2, ... with r * (n_1 n_2 ...) = T * 2^64 + low, where T is
// the mixed-radix number (i_1, i_2, ...). This is Lemire's bounded draw of T
// over [0, n_1 n_2 ...), exactly uniform once draws with low < 2^64 mod the
// product are rejected (Brackett-Rozinsky and Lemire 2024, "Batched ranged
// random integer generation").
template <int W, bool kNoTouch>
int MonteCarloShooter::draw(Rng& rng, const Words& pending_words) {
  constexpr size_t kStride = kNoTouch ? 2 * W : W;
  constexpr size_t kReach = kNoTouch ? W : 0;  // the halo under no-touch, else the cells
  std::array<uint64_t, W> pending;
  std::copy_n(pending_words.begin(), W, pending.begin());
  const uint64_t* masks = option_masks_.data();
  const uint64_t budget = static_cast<uint64_t>(params_.samples) * kAttemptsPerSample;
  int kept = 0;
  uint64_t attempt = 0;
  for (; attempt < budget && kept < params_.samples; ++attempt) {
    std::array<uint64_t, W> occupied{};
    uint32_t* chosen = chosen_.data();
    const Slot* slot = slots_.data();
    const Slot* end = slot + plan_start_[1];
    if (!cover_.empty()) {
      const Cover& pair = cover_[rng.below(cover_.size())];
      if (pair.count != accept_ && rng.below(pair.count) >= accept_) continue;
      *chosen++ = pair.option;
      add<W>(occupied, masks + pair.option * kStride);
      slot = slots_.data() + plan_start_[pair.plan];
      end = slots_.data() + plan_start_[pair.plan + 1];
    }
    uint64_t r = 0;
    for (; slot != end; ++slot) {
      if (slot->new_word) r = rng.next();
      const Uint128 product = static_cast<Uint128>(r) * slot->count;
      r = static_cast<uint64_t>(product);
      const uint32_t option = slot->first + static_cast<uint32_t>(product >> 64);
      const uint64_t* mask = masks + option * kStride;
      if (r < slot->threshold || intersects<W>(mask + kReach, occupied)) break;
      add<W>(occupied, mask);
      *chosen++ = option;
    }
    if (slot != end || !covers<W>(occupied, pending)) continue;
    ++kept;
    for (const uint32_t* c = chosen_.data(); c != chosen; ++c)
      ++chosen_count_[*c];
  }
  drawn_ += attempt;
  return kept;
}

int MonteCarloShooter::sample(Rng& rng) {
  std::fill(occupancy_.begin(), occupancy_.end(), 0);
  refresh_options();
  Words pending;
  if (!plan(pending)) return 0;
  chosen_.resize(ships_.size());
  int kept = 0;
  switch (words_) {
    case 2:
      kept = no_touch_ ? draw<2, true>(rng, pending) : draw<2, false>(rng, pending);
      break;
    case 4:
      kept = no_touch_ ? draw<4, true>(rng, pending) : draw<4, false>(rng, pending);
      break;
    default:
      kept = no_touch_ ? draw<kMaxWords, true>(rng, pending) : draw<kMaxWords, false>(rng, pending);
  }
  // Each option adds to its cells once per kept sample that chose it.
  const DensityTables& t = density_.knowledge().tables();
  for (size_t k = 0; k < option_base_.size(); ++k) {
    for (uint32_t o = option_base_[k]; o < option_base_[k] + option_live_[k]; ++o) {
      if (chosen_count_[o] == 0) continue;
      for (uint16_t c : t.cells_of(option_id_[o]))
        occupancy_[c] += chosen_count_[o];
      chosen_count_[o] = 0;
    }
  }
  kept_ += static_cast<uint64_t>(kept);
  return kept;
}

int MonteCarloShooter::choose(Rng& rng) {
  const int kept = sample(rng);
  const int cell = kept == 0 ? density_.choose(rng)
                             : pick_best_cell(std::span<const int64_t>(occupancy_),
                                              density_.knowledge(), params_.tie_break, rng);
  if (explaining()) [[unlikely]]
    explain(explanation(cell, kept));
  return cell;
}

nlohmann::json MonteCarloShooter::explanation(int cell, int kept) const {
  const BoardKnowledge& knowledge = density_.knowledge();
  if (kept == 0) {
    nlohmann::json why = density_.explanation(cell);
    why["text"] = fmt::format(
        "no layout consistent with every shot came out of {} draws, so it fires as density "
        "would: {}",
        static_cast<uint64_t>(params_.samples) * kAttemptsPerSample,
        why["text"].get<std::string>());
    return why;
  }
  const DensityTables& t = knowledge.tables();
  const int n = t.rules().size;
  std::vector<double> heat(static_cast<size_t>(t.cells()), 0.0);
  for (int c = 0; c < t.cells(); ++c) {
    if (!knowledge.shot(c)) heat[c] = static_cast<double>(occupancy_[c]) / kept;
  }
  if (cell < 0 || cell >= t.cells()) return {{"text", "no cell is left to fire at"}};
  return {{"text", fmt::format("{} of {} sampled layouts consistent with every shot have a ship "
                               "at {}, the most of any cell not fired at",
                               occupancy_[cell], kept, cell_name(cell, n))},
          {"heat", heat_rows(heat, n)},
          {"best", cell}};
}

}  // namespace arena::battleship
