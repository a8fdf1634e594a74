// The layout count of layout_count.hpp: a broken-profile transfer matrix.
//
// Cells are visited in row-major order. Before cell (r, c) a state holds what
// the cells still to come depend on:
//   - per column j, the cells a vertical ship already begun must still cover
//     from the next cell of that column downwards (row r for j >= c, row r + 1
//     for j < c);
//   - the cells a horizontal ship begun on this row must still cover from (r, c);
//   - how many ships of each length have been begun;
//   - with touching forbidden, whether each of the last `size` cells visited
//     holds a ship, and whether (r - 1, c - 1) does: the neighbours of (r, c)
//     already visited are (r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c - 1).
// A ship is begun at its first cell (top or left end) only where it fits the
// board, so every begun ship ends on it. Ships of equal length are counted as
// one kind while sweeping, and the count is multiplied by the ways to tell
// them apart (m! for m ships of a length) at the end: a layout of told-apart
// ships is one of the sweep's layouts with names dealt to its ships, and
// equal-length ships never share a placement.
//
// The heat map counts layouts with the cell forced empty, one cell of each
// orbit of the board's eight symmetries (which map legal layouts onto legal
// layouts), and spreads it over the orbit.
#include "engines/battleship/layout_count.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <utility>

namespace arena::battleship {
namespace {

// The state of the sweep, packed into W 64-bit words.
template <int W>
struct PackedState {
  std::array<uint64_t, W> word{};

  uint64_t get(int offset, int width) const {
    const int w = offset >> 6, shift = offset & 63;
    uint64_t value = word[w] >> shift;
    if (shift + width > 64) value |= word[w + 1] << (64 - shift);
    return value & ((uint64_t{1} << width) - 1);
  }
  void set(int offset, int width, uint64_t value) {
    const int w = offset >> 6, shift = offset & 63;
    const uint64_t mask = (uint64_t{1} << width) - 1;
    word[w] = (word[w] & ~(mask << shift)) | (value << shift);
    if (shift + width > 64) {
      const int high = 64 - shift;
      word[w + 1] = (word[w + 1] & ~(mask >> high)) | (value >> high);
    }
  }
  bool operator==(const PackedState& other) const {
    for (int w = 0; w < W; ++w)
      if (word[w] != other.word[w]) return false;
    return true;
  }
  uint64_t hash() const {
    uint64_t h = 0;
    for (uint64_t x : word)
      h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
  }
};

// Thrown when a sweep in 64-bit counts overflows: it starts again in 128 bits.
struct Overflow64 {};

template <class Count>
Count checked_add(Count a, Count b) {
  Count sum;
  if (__builtin_add_overflow(a, b, &sum)) {
    if constexpr (sizeof(Count) == 8) throw Overflow64{};
    throw CountOverflow("the number of layouts exceeds 2^128 - 1");
  }
  return sum;
}

// States and their counts: open addressing, linear probing, reused between
// cells. A state and its count share a slot, so that an insertion touches one
// cache line; a free slot holds an impossible state (its last word all ones:
// a state leaves the last bit of its words unused).
struct TooManyStates {};

template <class State, class Count>
class StateCounts {
 public:
  size_t limit = ~size_t{0};  // more states than this throw TooManyStates

  size_t size() const { return size_; }

  void clear() {
    for (Slot& slot : slots_)
      slot.state.word.back() = kFree;
    size_ = 0;
    pending_ = 0;
  }

  // Adds `count` to state `s`'s. Insertions wait in a small batch whose
  // slots are fetched from memory meanwhile: the sweep's time goes to cache
  // misses, and this overlaps them.
  void add(const State& s, Count count) {
    if ((size_ + pending_ + 1) * 2 > slots_.size()) {
      flush();
      // Room for more than `limit` states is never needed: refuse before
      // allocating it (the caller says why).
      if (size_ > limit) throw TooManyStates{};
      grow();
    }
    const uint64_t h = s.hash();
    __builtin_prefetch(&slots_[h & (slots_.size() - 1)]);
    batch_[pending_++] = {s, count, h};
    if (pending_ == kBatch) flush();
  }

