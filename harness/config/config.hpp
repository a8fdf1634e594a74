// A run's configuration: YAML loaded into plain structs, validated once.
//
// Contract: load_config either returns a RunConfig in which every default is
// filled in (rules and every player's params hold all their parameters) or
// throws ConfigError naming the file, line, column and key at fault. Nothing
// is written anywhere while loading.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "harness/config/config_error.hpp"
#include "harness/config/params.hpp"

namespace arena {

class Registry;
struct TuneConfig;  // harness/config/tune_config.hpp

struct PlayerConfig {
  // Unique in the config; letters, digits, '-', '_', '.', not starting with
  // '.' (checked at load): it names files, such as its bot's log.
  std::string name;
  std::string strategy;
  ParamSet params;
  // The strategy's time budgets (ParamSpec::clock_budget), by parameter name.
  std::vector<std::string> clock_budgets;
};

// A published figure the run should reproduce: `stat` of `metric` for
// `variant` within `tolerance` of `value` (metric "win_rate" has no stat).
struct Expectation {
  std::string variant;
  std::string metric;
  std::string stat = "mean";  // mean | median | p90 | min | max | mode | share
  int64_t at = 0;             // share: the fraction of games whose metric is exactly `at`
  // The published figure: `value`, or, for one published as a range
  // ("about 42-44": `range: [42, 44]`), every value from `value` to `up_to`.
  double value = 0;
  std::optional<double> up_to;
  double tolerance = 0;  // how far beyond it the measurement may lie
  std::string source;

  // How the figure reads: "win_rate", "shots mean", "shots share at 100".
  std::string figure() const;
  // What was published, as the screen shows it: "95.39 ± 0.15", "42–44",
  // "65–66 ± 0.28" (a range's tolerance: beyond its ends), "97" (none).
  std::string published() const;
};

// The config name of each value of a closed choice (an enum), in one table
// per enum: the loader parses with it, and resolved configs, summaries and
// `arena schema` write the same names from it.
template <class E>
struct EnumName {
  E value;
  const char* name;
};

// The name of `value` in `table` (every value has one).
template <class E>
const char* name_of(std::span<const EnumName<E>> table, E value) {
  for (const EnumName<E>& entry : table)
    if (entry.value == value) return entry.name;
  return table.front().name;
}

// The value named `name` in `table`, if any.
template <class E>
std::optional<E> value_of(std::span<const EnumName<E>> table, const std::string& name) {
  for (const EnumName<E>& entry : table)
    if (name == entry.name) return entry.value;
  return std::nullopt;
}

// Every name of `table`, in order (messages, the schema's enums).
template <class E>
std::vector<std::string> names_of(std::span<const EnumName<E>> table) {
  std::vector<std::string> names;
  for (const EnumName<E>& entry : table)
    names.emplace_back(entry.name);
  return names;
}

// A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1
// (harness/stats/sprt.hpp computes it).
enum class SprtModel { kLogistic, kNormalized };
inline constexpr EnumName<SprtModel> kSprtModelNames[] = {{SprtModel::kLogistic, "logistic"},
                                                          {SprtModel::kNormalized, "normalized"}};

// The largest |elo0| and |elo1| of a test: 400 logistic Elo, 200 normalized
// Elo (beyond that the normalized fit of harness/stats/sprt.cpp cannot fit
// every count).
constexpr double max_sprt_elo(SprtModel model) {
  return model == SprtModel::kLogistic ? 400 : 200;
}

struct SprtTest {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::kNormalized;

  // ln(beta / (1 - alpha)): at or below, H0 is accepted.
  double lower_bound() const { return std::log(beta / (1 - alpha)); }
  // ln((1 - beta) / alpha): at or above, H1 is accepted.
  double upper_bound() const { return std::log((1 - beta) / alpha); }
};

// When to stop before `games`: checked after every `batch` games in game-index
// order, so a run stops at the same game whatever the thread count.
struct StopRules {
  std::optional<SprtTest> sprt;    // two variants: stop when the LLR leaves its bounds
  std::optional<double> ci_width;  // stop when the first match's 95% score interval is this narrow
  std::optional<uint64_t> max_games;  // play at most this many games
  uint64_t batch = 1000;

  bool any() const { return sprt || ci_width; }
};

// What a strategy may use. A decision over decision_ms forfeits its game
// (checked when the decision returns; a decision is never interrupted).
struct Limits {
  std::optional<double> decision_ms;

