#include "engines/chinese_checkers/state.hpp"

#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arena::chinese_checkers {

void State::add_piece(int hole) {
  const Board& b = board();
  for (int d = 0; d < 6; ++d) {
    const auto back = static_cast<uint8_t>(1 << ((d + 3) % 6));
    near_[b.padded_neighbour(hole, d)] |= back;
    far_[b.padded_land(hole, d)] |= back;
  }
}

void State::remove_piece(int hole) {
  const Board& b = board();
  for (int d = 0; d < 6; ++d) {
    const auto back = static_cast<uint8_t>(1 << ((d + 3) % 6));
    near_[b.padded_neighbour(hole, d)] &= static_cast<uint8_t>(~back);
    far_[b.padded_land(hole, d)] &= static_cast<uint8_t>(~back);
  }
}

void State::all_open_hops(AllOpenHops& out) const {
  // Bit h: open_hops(h) is zero (`none`), has at most one direction (`single`).
  uint64_t none[2] = {0, 0};
  uint64_t single[2] = {0, 0};
#if defined(__SSE2__)
  const __m128i one = _mm_set1_epi8(1);
  const __m128i zero = _mm_setzero_si128();
  // 16-bit mask of the bytes of v that are zero.
  const auto zeros = [&](__m128i v) {
    return static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero))));
  };
  for (int chunk = 0; chunk < 8; ++chunk) {
    const auto* near = reinterpret_cast<const __m128i*>(near_.data() + 16 * chunk);
    const auto* far = reinterpret_cast<const __m128i*>(far_.data() + 16 * chunk);
    // Bits 6 and 7 of near_ are never set, so no mask is needed.
    const __m128i open = _mm_andnot_si128(_mm_loadu_si128(far), _mm_loadu_si128(near));
    _mm_store_si128(reinterpret_cast<__m128i*>(out.dirs.data() + 16 * chunk), open);
    const int shift = 16 * (chunk % 4);
    none[chunk / 4] |= zeros(open) << shift;
    single[chunk / 4] |= zeros(_mm_and_si128(open, _mm_sub_epi8(open, one))) << shift;
  }
#else
  for (int h = 0; h < 128; ++h) {
    const unsigned open = open_hops(h);
    out.dirs[h] = static_cast<uint8_t>(open);
    none[h >> 6] |= uint64_t{open == 0} << (h & 63);
    single[h >> 6] |= uint64_t{(open & (open - 1)) == 0} << (h & 63);
  }
#endif
  // Past the star (index Board::kSentinel absorbs updates from off it) is
  // no hole.
  out.holes = board().all().without({none[0], none[1]});
  out.forks = board().all().without({single[0], single[1]});
}

void State::init_derived() {
  const Board& b = board();
  for (int h = 0; h < kHoles; ++h)
    far_[h] = static_cast<uint8_t>(~b.land_directions(h) & 0x3f);
  for (int s = 0; s < players(); ++s) {
    home_[s] = static_cast<uint8_t>(home_triangle(players(), s));
    goal_owner_[goal(s)] = static_cast<int8_t>(s);
    allowed_[s] = b.all();
    if (rules_.neutral_zones == NeutralZones::kForbidden)
      allowed_[s] = b.hexagon_mask() | b.triangle_mask(home_[s]) | b.triangle_mask(goal(s));
  }
}

State State::initial(const Rules& rules) {
  if (!rules.valid()) throw std::invalid_argument("chinese checkers: players must be 2, 3, 4 or 6");
  std::array<Bitboard, kMaxPlayers> pieces{};
  for (int s = 0; s < rules.players; ++s)
    pieces[s] = board().triangle_mask(home_triangle(rules.players, s));
  return from_pieces(rules, std::span(pieces.data(), rules.players), 0, 0);
}

State State::from_pieces(const Rules& rules, std::span<const Bitboard> pieces, int side, int ply) {
  if (!rules.valid()) throw std::invalid_argument("chinese checkers: players must be 2, 3, 4 or 6");
  if (side < 0 || side >= rules.players)
    throw std::invalid_argument("chinese checkers: side to move out of range");
  Bitboard seen;
  for (const Bitboard p : pieces) {
    // Move generation keeps per-piece arrays of kPieces.
    if (p.count() > kPieces || (seen & p).any() || p.without(board().all()).any())
      throw std::invalid_argument("chinese checkers: bad piece sets");
    seen |= p;
  }
  State s;
  s.rules_ = rules;
  s.ply_ = ply;
  s.init_derived();
  for (int seat = 0; seat < rules.players && seat < static_cast<int>(pieces.size()); ++seat) {
    s.pieces_[seat] = pieces[seat];
    s.occupied_ |= pieces[seat];
    for_each_hole(pieces[seat], [&](int h) {
      s.hash_ ^= board().zobrist_piece(seat, h);
      s.add_piece(h);
    });
  }
  for (int seat = 0; seat < rules.players; ++seat)
    s.check_finish(seat);
  s.side_ = static_cast<uint8_t>(side);
  s.hash_ ^= board().zobrist_side(side);
  if (s.finished(side) && !s.game_over()) s.advance_side();
  return s;
}

int State::owner(int hole) const {
  for (int s = 0; s < players(); ++s)
    if (pieces_[s].test(hole)) return s;
  return -1;
}

bool State::meets_goal(int seat) const {
  const Bitboard goal_mask = board().triangle_mask(goal(seat));
  if ((occupied_ & goal_mask) != goal_mask) return false;
  const Bitboard own = pieces_[seat] & goal_mask;
  return rules_.win == WinRule::kAllOwn ? own == goal_mask : own.any();
}

bool State::game_over() const {
  if (ply_ >= rules_.max_plies) return true;
  if (players() == 2) return finished_count_ > 0;
  return finished_count_ >= players() - 1;
}

void State::check_finish(int seat) {
  if (finished(seat) || !meets_goal(seat)) return;
  finish_ply_[seat] = static_cast<int16_t>(ply_);
  ++finished_count_;
}

void State::advance_side() {
  hash_ ^= board().zobrist_side(side_);
  // With every seat finished the loop would not end; game_over() holds then.
  for (int i = 0; i < players(); ++i) {
    side_ = static_cast<uint8_t>(side_ + 1 == players() ? 0 : side_ + 1);
    if (!finished(side_)) break;
  }
  hash_ ^= board().zobrist_side(side_);
}

void State::apply(Move m) {
  const Board& b = board();
  const Bitboard change = Bitboard::single(m.from) | Bitboard::single(m.to);
  pieces_[side_] ^= change;
  occupied_ ^= change;
  hash_ ^= b.zobrist_piece(side_, m.from) ^ b.zobrist_piece(side_, m.to);
  remove_piece(m.from);
  add_piece(m.to);
  ++ply_;
  // Only the owner of the goal the piece entered can have just finished,
  // and only if that triangle is now full. That is tested first: almost
  // always false, so the branch is predicted, where branching on the
  // triangle itself was not (3.7% of random play). The hexagon's mask is
  // never full, so t >= 0 below.
  const Bitboard entered = b.entered_mask(m.to);
  if ((occupied_ & entered) == entered) {
    const int t = b.triangle(m.to);
    if (goal_owner_[t] >= 0) check_finish(goal_owner_[t]);
  }
  if (!game_over()) advance_side();
}

void State::pass() {
  ++ply_;
  if (!game_over()) advance_side();
}

}  // namespace arena::chinese_checkers