  // Inserts the batch; for_each and size see only what was flushed.
  void flush() {
    for (int b = 0; b < pending_; ++b)
      insert(batch_[b].state, batch_[b].count, batch_[b].hash);
    pending_ = 0;
  }

  template <class F>
  void for_each(F&& f) const {
    for (const Slot& slot : slots_)
      if (slot.state.word.back() != kFree) f(slot.state, slot.count);
  }

 private:
  static constexpr uint64_t kFree = ~uint64_t{0};
  static constexpr int kBatch = 32;
  struct Slot {
    State state;
    Count count;
  };
  struct Pending {
    State state;
    Count count;
    uint64_t hash;
  };

  void insert(const State& s, Count count, uint64_t hash) {
    const size_t mask = slots_.size() - 1;
    size_t i = hash & mask;
    while (slots_[i].state.word.back() != kFree && !(slots_[i].state == s))
      i = (i + 1) & mask;
    Slot& slot = slots_[i];
    if (slot.state.word.back() == kFree) {
      slot = {s, count};
      ++size_;
      return;
    }
    slot.count = checked_add(slot.count, count);
  }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<size_t>(1024, old.size() * 2), Slot{});
    clear();
    for (const Slot& slot : old)
      if (slot.state.word.back() != kFree) insert(slot.state, slot.count, slot.state.hash());
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
  std::array<Pending, kBatch> batch_;
  int pending_ = 0;
};

// The fleet as kinds of ship (one per length), and how the state is packed.
struct Sweep {
  int n = 0;
  bool no_touch = false;
  std::vector<int> length;         // per kind
  std::vector<int> ships;          // per kind: ships of that length
  std::vector<uint64_t> stride;    // per kind: its digit in the begun-ships code
  uint64_t all_begun = 0;          // the code once every ship is begun
  std::vector<int> cells_unbegun;  // per code: cells of the ships not begun
  LayoutCount names = 1;           // ways to tell equal-length ships apart
  int length_bits = 1, begun_bits = 1;
  int h_at = 0, v_at = 0, occupied_at = 0, diagonal_at = 0, bits = 0;
  size_t max_states = kMaxLayoutStates;

  explicit Sweep(const Rules& rules) : n(rules.size) {
    no_touch = rules.touching == Touching::kForbidden;
    if (rules.fleet.size() > static_cast<size_t>(kMaxShips))
      throw std::invalid_argument("at most 16 ships");
    std::map<int, int> by_length;
    for (const ShipSpec& ship : rules.fleet) {
      if (ship.length < 1)
        throw std::invalid_argument("a ship of length " + std::to_string(ship.length));
      ++by_length[ship.length];
    }
    uint64_t code_size = 1;
    int longest = 1;
    for (const auto& [len, count] : by_length) {
      length.push_back(len);
      ships.push_back(count);
      stride.push_back(code_size);
      all_begun += code_size * count;
      code_size *= count + 1;
      longest = std::max(longest, len);
      for (int k = 2; k <= count; ++k)
        names *= k;  // 16! < 2^45
    }
    cells_unbegun.resize(code_size);
    for (uint64_t code = 0; code < code_size; ++code) {
      int cells = 0;
      for (size_t k = 0; k < length.size(); ++k)
        cells += (ships[k] - begun(code, k)) * length[k];
      cells_unbegun[code] = cells;
    }
    length_bits = std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(longest - 1))));
    begun_bits = std::max(1, static_cast<int>(std::bit_width(code_size - 1)));
    h_at = begun_bits;
    v_at = h_at + length_bits;
    occupied_at = v_at + n * length_bits;
    diagonal_at = occupied_at + n;
    bits = no_touch ? diagonal_at + 1 : occupied_at;
  }

  int begun(uint64_t code, size_t kind) const {
    return static_cast<int>(code / stride[kind] % (ships[kind] + 1));
  }
};

