#include "engines/chinese_checkers/movegen.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace arena::chinese_checkers {

bool MoveList::contains(Move m) const {
  return std::find(begin(), end(), m) != end();
}

Bitboard hop_reach(Bitboard occupied, int from, uint8_t* hops) {
  const Board& b = board();
  // `seen` starts with the origin so no chain ends (or is re-expanded) there.
  Bitboard seen = occupied;
  seen.set(from);
  Bitboard reached;
  std::array<uint8_t, kHoles> queue;
  std::array<uint8_t, kHoles> depth;
  int head = 0;
  int tail = 0;
  queue[tail++] = static_cast<uint8_t>(from);
  depth[from] = 0;
  while (head < tail) {
    const int h = queue[head++];
    for (const Hop& hop : b.hops(h)) {
      if (!occupied.test(hop.over) || seen.test(hop.land)) continue;
      seen.set(hop.land);
      reached.set(hop.land);
      depth[hop.land] = static_cast<uint8_t>(depth[h] + 1);
      queue[tail++] = hop.land;
    }
  }
  if (hops) for_each_hole(reached, [&](int h) { hops[h] = depth[h]; });
  return reached;
}

namespace {

// Bitboard::pop_lowest without a branch, on a set's two words: removes and
// returns the lowest hole. For sets whose lowest hole is as good as random to
// the branch predictor: GCC compiles pop_lowest's choice of word to a branch
// (and `?:` here too, hence the masks). Bit 63 (hole 127, never on the board)
// keeps the word non-zero, so that countr_zero needs no zero case (an empty
// set gives 127).
[[gnu::always_inline]] inline int pop_lowest(uint64_t& lo, uint64_t& hi) {
  const uint64_t in_hi = uint64_t{0} - uint64_t{lo == 0};
  const uint64_t word = lo | (hi & in_hi) | (uint64_t{1} << 63);
  lo &= lo - 1;
  hi &= (hi - 1) | ~in_hi;
  return static_cast<int>(static_cast<uint64_t>(std::countr_zero(word)) + (in_hi & 64));
}

// As pop_lowest, and `none` when the set is empty (pop_lowest gives 127 then).
[[gnu::always_inline]] inline int pop_lowest_or(uint64_t& lo, uint64_t& hi, int none) {
  const uint64_t any = uint64_t{0} - uint64_t{(lo | hi) != 0};
  const auto lowest = static_cast<uint64_t>(pop_lowest(lo, hi));
  return static_cast<int>((lowest & any) | (static_cast<uint64_t>(none) & ~any));
}

// Adds to `reached` every hole that hop chains reach from the holes of
// `frontier` (landings already in `reached`), one table lookup per hole;
// open(h) gives State::open_hops(h). Hops join empty holes symmetrically, so
// a new landing can always hop back where it came from: only `forks`, the
// holes with another open hop, go on the frontier (the other landings have
// nowhere new to go). A chain's origin is occupied here (the piece is not
// lifted), which changes nothing: chains land an even number of steps from
// their origin and so never hop over it, and a lifted piece returning to its
// origin could only hop on to landings it had already reached.
template <bool kBranchFree = false, class Open>
[[gnu::always_inline]] inline Bitboard hop_closure(Open&& open, Bitboard forks, Bitboard reached,
                                                   Bitboard frontier) {
  const Board& b = board();
  while (frontier.any()) {
    const int h = kBranchFree ? pop_lowest(frontier.lo, frontier.hi) : frontier.pop_lowest();
    const Bitboard next = b.hop_landings(h, open(h)).without(reached);
    reached |= next;
    frontier |= next & forks;
  }
  return reached;
}

Bitboard hop_destinations(const State& state, int from) {
  const auto open = [&](int h) { return state.open_hops(h); };
  const Bitboard first = board().hop_landings(from, open(from));
  return hop_closure(open, board().all(), first, first);
}

}  // namespace

// Hardware population count where the CPU has it: the build targets
// baseline x86-64, where std::popcount is a library call or a dozen
// instructions, and counting dominates random play otherwise. target_clones
// builds a popcnt and a baseline copy and picks one at load time (ifunc),
// so the binary still runs on a CPU without POPCNT. No counting inside
// lambdas: a lambda does not inherit the target. GCC only (clang 14 leaves
// a member function's clones unresolved at link time), and not under
// ThreadSanitizer, which instruments the resolver that runs before it is up.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define ARENA_CC_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define ARENA_CC_POPCNT
#endif

