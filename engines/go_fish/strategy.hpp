// What every Go Fish strategy provides, and the helpers they share.
//
// Contract: a strategy is a value type built fresh for each game from its
// parameters, declared as engines/core/strategy_list.hpp says (constructible
// from its Params alone) and listed in strategies.hpp. The game calls `begin(view)` once before
// anything else, then `observe(event, view)` for every public event in order (the view is taken
// after the event, and events the strategy's own player caused are observed
// too), and `decide(view, rng)` when its player must ask. A decision must be
// legal (PlayerView::legal). All randomness comes from the seat's Rng; ties
// between equally good asks are broken uniformly with it, never by seat order
// (the seed's lowest-seat fault), except where seed-memory keeps the seed's order.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engines/core/rng.hpp"
#include "engines/core/strategy_list.hpp"
#include "engines/go_fish/view.hpp"

namespace arena::go_fish {

template <class S>
concept Strategy = requires(S& s, const PlayerView& view, const PublicEvent& event, Rng& rng) {
  s.begin(view);
  s.observe(event, view);
  { s.decide(view, rng) } -> std::same_as<Ask>;
};

namespace detail {
// Per byte value: how many bits are set, and where the k-th set bit is.
struct ByteBits {
  std::array<uint8_t, 256> count{};
  std::array<std::array<uint8_t, 8>, 256> nth{};
};
constexpr ByteBits make_byte_bits() {
  ByteBits t;
  for (int b = 0; b < 256; ++b)
    for (int i = 0; i < 8; ++i)
      if (b >> i & 1) t.nth[b][t.count[b]++] = static_cast<uint8_t>(i);
  return t;
}
inline constexpr ByteBits kByteBits = make_byte_bits();
}  // namespace detail

// The index of the k-th set bit of `mask` (k counted from 0, k < popcount(mask)),
// for held-rank masks (below 2^kMaxRanks = 2^16). Two table look-ups and no
// data-dependent branch: the loop clearing k low bits mispredicted on every
// random ask.
inline int nth_set_bit(uint32_t mask, int k) {
  static_assert(kMaxRanks <= 16);
  const auto& t = detail::kByteBits;
  const int in_low = t.count[mask & 0xffu];
  // 1 when the bit is in the second byte. Arithmetic rather than ?: so that GCC
  // emits no branch (it turned the selects into a jump taken at random).
  const int high = k >= in_low;
  const uint32_t byte = (mask >> (8 * high)) & 0xffu;
  return 8 * high + t.nth[byte][k - in_low * high];
}

// Players `view.me()` may ask, in seat order.
struct Targets {
  std::array<int8_t, kMaxPlayers> seat{};
  int size = 0;
};
inline Targets legal_targets(const PlayerView& view) {
  Targets t;
  for (int p = 0; p < view.players(); ++p)
    if (view.can_target(p)) t.seat[t.size++] = static_cast<int8_t>(p);
  return t;
}

// Keeps the highest-scoring ask; asks whose scores are equal (to a relative
// 1e-12, so rounding cannot split a tie) are kept with equal probability by
// reservoir sampling on the seat's Rng.
class BestAsk {
 public:
  void offer(double score, Ask ask, Rng& rng) {
    const double eps = 1e-12 * (1.0 + (score < 0 ? -score : score));
    if (ties_ == 0 || score > best_ + eps) {
      best_ = score;
      ask_ = ask;
      ties_ = 1;
    } else if (score >= best_ - eps && rng.below(static_cast<uint64_t>(++ties_)) == 0) {
      ask_ = ask;
    }
  }
  bool empty() const { return ties_ == 0; }
  Ask ask() const { return ask_; }
  double score() const { return best_; }

 private:
  double best_ = 0;
  Ask ask_;
  int ties_ = 0;
};

// For explanations: the legal asks of `view` scored by `score(ask)`, `chosen`
// first and then the best others, at most `shown` in all; `total` legal asks,
// `tied` others scoring as `chosen` did (BestAsk drew among them at random).
struct ScoredAsk {
  Ask ask;
  double score = 0;
};
struct RankedAsks {
  std::vector<ScoredAsk> best;
  int total = 0;
  int tied = 0;
};
template <class Score>
RankedAsks ranked_asks(const PlayerView& view, Ask chosen, size_t shown, Score&& score) {
  RankedAsks ranked;
  const double mine = score(chosen);
  std::vector<ScoredAsk> others;
  const Targets targets = legal_targets(view);
  for (uint32_t held = view.hand().held_ranks(); held != 0; held &= held - 1) {
    for (int i = 0; i < targets.size; ++i) {
      const Ask ask{targets.seat[i], std::countr_zero(held)};
      ++ranked.total;
      if (ask == chosen) continue;
      const double s = score(ask);
      const double eps = 1e-12 * (1.0 + (s < 0 ? -s : s));
      ranked.tied += s >= mine - eps && s <= mine + eps;
      others.push_back({ask, s});
    }
  }
  const size_t more = std::min(others.size(), shown > 0 ? shown - 1 : 0);
  std::partial_sort(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(more),
                    others.end(),
                    [](const ScoredAsk& x, const ScoredAsk& y) { return x.score > y.score; });
  ranked.best.push_back({chosen, mine});
  ranked.best.insert(ranked.best.end(), others.begin(),
                     others.begin() + static_cast<std::ptrdiff_t>(more));
  return ranked;
}

// How an explanation says which of `ranked`'s asks it chose: "the best of 12
// asks" or "the best of 12 asks, tied with 3 others (drawn at random)".
inline std::string best_of(const RankedAsks& ranked) {
  std::string text = "the best of " + std::to_string(ranked.total) + " asks";
  if (ranked.tied > 0)
    text += ", tied with " + std::to_string(ranked.tied) +
            (ranked.tied == 1 ? " other" : " others") + " (drawn at random)";
  return text;
}

// A number in an explanation, to three decimals: explanations stay short.
inline double rounded3(double x) {
  return std::round(x * 1000) / 1000;
}

// An explanation's "knows": per seat (null for the viewer's own) a list of
// what `of(seat, rank)` says of each rank.
template <class Of>
nlohmann::json knowledge_table(const PlayerView& view, Of&& of) {
  nlohmann::json knows = nlohmann::json::array();
  for (int p = 0; p < view.players(); ++p) {
    nlohmann::json row = nullptr;
    if (p != view.me()) {
      row = nlohmann::json::array();
      for (int r = 0; r < view.ranks(); ++r)
        row.push_back(of(p, r));
    }
    knows.push_back(row);
  }
  return knows;
}

}  // namespace arena::go_fish
