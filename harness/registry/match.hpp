// The contract between a game and the runner: a Match plays one game by its
// index into a GameSink, and the timer it gets for decisions.
//
// Contract: a Match fills a GameSink with one SeatResult per participant:
// the variant (index into the config's players), its rank in this game (1 =
// best; equal ranks are ties), its metric values in the order of the match's
// MetricSpecs, optionally an explicit outcome and a group. From ranks (or the
// explicit outcome) the runner derives wins, losses, draws and the pairwise
// records, the same way for every engine.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engines/core/bot_link.hpp"
#include "engines/core/decision_timer.hpp"
#include "engines/core/explain.hpp"
#include "engines/core/latency_histogram.hpp"
#include "engines/core/rng.hpp"
#include "engines/core/strategy_fault.hpp"
#include "harness/registry/decision_clock.hpp"
#include "harness/registry/move_log.hpp"
#include "harness/registry/replay.hpp"

namespace arena {

constexpr int kMaxMetrics = 4;

// A seat's result when it is not decided by rank among the seats, e.g. a
// puzzle solver wins a board by reaching the optimum.
enum class Outcome : uint8_t { kByRank, kWin, kLoss, kDraw };

struct SeatResult {
  int variant = 0;
  int rank = 1;
  std::array<int64_t, kMaxMetrics> metrics{};
  Outcome outcome = Outcome::kByRank;
  int group = 0;  // index into Match::groups() (e.g. the board size), 0 without groups
  // Set on the seat whose strategy forfeited the game (rank last, outcome loss).
  std::optional<Fault> fault = std::nullopt;
  // False in a forfeited game: the game did not finish, so no seat's metrics count.
  bool has_metrics = true;
  // The seat's game was stopped at the engine's bound (a cap on shots, plies
  // or rounds) before it ended: its metrics are those of a game cut short.
  bool cut_off = false;

  // The seat of a variant that forfeited, in a match whose seats play
  // independently (the others' results stand).
  static SeatResult forfeited(int variant, Fault fault, int rank, int group = 0) {
    SeatResult seat{variant, rank, {}, Outcome::kLoss, group};
    seat.fault = fault;
    seat.has_metrics = false;
    return seat;
  }
};

// Folds a value into a game's running hash: integers by value, lists element
// by element. One multiply per value, because it runs for every decision of
// every game and sits on one serial chain: (hash ^ value) * K + C is a
// bijection of the hash for each value (K odd) without a fixed point (C odd),
// so two games that differ in one decision, or in their number of decisions,
// never share a hash; RunStats::add_signature mixes each game's hash with
// splitmix64 before adding it up, which spreads the bits.
template <std::integral T>
void fold_decision(uint64_t& hash, T value) {
  hash = (hash ^ static_cast<uint64_t>(value)) * 0x9e3779b97f4a7c15ULL + 0xd1b54a32d192ed03ULL;
}
template <class T>
void fold_decision(uint64_t& hash, const std::vector<T>& values) {
  fold_decision(hash, values.size());
  for (const T& v : values)
    fold_decision(hash, v);
}

// Folds who decided what: one step for the usual decision (a variant index
// and an int-sized choice, packed into one word), else one per part.
template <class Choice>
void fold_move(uint64_t& hash, int variant, const Choice& choice) {
  if constexpr (std::is_integral_v<Choice> && sizeof(Choice) <= 4) {
    fold_decision(hash,
                  (uint64_t{static_cast<uint32_t>(choice)} << 32) | static_cast<uint32_t>(variant));
  } else {
    fold_decision(hash, variant);
    fold_decision(hash, choice);
  }
}

// A DecisionTimer (engines/core/decision_timer.hpp) that adds the duration of
// each decision (DecisionClock) to the histogram of the variant making it and
// the phase it is in (histogram variant * kMaxPhases + phase), and folds who
// decided what into the game's signature (a hash of every move). A decision
// that throws becomes StrategyFault kThrew (and is not counted: no decision
// was made); one that takes longer than the budget (0: none) becomes
// kOverBudget once it returns, and one the strategy itself reports late (an
// external program's late reply) stays kOverBudget: both are timed and
// counted first, so the latency figures include every late decision. A
// decision is never interrupted: one that never returns holds its worker.
//
// Timing costs about 40 ns a decision here (two clock readings, a histogram
// update and a call), more than a cheap decision itself. So, without a
// budget, each histogram's first kProbe decisions are all timed and, if they
// were cheap, only every `stride`-th one afterwards, the stride chosen so
// that timing costs at most about 2% of the decisions' own time (up to
// kMaxStride); decisions of more than 25 times that cost (stride_for) are
// all timed. Every decision is still counted (the untimed ones by flush(),
// at the latest when the recorder is destroyed) and enters the signature.
// When every histogram probed so far is of decisions so cheap that at most
// one in kGameStride would be timed, whole games are sampled first: only
// every kGameStride-th game is played with the recorder (and one in
// stride / kGameStride of its decisions timed), the others with a
// CountingTimer (next_game_untimed(), GameSink::with_timer), so that a cheap
// game's loop carries no countdown. Which
// decisions are timed never changes what is played: the stride depends on
// measured durations, the games and their signatures do not. With a budget
// every decision is timed (each may forfeit).
class LatencyRecorder {
 public:
  static constexpr uint32_t kProbe = 64;
  static constexpr uint32_t kMaxStride = 1024;
  static constexpr uint32_t kGameStride = 8;