namespace {

// Both forms of all_destinations, in passes so that the work per piece has
// no data-dependent branch: steps and first hop landings of every piece by
// lookups and masks; then whole hop chains, only for the pieces (two or
// three in random play) with a first landing that has an onward hop; then
// the counts. Sharing the chains between pieces (they reach whole
// components of the hop graph) measured slower: most components are met by
// one piece. kBranchFree: see all_destinations_branch_free.
template <bool kBranchFree>
[[gnu::always_inline]] inline void destinations(const State& state, PieceDestinations& out) {
  const Board& b = board();
  const Bitboard empty = b.all().without(state.occupied());
  State::AllOpenHops hops;
  state.all_open_hops(hops);
  const auto open = [&](int h) -> unsigned { return hops.dirs[h]; };
  // onward[j]: the j-th piece with chains to follow, from the landings
  // frontier[j].
  std::array<uint8_t, kPieces> onward;
  std::array<PieceDestinations::Words, kPieces> frontier;
  int chains = 0;
  Bitboard mine = state.pieces(state.side_to_move());
  // A fixed count, so the loop's exit is predicted.
  const int n = __builtin_popcountll(mine.lo) + __builtin_popcountll(mine.hi);
  for (int i = 0; i < n; ++i) {
    const int h = kBranchFree ? pop_lowest(mine.lo, mine.hi) : mine.pop_lowest();
    const Bitboard first = b.hop_landings(h, hops.dirs[h]);
    const Bitboard to = (b.steps(h) & empty) | first;
    const Bitboard onward_from = first & hops.holes;
    out.from[i] = static_cast<uint8_t>(h);
    out.words[i] = {to.lo, to.hi};
    // Written always, kept only when there is a chain: no branch.
    onward[chains] = static_cast<uint8_t>(i);
    frontier[chains] = {onward_from.lo, onward_from.hi};
    chains += onward_from.any();
  }
  // Steps (odd distance from the piece) and hop landings (even) never
  // coincide, so `to` may seed the closure with both.
  if constexpr (kBranchFree) {
    // Each chain's first two steps without a branch (half of the chains end
    // after one step, three quarters after two): a chain with nothing left
    // steps from its piece's own hole, whose landings are in `to` already.
    // The chains still going are kept (frontier[j] for piece onward[j],
    // j < longer, overwriting entries already read) and followed to their
    // ends after.
    constexpr int kChainSteps = 2;
    int longer = 0;
    for (int j = 0; j < chains; ++j) {
      const int i = onward[j];
      Bitboard to = out.to(i);
      Bitboard rest{frontier[j].lo, frontier[j].hi};
      const int origin = out.from[i];
      for (int step = 0; step < kChainSteps; ++step) {
        const int h = pop_lowest_or(rest.lo, rest.hi, origin);
        const Bitboard next = b.hop_landings(h, hops.dirs[h]).without(to);
        to |= next;
        rest |= next & hops.forks;
      }
      out.words[i] = {to.lo, to.hi};
      onward[longer] = static_cast<uint8_t>(i);
      frontier[longer] = {rest.lo, rest.hi};
      longer += rest.any();
    }
    chains = longer;
  }
  for (int j = 0; j < chains; ++j) {
    const int i = onward[j];
    const Bitboard to =
        hop_closure<kBranchFree>(open, hops.forks, out.to(i), {frontier[j].lo, frontier[j].hi});
    out.words[i] = {to.lo, to.hi};
  }
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  // Only forbidden neutral zones restrict where moves end; otherwise the
  // words stay as they are (rewriting every piece's measured 3% of random
  // play).
  if (allowed != b.all())
    for (int i = 0; i < n; ++i)
      out.words[i] = {out.words[i].lo & allowed.lo, out.words[i].hi & allowed.hi};
  int total = 0;
  for (int i = 0; i < n; ++i) {
    out.count[i] = __builtin_popcountll(out.words[i].lo) + __builtin_popcountll(out.words[i].hi);
    out.first[i] = total;
    total += out.count[i];
  }
  std::fill(out.first.begin() + n, out.first.end(), std::numeric_limits<int>::max());
  out.pieces = n;
  out.total = total;
}

}  // namespace

ARENA_CC_POPCNT void all_destinations(const State& state, PieceDestinations& out) {
  destinations<false>(state, out);
}

