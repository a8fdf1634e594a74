#include "engines/go_fish/game.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace arena::go_fish {

namespace {

// Unbiased integers below small bounds from 32-bit halves of the Rng's output
// (Lemire's method on 32 bits): half the generator calls of Rng::below, which
// matters when a whole game costs a few microseconds. It works on a copy of the
// Rng (handed back by rng()) so that its state stays in a register: the byte
// stores of a shuffle may alias anything, which forced a store and a reload of
// the state on every swap.
class HalfWords {
 public:
  explicit HalfWords(const Rng& rng) : rng_(rng) {}
  const Rng& rng() const { return rng_; }
  uint32_t below(uint32_t bound) {
    uint64_t m = static_cast<uint64_t>(word()) * bound;
    auto low = static_cast<uint32_t>(m);
    if (low < bound) {
      const uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = static_cast<uint64_t>(word()) * bound;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

 private:
  uint32_t word() {
    if (spare_) {
      spare_ = false;
      return static_cast<uint32_t>(bits_ >> 32);
    }
    bits_ = rng_.next();
    spare_ = true;
    return static_cast<uint32_t>(bits_);
  }
  Rng rng_;
  uint64_t bits_ = 0;
  bool spare_ = false;
};

// Whether `deck` holds each of the rules' cards exactly once. Branch-free
// counting: this runs for every game dealt.
bool holds_every_card_once(const Rules& rules, std::span<const int8_t> deck) {
  if (static_cast<int>(deck.size()) != rules.ranks * rules.suits) return false;
  std::array<uint8_t, kMaxRanks> per_rank{};
  bool out_of_range = false;
  for (int8_t card : deck) {
    const auto rank = static_cast<uint8_t>(card);  // negative ranks become large
    out_of_range |= rank >= rules.ranks;
    ++per_rank[rank % kMaxRanks];  // at most kMaxCards (128) cards: no count wraps
  }
  if (out_of_range) return false;
  for (int r = 0; r < rules.ranks; ++r)
    if (per_rank[r] != rules.suits) return false;
  return true;
}

}  // namespace

Deck shuffled_deck(const Rules& rules, Rng& rng) {
  Deck deck;
  deck.size = rules.ranks * rules.suits;
  // The cards in rank order, each rank as one 8-byte store of which the first
  // `suits` bytes count (the next rank overwrites the rest). The last store ends
  // by (kMaxRanks - 1) * kMaxSuits + 8 <= kMaxCards: inside the array.
  static_assert(kMaxSuits <= 8 && (kMaxRanks - 1) * kMaxSuits + 8 <= kMaxCards);
  for (int r = 0; r < rules.ranks; ++r) {
    const uint64_t eight = 0x0101010101010101ULL * static_cast<uint64_t>(r);
    std::memcpy(deck.cards.data() + r * rules.suits, &eight, sizeof eight);
  }
  HalfWords words(rng);
  for (int i = deck.size - 1; i > 0; --i)
    std::swap(deck.cards[i], deck.cards[words.below(static_cast<uint32_t>(i) + 1)]);
  rng = words.rng();
  return deck;
}

Game::Game(const Rules& rules, std::vector<PublicEvent> history, Record record)
    : rules_(rules),
      round_limit_(round_limit(rules)),
      record_(record),
      history_(std::move(history)) {
  if (auto error = check(rules)) throw std::invalid_argument("go fish rules: " + *error);
  history_.clear();
  state_.book_owner.fill(-1);
}

Game::Game(const Rules& rules, std::span<const int8_t> deck, std::vector<PublicEvent> history,
           Record record, int first)
    : Game(rules, std::move(history), record) {
  if (first < 0 || first >= rules_.players)
    throw std::invalid_argument("go fish: the first seat must be one of the players");
  const int dealt = dealt_per_player(rules_) * rules_.players;
  if (!holds_every_card_once(rules_, deck))
    throw std::invalid_argument("go fish: the deck must hold every card once");
  for (int i = 0, seat = 0; i < dealt; ++i) {
    hands_[seat].add(deck[i]);
    seat = seat + 1 == rules_.players ? 0 : seat + 1;
  }
  std::copy(deck.begin() + dealt, deck.end(), stock_.begin());
  state_.stock_size = static_cast<int>(deck.size()) - dealt;
  for (int p = 0; p < rules_.players; ++p) {
    state_.hand_size[p] = hands_[p].size();
    for (uint32_t held = hands_[p].held_ranks(); held != 0; held &= held - 1)
      lay_book_if_complete(p, std::countr_zero(held));
  }
  state_.to_move = first;
  settle();
}

Game Game::arranged(const Rules& rules, std::span<const Hand> hands, std::span<const int8_t> stock,
                    int first, std::span<const int> book_owner) {
  Game game(rules, std::vector<PublicEvent>{}, Record::kHistory);
  for (size_t r = 0; r < book_owner.size(); ++r) {
    if (book_owner[r] < 0) continue;
    game.state_.book_owner[r] = static_cast<int8_t>(book_owner[r]);
    ++game.state_.books[book_owner[r]];
    ++game.state_.books_laid;
  }
  game.over_ = game.state_.books_laid == rules.ranks;
  for (int p = 0; p < rules.players; ++p)
    game.hands_[p] = hands[p];
  std::copy(stock.begin(), stock.end(), game.stock_.begin());
  game.state_.stock_size = static_cast<int>(stock.size());
  game.state_.to_move = first;
  for (int p = 0; p < rules.players; ++p) {
    game.state_.hand_size[p] = game.hands_[p].size();
    for (int r = 0; r < rules.ranks; ++r)
      game.lay_book_if_complete(p, r);
  }
  // A position must hold every card of the deck exactly once.
  if (auto error = game.invariant_violation())
    throw std::invalid_argument("go fish: arranged position: " + *error);
  game.settle();
  return game;
}

void Game::lay_book(int seat, int rank) {
  hands_[seat].take_all(rank);
  state_.hand_size[seat] -= rules_.suits;
  state_.book_owner[rank] = static_cast<int8_t>(seat);
  ++state_.books[seat];
  ++state_.books_laid;
  over_ = state_.books_laid == rules_.ranks;
  log(EventKind::kBook, seat, -1, rank, rules_.suits);
}

void Game::append(EventKind kind, int player, int target, int rank, int count) {
  history_.push_back({kind, static_cast<int8_t>(player), static_cast<int8_t>(target),
                      static_cast<int8_t>(rank), static_cast<int8_t>(count)});
}

// Out of line and cold, so that building the message costs play() no stack
// frame or saved registers on the path every legal ask takes. Says which
// rule the ask breaks, with the seat and rank as asked.
[[noreturn, gnu::cold, gnu::noinline]] static void throw_illegal(const Game& game, Ask ask) {
  if (game.over()) throw std::invalid_argument("go fish: ask after the game is over");
  const Rules& rules = game.rules();
  const int me = game.to_move();
  std::string why;
  if (static_cast<unsigned>(ask.target) >= static_cast<unsigned>(rules.players)) {
    why = "no such seat";
  } else if (ask.target == me) {
    why = "a player does not ask itself";
  } else if (static_cast<unsigned>(ask.rank) >= static_cast<unsigned>(rules.ranks)) {
    why = "no such rank";
  } else if (!game.hand(me).holds(ask.rank)) {
    why = "it holds no card of that rank";
  } else {
    why = "that seat holds no card";
  }
  throw std::invalid_argument("go fish: illegal ask (target " + std::to_string(ask.target) +
                              ", rank " + std::to_string(ask.rank) + "): " + why);
}

void Game::play(Ask ask) {
  const int me = state_.to_move;
  const bool legal =
      !over() && static_cast<unsigned>(ask.target) < static_cast<unsigned>(rules_.players) &&
      ask.target != me && static_cast<unsigned>(ask.rank) < static_cast<unsigned>(rules_.ranks) &&
      hands_[me].holds(ask.rank) &&
      (state_.hand_size[ask.target] > 0 || may_ask_empty_hands(rules_));
  if (!legal) [[unlikely]]
    throw_illegal(*this, ask);
  ++asks_;
  ++rounds_;
  const int given = hands_[ask.target].take_all(ask.rank);
  log(EventKind::kAsk, me, ask.target, ask.rank, given);
  if (given > 0) {
    state_.hand_size[ask.target] -= given;
    hands_[me].add(ask.rank, given);
    state_.hand_size[me] += given;
    lay_book_if_complete(me, ask.rank);
  } else if (state_.stock_size > 0) {
    const int drawn = draw(me);
    const bool lucky = drawn == ask.rank && lucky_draw_asks_again(rules_);
    log(EventKind::kDraw, me, -1, lucky ? drawn : -1, 1);
    lay_book_if_complete(me, drawn);
    if (!lucky) pass_turn();
  } else {
    pass_turn();
  }
  settle();
}

void Game::settle_slowly() {
  while (!over()) {
    if (rounds_ >= round_limit_) {
      truncated_ = over_ = true;
      return;
    }
    const int p = state_.to_move;
    if (hands_[p].empty()) {
      if (state_.stock_size == 0) {
        log(EventKind::kSkip, p, -1, -1, 0);
        ++rounds_;
        pass_turn();
        continue;
      }
      log(EventKind::kDraw, p, -1, -1, 1);
      draw(p);  // one card cannot make a book: suits >= 2
    }
    if (has_target(p)) return;
    // Nobody else holds a card, so the stock is not empty (else p's ranks would all be
    // booked): p draws instead of asking and the turn passes.
    ++rounds_;
    if (state_.stock_size > 0) {
      log(EventKind::kDraw, p, -1, -1, 1);
      lay_book_if_complete(p, draw(p));
    } else {
      log(EventKind::kSkip, p, -1, -1, 0);
    }
    pass_turn();
  }
}

Game Game::resample_hidden(int seat, Rng& rng) const {
  Game copy = *this;
  Deck hidden;
  for (int p = 0; p < rules_.players; ++p) {
    if (p == seat) continue;
    for (int r = 0; r < rules_.ranks; ++r)
      for (int i = 0; i < hands_[p].count(r); ++i)
        hidden.cards[hidden.size++] = static_cast<int8_t>(r);
    copy.hands_[p] = Hand{};
  }
  for (int8_t card : stock())
    hidden.cards[hidden.size++] = card;
  for (int i = hidden.size - 1; i > 0; --i)
    std::swap(hidden.cards[i], hidden.cards[rng.below(static_cast<uint64_t>(i) + 1)]);
  int next = 0;
  for (int p = 0; p < rules_.players; ++p)
    if (p != seat)
      while (copy.hands_[p].size() < hands_[p].size())
        copy.hands_[p].add(hidden.cards[next++]);
  std::copy(hidden.cards.begin() + next, hidden.cards.begin() + hidden.size,
            copy.stock_.begin() + stock_top_);
  return copy;
}

GameResult Game::result() const {
  GameResult result;
  result.players = rules_.players;
  result.turns = asks_;
  result.rounds = rounds_;
  result.truncated = truncated_ && state_.books_laid < rules_.ranks;
  int top = -1;
  for (int p = 0; p < rules_.players; ++p) {
    result.books[p] = state_.books[p];
    if (state_.books[p] > top) {
      top = state_.books[p];
      result.seed_winner = p;
    }
  }
  for (int p = 0; p < rules_.players; ++p) {
    result.rank[p] = 1;
    for (int q = 0; q < rules_.players; ++q)
      result.rank[p] += state_.books[q] > state_.books[p];
    result.winners += result.rank[p] == 1;
  }
  return result;
}

std::optional<std::string> Game::invariant_violation() const {
  std::array<int, kMaxRanks> seen{};
  for (int i = 0; i < state_.stock_size; ++i)
    ++seen[stock_[stock_top_ + i]];
  int books = 0;
  for (int p = 0; p < rules_.players; ++p) {
    int size = 0;
    for (int r = 0; r < rules_.ranks; ++r) {
      const int n = hands_[p].count(r);
      if (n >= rules_.suits) return "seat " + std::to_string(p) + " holds an unlaid book";
      if ((n > 0) != hands_[p].holds(r)) return "held-rank mask out of date";
      seen[r] += n;
      size += n;
    }
    if (size != hands_[p].size() || size != state_.hand_size[p])
      return "seat " + std::to_string(p) + " hand size out of date";
    books += state_.books[p];
  }
  for (int r = 0; r < rules_.ranks; ++r) {
    if (state_.book_owner[r] >= 0) seen[r] += rules_.suits;
    if (seen[r] != rules_.suits)
      return "rank " + std::to_string(r) + " has " + std::to_string(seen[r]) + " cards";
  }
  if (books != state_.books_laid) return "books laid out of date";
  return std::nullopt;
}

}  // namespace arena::go_fish