  // fixed_stride: 0 chooses the stride after probing as above; 1 times every
  // decision; k > 1 times every k-th after the probe (tests compare the two).
  explicit LatencyRecorder(std::span<LatencyHistogram> per_variant_phase, uint64_t budget_ns = 0,
                           uint32_t fixed_stride = 0)
      : per_variant_phase_(per_variant_phase),
        budget_ns_(budget_ns),
        clock_(DecisionClock::get()),
        fixed_stride_(fixed_stride),
        sampling_(budget_ns == 0 && fixed_stride != 1 ? per_variant_phase.size() : 0),
        counted_(sampling_.size()),
        plain_(!sampling_.empty()) {}

  template <class F>
  [[gnu::always_inline]] decltype(auto) decide(int variant, F&& f) {
    return decide(variant, 0, std::forward<F>(f));
  }

  // The usual untimed decision (sampling, no log, no script) is a countdown,
  // the call and the fold, inlined into the engine's loop; everything else
  // (timed, logged or scripted decisions) is a call.
  template <class F>
  [[gnu::always_inline]] decltype(auto) decide(int variant, int phase, F&& f) {
    using Choice = std::invoke_result_t<F&>;
    const size_t slot = static_cast<size_t>(variant * kMaxPhases + phase);
    if (plain_) [[likely]] {
      Sampling& s = sampling_[slot];
      if (s.skip != 0) {
        --s.skip;  // counted by flush()
        Choice choice = call_untimed(variant, s, f);
        fold_move(signature_, variant, choice);
        return choice;
      }
    }
    return decide_slow(variant, slot, f);
  }

  // Adds the decisions left untimed so far to their histograms' counts (the
  // untimed path only counts down). Called by the destructor; call it before
  // reading the histograms while the recorder lives.
  void flush() {
    for (size_t slot = 0; slot < sampling_.size(); ++slot) {
      Sampling& s = sampling_[slot];
      const uint64_t untimed = s.granted - s.skip - s.faulted + counted_[slot];
      per_variant_phase_[slot].add_untimed(untimed - s.flushed);
      s.flushed = untimed;
    }
  }
  ~LatencyRecorder() { flush(); }
  LatencyRecorder(const LatencyRecorder&) = delete;
  LatencyRecorder& operator=(const LatencyRecorder&) = delete;

  // Logs every decision and fault into `log` (null: none) from now on.
  void set_log(MoveLog* log) {
    log_ = log;
    plain_ = !sampling_.empty() && !log_ && !script_;
  }
  // Takes every decision from `script` instead of the strategies (null: the
  // strategies decide); nothing is timed then.
  void set_script(MoveScript* script) {
    script_ = script;
    plain_ = !sampling_.empty() && !log_ && !script_;
  }
  MoveScript* script() const { return script_; }

  uint64_t signature() const { return signature_; }
  void reset_signature() { signature_ = 0; }