ARENA_CC_POPCNT void all_destinations_branch_free(const State& state, PieceDestinations& out) {
  destinations<true>(state, out);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define ARENA_CC_PDEP 1
namespace {

// The k-th move with BMI2's pdep, which deposits bit k onto the k-th set
// bit of a word in one instruction: the loop below clears up to sixty bits
// one at a time, with a mispredicted exit (a tenth of random play's cost).
__attribute__((target("bmi2,popcnt"))) Move nth_move_pdep(const PieceDestinations& d, int k) {
  // The piece: how many pieces after the first start at or before k (a
  // fixed count of compares, where a loop's exit would be mispredicted).
  int i = 0;
  for (int j = 1; j < kPieces; ++j)
    i += d.first[j] <= k;
  k -= d.first[i];
  const int low = __builtin_popcountll(d.words[i].lo);
  const bool in_lo = k < low;
  const uint64_t w = in_lo ? d.words[i].lo : d.words[i].hi;
  const uint64_t bit = _pdep_u64(uint64_t{1} << (in_lo ? k : k - low), w);
  return {d.from[i], static_cast<uint8_t>((in_lo ? 0 : 64) + std::countr_zero(bit))};
}

// Whether pdep is there and fast: AMD before Zen 3 runs it in microcode,
// taking longer than the loop.
const bool kFastPdep = [] {
  __builtin_cpu_init();  // a static initialiser may run before libgcc has set it up
  return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") &&
         !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}();

}  // namespace
#endif

ARENA_CC_POPCNT Move PieceDestinations::move(int k) const {
#ifdef ARENA_CC_PDEP
  if (kFastPdep) return nth_move_pdep(*this, k);
#endif
  int i = 0;
  while (k >= count[i])
    k -= count[i++];
  // The k-th hole of piece i's set (Bitboard::nth, with hardware popcount).
  const int low = __builtin_popcountll(words[i].lo);
  const bool in_lo = k < low;
  uint64_t w = in_lo ? words[i].lo : words[i].hi;
  for (k -= in_lo ? 0 : low; k > 0; --k)
    w &= w - 1;  // drop the k lowest holes
  return {from[i], static_cast<uint8_t>((in_lo ? 0 : 64) + std::countr_zero(w))};
}

Bitboard destinations(const State& state, int from) {
  return (board().steps(from).without(state.occupied()) | hop_destinations(state, from)) &
         state.destinations_allowed(state.side_to_move());
}

void generate_moves(const State& state, MoveList& moves) {
  moves.clear();
  PieceDestinations d;
  all_destinations(state, d);
  for (int i = 0; i < d.pieces; ++i)
    for_each_hole(d.to(i), [&](int to) { moves.push({d.from[i], static_cast<uint8_t>(to)}); });
}

void generate_moves_with_hops(const State& state, MoveList& moves, uint8_t* hops) {
  moves.clear();
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  std::array<uint8_t, kHoles> depth{};
  for_each_hole(state.pieces(state.side_to_move()), [&](int from) {
    Bitboard lifted = occupied;
    lifted.reset(from);
    const Bitboard steps = board().steps(from).without(occupied);
    const Bitboard dest = (steps | hop_reach(lifted, from, depth.data())) & allowed;
    for_each_hole(dest, [&](int to) {
      hops[moves.size()] = steps.test(to) ? 0 : depth[to];
      moves.push({static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    });
  });
}

bool has_move(const State& state) {
  const Bitboard occupied = state.occupied();
  const Bitboard allowed = state.destinations_allowed(state.side_to_move());
  const Bitboard mine = state.pieces(state.side_to_move());
  bool any = false;
  // Steps first: they almost always exist and cost a mask each.
  for_each_hole(mine,
                [&](int h) { any = any || (board().steps(h).without(occupied) & allowed).any(); });
  if (any) return true;
  for_each_hole(mine, [&](int h) { any = any || (hop_destinations(state, h) & allowed).any(); });
  return any;
}

int count_moves(const State& state) {
  PieceDestinations d;
  all_destinations(state, d);
  return d.total;
}

bool is_legal(const State& state, Move m) {
  if (m.from >= kHoles || m.to >= kHoles || state.game_over()) return false;
  if (!state.pieces(state.side_to_move()).test(m.from)) return false;
  return destinations(state, m.from).test(m.to);
}

}  // namespace arena::chinese_checkers