// The transitions out of `s` at cell (r, c); `emit(next, cells_left_after)`.
template <class State, class Emit>
void step(const Sweep& sw, const State& s, int r, int c, bool forced_empty, Emit&& emit) {
  const int n = sw.n, lb = sw.length_bits;
  const uint64_t code = s.get(0, sw.begun_bits);
  const int down = static_cast<int>(s.get(sw.v_at + c * lb, lb));
  const int across = static_cast<int>(s.get(sw.h_at, lb));
  if (down > 0 && across > 0) return;  // two ships on one cell
  if (forced_empty && (down > 0 || across > 0)) return;
  // With touching forbidden: the visited neighbours holding a ship.
  bool left = false, up = false, up_left = false, up_right = false;
  State next = s;
  if (sw.no_touch) {
    up = s.get(sw.occupied_at + c, 1);
    left = c > 0 && s.get(sw.occupied_at + c - 1, 1);
    up_left = c > 0 && s.get(sw.diagonal_at, 1);
    up_right = c + 1 < n && s.get(sw.occupied_at + c + 1, 1);
    next.set(sw.diagonal_at, 1, up);  // (r - 1, c) is the next cell's upper left
  }
  // A ship cell here may touch only its own ship's cells: left when it runs
  // across, up when it runs down.
  const auto apart = [&](bool own_left, bool own_up) {
    return !sw.no_touch || ((!left || own_left) && (!up || own_up) && !up_left && !up_right);
  };
  const auto occupy = [&](State& st, bool ship) {
    if (sw.no_touch) st.set(sw.occupied_at + c, 1, ship);
  };
  if (down > 0) {
    if (!apart(false, true)) return;
    next.set(sw.v_at + c * lb, lb, down - 1);
    occupy(next, true);
    emit(next, code);
    return;
  }
  if (across > 0) {
    if (!apart(true, false)) return;
    next.set(sw.h_at, lb, across - 1);
    occupy(next, true);
    emit(next, code);
    return;
  }
  occupy(next, false);
  emit(next, code);  // the cell stays empty
  if (forced_empty || !apart(false, false)) return;
  occupy(next, true);
  for (size_t k = 0; k < sw.length.size(); ++k) {
    if (sw.begun(code, k) == sw.ships[k]) continue;
    const int len = sw.length[k];
    State begun = next;
    begun.set(0, sw.begun_bits, code + sw.stride[k]);
    if (len == 1) {
      emit(begun, code + sw.stride[k]);
      continue;
    }
    if (c + len <= n) {
      State across_ship = begun;
      across_ship.set(sw.h_at, lb, len - 1);
      emit(across_ship, code + sw.stride[k]);
    }
    if (r + len <= n) {
      State down_ship = begun;
      down_ship.set(sw.v_at + c * lb, lb, len - 1);
      emit(down_ship, code + sw.stride[k]);
    }
  }
}

// The sweep of one fleet on one board, in states packed into W words.
template <int W, class Count>
class Census {
 public:
  using State = PackedState<W>;
  using Table = StateCounts<State, Count>;

  explicit Census(const Sweep& sw) : sw_(sw), cells_(sw.n * sw.n) {}

  // The layouts of the fleet's kinds (equal lengths not told apart) and,
  // with `heat`, per cell the layouts of kinds leaving it empty.
  LayoutCount run(bool heat, std::vector<LayoutCount>& empty) {
    const std::vector<int> delegate = heat ? delegates() : std::vector<int>(cells_, -1);
    Table now;
    now.add(State{}, 1);
    now.flush();
    if (heat) empty.assign(cells_, 0);
    for (int cell = 0; cell < cells_; ++cell) {
      // Layouts that leave this cell empty share every cell before it with
      // the whole sweep: count them on from a copy of its states.
      if (delegate[cell] == cell) empty[cell] = finish_from(Table(now), cell, cell);
      advance(now, cell, -1);
    }
    const LayoutCount kinds = total(now);
    for (int cell = 0; heat && cell < cells_; ++cell)
      empty[cell] = empty[delegate[cell]];
    return kinds;
  }

  size_t peak() const { return peak_; }