  // Whether the next game may be played with a CountingTimer instead of this
  // recorder (see the class comment): only when sampling, neither logging nor
  // replaying, and every histogram probed so far (none still probing) is of
  // decisions cheap enough; then all games but every kGameStride-th.
  bool next_game_untimed() {
    if (!plain_ || !games_sampled_) return false;
    if (++untimed_games_ < kGameStride) return true;
    untimed_games_ = 0;
    return false;
  }
  // A forfeit is part of what happened in the game: it enters the signature too.
  void fold_fault(int variant, Fault fault) {
    fold_decision(signature_, variant);
    fold_decision(signature_, static_cast<int>(fault) + 1000);
  }

 private:
  template <class F>
  [[gnu::noinline]] std::invoke_result_t<F&> decide_slow(int variant, size_t slot, F& f) {
    using Choice = std::invoke_result_t<F&>;
    if (script_) return script_->take<Choice>(variant);  // a recorded game played again
    if (!skips(slot)) return decide_timed(variant, slot, f);
    try {
      Choice choice = call_untimed(variant, sampling_[slot], f);
      return keep(variant, std::move(choice));
    } catch (const StrategyFault& fault) {
      if (log_) log_->add_fault(fault);
      ExplainScope::drop();  // a decision that did not happen explains nothing
      throw;
    }
  }

  friend class CountingTimer;

  // A late decision is a decision: timed and counted, then forfeited. That is
  // one over the run's budget (over_budget, after it is timed) or one that the
  // strategy reports late itself (an external program's reply after its
  // budget, or none within the grace after it: timed as long as it was
  // waited for).
  template <class F>
  std::invoke_result_t<F&> decide_timed(int variant, size_t slot, F& f) {
    const uint64_t start = clock_.ticks();
    bool counted = false;
    const auto count = [&] {
      const uint64_t ns = clock_.nanoseconds(clock_.ticks() - start);
      per_variant_phase_[slot].add(ns);
      if (!sampling_.empty()) timed(slot, ns);
      counted = true;
      return ns;
    };
    try {
      auto choice = call(variant, f);
      const uint64_t ns = count();
      if (budget_ns_ != 0 && ns > budget_ns_) over_budget(variant, ns, budget_ns_);
      return keep(variant, std::move(choice));
    } catch (const StrategyFault& fault) {
      if (!counted && fault.fault() == Fault::kOverBudget) count();
      if (log_) log_->add_fault(fault);
      ExplainScope::drop();  // a decision that did not happen explains nothing
      throw;
    }
  }

  // Per histogram: how many were timed (and their times) while probing, how
  // many to leave untimed before the next one, and how many were left
  // untimed in all (granted - skip - faulted, plus those of games played
  // with a CountingTimer) and already counted (flushed).
  struct Sampling {
    uint32_t skip = 0;
    uint32_t stride = 1;
    uint32_t probed = 0;
    // The probe's times: the stride follows their median, which one decision
    // preempted or slowed by a cold cache does not move.
    std::array<uint32_t, kProbe> probe_ns{};
    uint64_t granted = 0;
    uint64_t flushed = 0;
    uint64_t faulted = 0;  // untimed decisions that threw: not decisions made (late ones are)
  };

  template <class F>
  [[gnu::always_inline]] static decltype(auto) call_untimed(int variant, Sampling& s, F& f) {
    try {
      return call(variant, f);
    } catch (const StrategyFault& fault) {
      if (fault.fault() != Fault::kOverBudget) ++s.faulted;
      throw;
    }
  }

