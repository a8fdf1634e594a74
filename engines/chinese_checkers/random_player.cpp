#include "engines/chinese_checkers/random_player.hpp"

#include <array>

#include "engines/chinese_checkers/movegen.hpp"

namespace arena::chinese_checkers {

Move random_move(const State& state, Rng& rng) {
  std::array<Bitboard, kPieces> dest;
  std::array<uint8_t, kPieces> from;
  int n = 0;
  int total = 0;
  for_each_hole(state.pieces(state.side_to_move()), [&](int h) {
    from[n] = static_cast<uint8_t>(h);
    dest[n] = destinations(state, h);
    total += dest[n].count();
    ++n;
  });
  int k = static_cast<int>(rng.below(static_cast<uint64_t>(total)));
  int i = 0;
  while (k >= dest[i].count())
    k -= dest[i++].count();
  return {from[i], static_cast<uint8_t>(dest[i].nth(k))};
}

}  // namespace arena::chinese_checkers