  uint64_t decision_budget_ns() const {
    return decision_ms ? static_cast<uint64_t>(*decision_ms * 1e6) : 0;
  }
};

// What a run writes besides summary.json (docs/results.md): games.csv plain,
// gzip-compressed or not at all; the moves of which games go to
// moves.jsonl.gz. Moves recorded grow by level: kForfeits records every game
// that replay cannot rebuild from the seed (played by an external program or
// a time-limited search, or forfeited over a decision budget); kSample adds
// `sample` games spread evenly over the run; kAll records every game.
enum class GamesCsv { kPlain, kGzip, kNone };
enum class MovesRecord { kNone, kForfeits, kSample, kAll };
// YAML's words for them (kSample is a map, `moves: {sample: N}`, not a word).
inline constexpr EnumName<GamesCsv> kGamesCsvNames[] = {
    {GamesCsv::kPlain, "true"}, {GamesCsv::kNone, "false"}, {GamesCsv::kGzip, "gzip"}};
inline constexpr EnumName<MovesRecord> kMovesNames[] = {
    {MovesRecord::kNone, "none"}, {MovesRecord::kForfeits, "forfeits"}, {MovesRecord::kAll, "all"}};
struct OutputConfig {
  GamesCsv games_csv = GamesCsv::kPlain;
  MovesRecord moves = MovesRecord::kForfeits;
  uint64_t sample = 0;  // kSample only

  // "games.csv", "games.csv.gz", or "" for none.
  const char* games_file() const;
};

// Who meets whom when variants contest in pairs or at tables: every pairing or
// table (round-robin), only those of the first player (gauntlet), or exactly
// two players (head-to-head).
enum class Format { kRoundRobin, kGauntlet, kHeadToHead };
inline constexpr EnumName<Format> kFormatNames[] = {{Format::kRoundRobin, "round-robin"},
                                                    {Format::kGauntlet, "gauntlet"},
                                                    {Format::kHeadToHead, "head-to-head"}};
// Tournament ratings are anchored so the first variant is 0, or their mean.
enum class Anchor { kFirst, kMean };
inline constexpr EnumName<Anchor> kAnchorNames[] = {{Anchor::kFirst, "first"},
                                                    {Anchor::kMean, "mean"}};

inline const char* format_name(Format format) {
  return name_of<Format>(kFormatNames, format);
}
inline const char* anchor_name(Anchor anchor) {
  return name_of<Anchor>(kAnchorNames, anchor);
}
inline const char* sprt_model_name(SprtModel model) {
  return name_of<SprtModel>(kSprtModelNames, model);
}

// The engine's mode, chosen once at load: `index` into its EngineSpec::modes
// (what adapters compare) and `name` (what results and bots are told).
struct ModeChoice {
  int index = 0;
  std::string name;
  bool apart = false;  // the mode's ModeSpec::apart: each variant plays its own board
};

struct RunConfig {
  std::string file;  // path as given, for messages
  std::string name;
  std::string engine;
  std::optional<uint64_t> seed;  // empty: drawn at run time and recorded
  uint64_t games = 1000;
  int threads = 0;  // 0: all cores
  ModeChoice mode;
  Format format = Format::kRoundRobin;
  Anchor anchor = Anchor::kFirst;
  // Paired games (the duplicate format): each environment draw played twice
  // with seats swapped. Modes without seats ignore it.
  bool pairs = true;
  ParamSet rules;
  std::vector<PlayerConfig> players;
  std::vector<Expectation> expect;
  StopRules stop;
  Limits limits;
  OutputConfig output;
  // The `tune:` section (arena tune), if the config has one; `arena run`
  // plays the players as written and leaves it alone.
  std::shared_ptr<const TuneConfig> tune;
  // Where each key was written, by path ("games", "rules.size",
  // "players[1].params.parity"), for errors found after loading.
  std::map<std::string, SourceMark> marks;
  // Keys whose value a command-line flag set in place of the file's, with
  // the flag as the user wrote it ("games" -> "--games 7"): errors in them
  // name the flag, not a line that says something else.
  std::map<std::string, std::string> flags;

  // A ConfigError at `path`: naming the flag that set it (or an enclosing
  // key), else at the closest enclosing key that was written.
  ConfigError error_at(const std::string& path, const std::string& message) const;
  // Sets `key` from the command line (see `flags`).
  void set_by_flag(const std::string& key, const std::string& flag) { flags[key] = flag; }
};

// Whether a player's moves follow from the seed alone: not for an external
// program or a Python function (`strategy: python`), whose code Arena does
// not control and a replay does not run, nor for a strategy limited by the
// clock (one of its `clock_budgets` above 0, as its ParamSpec declares).
// Replay rebuilds the other players' games from the seed; these need
// recorded moves (output.moves: forfeits records every game they play).
bool follows_from_seed(const PlayerConfig& player);

constexpr uint64_t kMaxGames = uint64_t{1} << 40;
constexpr int kMaxThreads = 1024;
constexpr int kMaxPlayers = 64;

// The text of the config file `path`; throws ConfigError naming it when it
// cannot be read.
std::string read_config_text(const std::string& path);

// Loads and validates `path` against the engines of `registry`.
RunConfig load_config(const std::string& path, const Registry& registry);

// Parses YAML text (as if read from `file`); the file-free core of load_config.
RunConfig parse_config(const std::string& text, const std::string& file, const Registry& registry);

}  // namespace arena