  [[gnu::always_inline]] bool skips(size_t slot) {
    if (sampling_.empty()) return false;
    Sampling& s = sampling_[slot];
    if (s.skip == 0) return false;
    --s.skip;
    return true;
  }
  void timed(size_t slot, uint64_t ns) {
    Sampling& s = sampling_[slot];
    if (s.probed < kProbe) {
      if (s.probed == 0) games_sampled_ = false;  // a new histogram: probe it in timed games
      s.probe_ns[s.probed] = static_cast<uint32_t>(std::min<uint64_t>(ns, UINT32_MAX));
      if (++s.probed == kProbe) {
        std::nth_element(s.probe_ns.begin(), s.probe_ns.begin() + kProbe / 2, s.probe_ns.end());
        s.stride = fixed_stride_ != 0 ? fixed_stride_ : stride_for(s.probe_ns[kProbe / 2]);
        games_sampled_ = fixed_stride_ == 0 && all_probed_cheap();
      }
    }
    // Games are sampled only where the match plays them with_timer (a match
    // that always takes the recorder times one decision in `stride`).
    s.skip = (games_sampled_ && counting_seen_ ? s.stride / kGameStride : s.stride) - 1;
    s.granted += s.skip;
  }
  // Every histogram that has timed a decision has finished its probe and
  // times at most one decision in kGameStride.
  bool all_probed_cheap() const {
    return std::all_of(sampling_.begin(), sampling_.end(), [](const Sampling& s) {
      return s.probed == 0 || (s.probed == kProbe && s.stride >= kGameStride);
    });
  }

  // Every how many decisions of typical (median) measured time `measured_ns` one is timed, so
  // that timing (a pair of clock readings and about 20 ns of bookkeeping and
  // the out-of-line call) costs at most about 2% of their own time. A
  // measured time includes the clock's latency (overhead_ns): a decision of a
  // few nanoseconds is measured at three or four times its cost.
  uint32_t stride_for(uint64_t measured_ns) const {
    const uint64_t cost = clock_.pair_cost_ns() + 20;
    const uint64_t own_ns =
        measured_ns > clock_.overhead_ns() ? measured_ns - clock_.overhead_ns() : 0;
    const uint64_t stride = 50 * cost / std::max<uint64_t>(own_ns, 1);
    return static_cast<uint32_t>(std::clamp<uint64_t>(stride, 1, kMaxStride));
  }

  // The decision enters the signature and, when logging, the game's moves.
  template <class Choice>
  [[gnu::always_inline]] Choice keep(int variant, Choice choice) {
    fold_move(signature_, variant, choice);
    if (log_) {
      log_->add(variant, choice);
      log_->explain_last(ExplainScope::take());
    }
    return choice;
  }

  template <class F>
  static decltype(auto) call(int variant, F& f) {
    try {
      return f();
    } catch (const StrategyFault&) {
      throw;
    } catch (const std::exception& e) {
      throw StrategyFault(variant, Fault::kThrew, e.what());
    } catch (...) {
      throw StrategyFault(variant, Fault::kThrew, "an exception that is not a std::exception");
    }
  }
  [[noreturn, gnu::cold, gnu::noinline]] static void over_budget(int variant, uint64_t ns,
                                                                 uint64_t budget_ns);

  std::span<LatencyHistogram> per_variant_phase_;
  uint64_t budget_ns_ = 0;
  const DecisionClock& clock_;
  uint32_t fixed_stride_ = 0;
  std::vector<Sampling> sampling_;  // empty: every decision timed
  std::vector<uint64_t> counted_;   // per histogram: decisions of CountingTimer games
  bool games_sampled_ = false;      // whole games are sampled (next_game_untimed)
  bool counting_seen_ = false;      // a game was played with a CountingTimer
  uint32_t untimed_games_ = 0;      // untimed games since the last timed one
  uint64_t signature_ = 0;
  MoveLog* log_ = nullptr;
  MoveScript* script_ = nullptr;
  bool plain_ = false;  // sampling, no log, no script: decide() may take the countdown
};

// The DecisionTimer of a game that a LatencyRecorder leaves untimed
// (LatencyRecorder::next_game_untimed, GameSink::with_timer): each decision
// is counted in its histogram and folded into the game's signature, exactly
// as the recorder would, and nothing else; the signature lives in the timer
// and returns to the recorder when the timer goes. (GCC keeps it in memory,
// since the 64-bit counts may alias it; counting in 32-bit per game let it
// stay in a register but measured no faster.) A decision that throws
// becomes StrategyFault kThrew and is not counted, as with the recorder. (A
// late decision, which the recorder counts, comes only from a program whose
// replies are never cheap enough for a game to be played untimed.)
class CountingTimer {
 public:
  explicit CountingTimer(LatencyRecorder& recorder)
      : recorder_(recorder), counted_(recorder.counted_.data()), signature_(recorder.signature_) {
    recorder.counting_seen_ = true;
  }
  ~CountingTimer() { recorder_.signature_ = signature_; }
  CountingTimer(const CountingTimer&) = delete;
  CountingTimer& operator=(const CountingTimer&) = delete;