 private:
  // Per cell, the cell of its orbit under the square's eight symmetries that
  // the sweep reaches last (the cheapest to count from); symmetric cells are
  // covered by equally many layouts.
  std::vector<int> delegates() const {
    const int n = sw_.n;
    std::vector<int> delegate(cells_);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int r2 = n - 1 - r, c2 = n - 1 - c;
        const std::array<std::pair<int, int>, 8> orbit = {
            {{r, c}, {c, r}, {r, c2}, {c2, r}, {r2, c}, {c, r2}, {r2, c2}, {c2, r2}}};
        int last = 0;
        for (const auto& [i, j] : orbit)
          last = std::max(last, i * n + j);
        delegate[r * n + c] = last;
      }
    }
    return delegate;
  }

  // Moves `now` past `cell` (kept empty when it is `empty`).
  void advance(Table& now, int cell, int empty) {
    spare_.clear();
    spare_.limit = sw_.max_states;  // (swapped away with the last cell's table)
    const int left_after = cells_ - cell - 1;
    try {
      now.for_each([&](const State& s, Count count) {
        step(sw_, s, cell / sw_.n, cell % sw_.n, cell == empty,
             [&](const State& to, uint64_t code) {
               // Ships not yet begun need cells still to come.
               if (sw_.cells_unbegun[code] <= left_after) spare_.add(to, count);
             });
      });
    } catch (const TooManyStates&) {
      too_costly(cell);
    }
    spare_.flush();
    if (spare_.size() > sw_.max_states) too_costly(cell);
    std::swap(now, spare_);
    peak_ = std::max(peak_, now.size());
  }

  [[noreturn]] void too_costly(int cell) const {
    throw CountTooCostly("counting needs more than " + std::to_string(sw_.max_states) +
                         " states at cell " + std::to_string(cell) + " of " +
                         std::to_string(cells_) +
                         ": too many ships under way at once on a board this size");
  }

  LayoutCount finish_from(Table table, int cell, int empty) {
    for (; cell < cells_; ++cell)
      advance(table, cell, empty);
    return total(table);
  }

  // The layouts whose every ship is begun (and so, fitting the board, ended).
  LayoutCount total(const Table& table) const {
    LayoutCount sum = 0;
    table.for_each([&](const State& s, Count count) {
      if (s.get(0, sw_.begun_bits) == sw_.all_begun) sum = checked_add<LayoutCount>(sum, count);
    });
    return sum;
  }

  const Sweep& sw_;
  const int cells_;
  Table spare_;
  size_t peak_ = 0;
};

template <int W, class Count>
LayoutCensus census_counted(const Sweep& sw, bool heat) {
  Census<W, Count> sweep(sw);
  std::vector<LayoutCount> empty;
  const LayoutCount kinds = sweep.run(heat, empty);
  LayoutCensus census;
  if (__builtin_mul_overflow(kinds, sw.names, &census.layouts))
    throw CountOverflow("the number of layouts exceeds 2^128 - 1");
  census.peak_states = sweep.peak();
  if (!heat || kinds == 0) return census;
  for (const LayoutCount none : empty) {
    const long double share = static_cast<long double>(kinds - none) / kinds;
    census.heat.push_back(static_cast<double>(share));
  }
  return census;
}

// Counts in 64 bits (half the memory to sweep through), or 128 when they do not fit.
template <int W>
LayoutCensus census_in(const Sweep& sw, bool heat) {
  try {
    return census_counted<W, uint64_t>(sw, heat);
  } catch (const Overflow64&) {
    return census_counted<W, LayoutCount>(sw, heat);
  }
}

}  // namespace

LayoutCount count_layouts(const Rules& rules, size_t max_states) {
  return layout_census(rules, false, max_states).layouts;
}

LayoutCensus layout_census(const Rules& rules, bool heat, size_t max_states) {
  Sweep sw(rules);
  sw.max_states = max_states;
  // The last bit of the last word stays unused (StateCounts' free slots).
  if (sw.bits < 64) return census_in<1>(sw, heat);
  if (sw.bits < 128) return census_in<2>(sw, heat);
  return census_in<3>(sw, heat);  // at most 17 + 27 * 5 + 27 bits
}

std::string decimal(LayoutCount n) {
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n > 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace arena::battleship
