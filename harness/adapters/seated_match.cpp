#include "harness/adapters/seated_match.hpp"

#include <fmt/format.h>

namespace arena {
namespace {

// Checked before the games: how many games make a deal follows from these.
Seating seating_from(const RunConfig& config, int seats) {
  if (seats > kMaxSeats) {
    throw config.error_at("rules.seats", fmt::format("at most {} seats", kMaxSeats));
  }
  const int variants = static_cast<int>(config.players.size());
  if (config.format == Format::kHeadToHead && variants != seats) {
    throw config.error_at("format", fmt::format("head-to-head needs exactly {} players, one per "
                                                "seat; this config has {}",
                                                seats, variants));
  }
  return Seating(variants, seats, config.format);
}

}  // namespace

SeatedMatch::SeatedMatch(const RunConfig& config, uint64_t seed, int seats)
    : seating_(seating_from(config, seats)),
      seed_(seed),
      games_per_table_(config.games),
      paired_(config.pairs) {
  for (const PlayerConfig& p : config.players)
    names_.push_back(p.name);
  if (config.games % seating_.orders() != 0) {
    throw config.error_at(
        "games", fmt::format("{} games do not split into whole deals: each deal is played once "
                             "per seat order, {} orders here; use a multiple of {}",
                             config.games, seating_.orders(), seating_.orders()));
  }
}

std::vector<std::string> SeatedMatch::groups() const {
  std::vector<std::string> names;
  for (int s = 1; s <= seating_.seats(); ++s)
    names.push_back(fmt::format("seat {}", s));
  return names;
}

SeatedGame SeatedMatch::seated_game(uint64_t index) const {
  const Seating::Place place = seating_.locate(index, games_per_table_);
  const uint64_t game = index % games_per_table_;
  SeatedGame seated;
  seated.lineup = place.lineup;
  seated.index = index;
  seated.environment_seed =
      derive_seed(seed_, place.table, paired_ ? place.deal : game, Purpose::kEnvironment);
  for (size_t s = 0; s < place.lineup.size(); ++s)
    seated.seat_seeds[s] = derive_seed(seed_, place.table, game, player_purpose(s));
  return seated;
}

void SeatedMatch::play(uint64_t index, GameSink& sink, SeriesMemory* /*memory*/) const {
  const SeatedGame seated = seated_game(index);
  for (size_t s = 0; s < seated.lineup.size(); ++s)
    sink.seat(seated.lineup[s], static_cast<int>(s));
  if (pairs_two_seats()) {
    const Seating::Place place = seating_.locate(index, games_per_table_);
    sink.set_pair(place.table * (games_per_table_ / 2) + place.deal);
  }
  play_seated(seated, sink);
}

std::optional<GameReplay> SeatedMatch::replay(uint64_t index, const MoveLog& moves,
                                              int /*only*/) const {
  return replay_seated(seated_game(index), moves);
}

}  // namespace arena
