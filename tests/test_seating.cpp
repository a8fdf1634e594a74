// Seat rotation: every variant sits in every seat equally often, and the
// lineups follow the format.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "harness/adapters/seating.hpp"

using arena::Format;
using arena::Seating;

namespace {

// times[v][s]: how often variant v sits in seat s over the orders of table t.
std::map<int, std::map<int, int>> seat_counts(const Seating& seating, uint64_t t) {
  std::map<int, std::map<int, int>> times;
  for (const auto& lineup : seating.lineups(t)) {
    for (size_t s = 0; s < lineup.size(); ++s)
      ++times[lineup[s]][static_cast<int>(s)];
  }
  return times;
}

void require_balanced(const Seating& seating, uint64_t t, int expected_per_seat) {
  for (const auto& [variant, seats] : seat_counts(seating, t)) {
    REQUIRE(seats.size() == static_cast<size_t>(seating.seats()));
    for (const auto& [seat, times] : seats) {
      INFO("variant " << variant << " seat " << seat);
      REQUIRE(times == expected_per_seat);
    }
  }
}

}  // namespace

TEST_CASE("Three variants at three seats play every seat order of each deal") {
  const Seating seating(3, 3, Format::kRoundRobin);
  REQUIRE(seating.tables() == 1);
  REQUIRE(seating.orders() == 6);
  const auto& orders = seating.lineups(0);
  REQUIRE(std::set<std::vector<int>>(orders.begin(), orders.end()).size() == 6);
  require_balanced(seating, 0, 2);
}

TEST_CASE("Six seats use every rotation of a fixed sample of orders") {
  const Seating seating(6, 6, Format::kRoundRobin);
  REQUIRE(seating.orders() == 120);
  const auto& orders = seating.lineups(0);
  REQUIRE(std::set<std::vector<int>>(orders.begin(), orders.end()).size() == 120);
  require_balanced(seating, 0, 20);
  // The sample is part of the format: the same every time.
  REQUIRE(Seating(6, 6, Format::kRoundRobin).lineups(0) == orders);
}

TEST_CASE("Fewer variants than seats fill the seats in turn and rotate") {
  const Seating seating(2, 6, Format::kRoundRobin);
  REQUIRE(seating.orders() == 20);  // 6! / (3! 3!)
  for (const auto& lineup : seating.lineups(0))
    REQUIRE(std::count(lineup.begin(), lineup.end(), 0) == 3);
  require_balanced(seating, 0, 10);
}

TEST_CASE("More variants than seats meet in every set of that size") {
  const Seating round_robin(4, 2, Format::kRoundRobin);
  REQUIRE(round_robin.tables() == 6);
  REQUIRE(round_robin.orders() == 2);
  REQUIRE(round_robin.lineups(0) == std::vector<std::vector<int>>{{0, 1}, {1, 0}});

  const Seating gauntlet(4, 2, Format::kGauntlet);
  REQUIRE(gauntlet.tables() == 3);
  for (uint64_t t = 0; t < gauntlet.tables(); ++t)
    REQUIRE(gauntlet.lineups(t).front().front() == 0);

  const Seating three_of_five(5, 3, Format::kRoundRobin);
  REQUIRE(three_of_five.tables() == 10);
  REQUIRE(three_of_five.orders() == 6);
}

TEST_CASE("Game indices run table by table then deal by deal then order by order") {
  const Seating seating(3, 2, Format::kRoundRobin);  // tables {0,1} {0,2} {1,2}, two orders each
  const auto place = seating.locate(2 * 10 + 7, 10);
  REQUIRE(place.table == 2);
  REQUIRE(place.deal == 3);
  REQUIRE(place.order == 1);
  REQUIRE(std::vector<int>(place.lineup.begin(), place.lineup.end()) == std::vector<int>{2, 1});
}