  template <class F>
  [[gnu::always_inline]] decltype(auto) decide(int variant, F&& f) {
    return decide(variant, 0, std::forward<F>(f));
  }
  template <class F>
  [[gnu::always_inline]] decltype(auto) decide(int variant, int phase, F&& f) {
    auto choice = LatencyRecorder::call(variant, f);
    ++counted_[variant * kMaxPhases + phase];
    fold_move(signature_, variant, choice);
    return choice;
  }

 private:
  LatencyRecorder& recorder_;
  uint64_t* counted_;
  uint64_t signature_;
};

class GameSink;

// Which way a metric is better, when it says how well a seat played.
enum class Better : uint8_t { kNeither, kLower, kHigher };

struct MetricSpec {
  std::string name;  // e.g. "shots"
  std::string unit;  // e.g. "shots", for tables and charts
  std::string help;
  // The first metric with a direction is the match's main one: each
  // variant's best and worst games by it are linked in the report.
  Better better = Better::kNeither;
};

// What a match carries from one game to the next within a series (e.g. the
// fleets a learning strategy has seen). Owned by the runner.
class SeriesMemory {
 public:
  virtual ~SeriesMemory() = default;
};

// A playable match: immutable after construction, so play() may run on many
// threads at once. Everything random in game `game_index` is derived from
// (seed, match, game_index, purpose). Games come in series of
// series_length() consecutive indices (1 by default); the runner plays a
// series in order on one worker, passing the memory new_series() made for it,
// so what is learnt within a series never depends on the thread count.
class Match {
 public:
  virtual ~Match() = default;
  // At most kMaxMetrics (harness/registry/match.hpp): a SeatResult holds that many.
  virtual const std::vector<MetricSpec>& metrics() const = 0;
  // Games the run plays (e.g. games per pairing x pairings).
  virtual uint64_t game_count() const = 0;
  // Names of the groups games fall into (e.g. "n=8"), reported separately;
  // empty when a match has none.
  virtual std::vector<std::string> groups() const { return {}; }
  // What the groups are, in a word for titles ("seat", "board size").
  virtual std::string group_kind() const { return "group"; }
  virtual uint64_t series_length() const { return 1; }
  virtual std::unique_ptr<SeriesMemory> new_series() const { return nullptr; }
  // Names of the phases decisions are timed in (e.g. "hunt", "target"), at
  // most kMaxPhases; empty when the engine has none.
  virtual std::vector<std::string> phases() const { return {}; }
  // Why the same seed may not give the same games (e.g. strategies limited by
  // the clock); empty when the match is deterministic.
  virtual std::string nondeterminism() const { return ""; }
  virtual void play(uint64_t game_index, GameSink& sink, SeriesMemory* memory) const = 0;
  // After play() filled `sink`: `fault`, found once the game was over (an
  // external program's line nobody asked for, harness/runner/bots.hpp),
  // forfeits the game for its variant as if it had happened in the game,
  // and is noted. Returns false when the results stand: a game whose seats
  // play together is decided by its first forfeit, as in play(). The default
  // is for such games (GameSink::seat); a match whose seats play apart
  // replaces only that variant's result, and says how the others rank.
  virtual bool forfeit_at_end(GameSink& sink, const StrategyFault& fault) const;
  // Game `game_index` move by move from its logged moves (what play() logged
  // into a GameSink with log_moves()); `variant` >= 0 keeps only that
  // variant's game where variants play apart (one board each), -1 shows all.
  // Throws RecordMismatch when the moves do not fit the game. Nullopt: this
  // match cannot show its games (the conformance suite requires every
  // registered engine to).
  virtual std::optional<GameReplay> replay(uint64_t /*game_index*/, const MoveLog& /*moves*/,
                                           int /*variant*/) const {
    return std::nullopt;
  }
};

// Throws std::logic_error, naming the limit, when `match` declares more
// metrics or phases than the harness stores per game (kMaxMetrics, kMaxPhases):
// an engine bug, caught before a game writes past a SeatResult.
void check_declared_sizes(const Match& match);

// The programs of external strategies, as a game sees them: the link for
// the k-th seat (0, 1, ...) of `variant` in the game the calling thread plays,
// or null when the variant is not external. Implemented by the runner's
// BotPool (harness/runner/bots.hpp).
class BotSource {
 public:
  virtual ~BotSource() = default;
  virtual BotLink* link(int variant, int k) = 0;
};

class GameSink {
 public:
  explicit GameSink(std::span<LatencyHistogram> latency, uint64_t decision_budget_ns = 0,
                    BotSource* bots = nullptr)
      : timer_(latency, decision_budget_ns), bots_(bots) {}

  // The seat of an external strategy: its link, the game, the seat and the
  // table size (ExternalSeat, engines/core/bot_link.hpp); k counts earlier
  // seats of the same variant in this game.
  ExternalSeat external(int variant, int k, uint64_t game, int seat, int seats) const {
    return {bots_ ? bots_->link(variant, k) : nullptr, game, seat, seats, variant};
  }

  LatencyRecorder& timer() { return timer_; }
  // Calls play(timer) with this game's DecisionTimer: the recorder, or a
  // CountingTimer when the recorder leaves the game untimed (chosen per game
  // by clear(): LatencyRecorder::next_game_untimed). `play` is generic in
  // the timer, so an engine's loop is built for both.
  template <class Play>
  decltype(auto) with_timer(Play&& play) {
    if (untimed_game_) {
      CountingTimer counter(timer_);
      return play(counter);
    }
    return play(timer_);
  }
  // Logs the moves of every game from now on (the runner keeps the ones it records).
  void log_moves() { timer_.set_log(&moves_); }
  // The moves of this game so far (empty unless log_moves() was called).
  const MoveLog& moves() const { return moves_; }
  // Plays the next game from `script` (null: from the strategies); see MoveScript.
  void set_script(MoveScript* script) { timer_.set_script(script); }
  // Who sits in the game, in seat order, declared before the first decision
  // by matches whose seats play one game together: if a strategy faults, the
  // runner scores the game from these with forfeit().
  void seat(int variant, int group = 0) { lineup_.push_back({variant, group}); }
  // The seats declared with seat(), as (variant, group), in seat order.
  std::span<const std::pair<int, int>> lineup() const { return lineup_; }
  void add(const SeatResult& seat) { seats_.push_back(seat); }
  // Replaces the results with a forfeit by the variant at fault: its seats
  // lose (rank last), the other seats share first place, no seat has metrics.
  // Throws std::logic_error when the match declared no seats of that variant.
  void forfeit(const StrategyFault& fault);
  std::span<const SeatResult> seats() const { return seats_; }
  // Replaces the results once the game is over (Match::forfeit_at_end).
  void set_results(std::span<const SeatResult> seats) { seats_.assign(seats.begin(), seats.end()); }
  // A fault a match caught itself (a seat that plays alone forfeits, the
  // others play on): kept so that the run can say what went wrong.
  void note(const StrategyFault& fault) {
    notes_.push_back(fault);
    moves_.add_fault(fault);
  }
  std::span<const StrategyFault> notes() const { return notes_; }
  // Paired games (the same deal played twice with seats swapped) share a key;
  // the runner combines the two into pentanomial counts. Both games of a pair
  // must lie in one series (see Match::series_length).
  void set_pair(uint64_t key) { pair_ = key; }
  std::optional<uint64_t> pair() const { return pair_; }
  void clear() {
    seats_.clear();
    notes_.clear();
    lineup_.clear();
    pair_.reset();
    timer_.reset_signature();
    moves_.clear();
    untimed_game_ = timer_.next_game_untimed();
  }

 private:
  LatencyRecorder timer_;
  BotSource* bots_ = nullptr;
  std::vector<SeatResult> seats_;  // reused from game to game: no allocation per game
  std::vector<StrategyFault> notes_;
  std::vector<std::pair<int, int>> lineup_;  // (variant, group) per seat
  std::optional<uint64_t> pair_;
  MoveLog moves_;
  bool untimed_game_ = false;  // this game is played with a CountingTimer
};

}  // namespace arena
