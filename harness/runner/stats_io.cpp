// RunStats to and from JSON, for checkpoints and shards: every count is an
// exact integer, so a run resumed or merged from parts gives the same results
// as one played in one go.
#include <nlohmann/json.hpp>

#include "harness/runner/run_stats.hpp"

namespace arena {
namespace {

using Json = nlohmann::json;

Json histogram_to_json(const IntHistogram& h) {
  return h.counts();
}

Json latency_to_json(const LatencyHistogram& h) {
  Json buckets = Json::array();  // [bucket, count] for the buckets used
  for (const auto& [b, count] : h.used_buckets())
    buckets.push_back({b, count});
  return Json{{"buckets", buckets}, {"sum", h.sum()}, {"max", h.max()}, {"count", h.count()}};
}

LatencyHistogram latency_from(const Json& j) {
  std::vector<std::pair<int, uint64_t>> buckets;
  for (const Json& b : j.at("buckets")) {
    const int bucket = b.at(0).get<int>();
    if (bucket < 0 || bucket >= LatencyHistogram::kBuckets)
      throw std::out_of_range("a latency bucket out of range");
    buckets.emplace_back(bucket, b.at(1).get<uint64_t>());
  }
  return LatencyHistogram::from_parts(buckets, j.at("sum").get<uint64_t>(),
                                      j.at("max").get<uint64_t>(), j.value("count", uint64_t{0}));
}

// Games as [game, value] pairs, kNoGame as null.
Json refs_to_json(const std::vector<GameRef>& refs) {
  Json out = Json::array();
  for (const GameRef& r : refs)
    out.push_back(r.found() ? Json{r.game, r.value} : Json(nullptr));
  return out;
}

std::vector<GameRef> refs_from(const Json& j) {
  std::vector<GameRef> refs;
  for (const Json& r : j)
    refs.push_back(r.is_null() ? GameRef{}
                               : GameRef{r.at(0).get<uint64_t>(), r.at(1).get<int64_t>()});
  return refs;
}

Json notable_to_json(const NotableGames& n) {
  return Json{{"lowest", refs_to_json(n.lowest)},
              {"highest", refs_to_json(n.highest)},
              {"first_forfeit", n.first_forfeit},
              {"first_cut_off", n.first_cut_off}};
}

NotableGames notable_from(const Json& j) {
  NotableGames n;
  n.lowest = refs_from(j.at("lowest"));
  n.highest = refs_from(j.at("highest"));
  n.first_forfeit = j.at("first_forfeit").get<decltype(n.first_forfeit)>();
  n.first_cut_off = j.at("first_cut_off").get<uint64_t>();
  return n;
}

Json variant_to_json(const VariantStats& v) {
  Json metrics = Json::array();
  for (const IntHistogram& h : v.metrics)
    metrics.push_back(histogram_to_json(h));
  return Json{{"games", v.games},
              {"rank_sum", v.rank_sum},
              {"win_share_units", v.win_share_units},
              {"ranks", histogram_to_json(v.ranks)},
              {"record", {v.record.wins, v.record.losses, v.record.draws}},
              {"metrics", metrics},
              {"forfeits", v.forfeits},
              {"cut_off", v.cut_off},
              {"notable", notable_to_json(v.notable)}};
}

VariantStats variant_from(const Json& j) {
  VariantStats v;
  v.games = j.at("games").get<uint64_t>();
  v.rank_sum = j.at("rank_sum").get<uint64_t>();
  v.win_share_units = j.at("win_share_units").get<uint64_t>();
  v.ranks = IntHistogram::from_counts(j.at("ranks").get<std::vector<uint64_t>>());
  const Json& r = j.at("record");
  v.record = Record{r.at(0).get<uint64_t>(), r.at(1).get<uint64_t>(), r.at(2).get<uint64_t>()};
  for (const Json& m : j.at("metrics"))
    v.metrics.push_back(IntHistogram::from_counts(m.get<std::vector<uint64_t>>()));
  v.forfeits = j.at("forfeits").get<decltype(v.forfeits)>();
  v.cut_off = j.at("cut_off").get<uint64_t>();
  v.notable = notable_from(j.at("notable"));
  return v;
}

// Choices as [[variant, ...], count] pairs, in the map's order.
Json orders_to_json(const FinishingOrders& o) {
  Json choices = Json::array();
  for (const auto& [left, count] : o.choices())
    choices.push_back(Json{left, count});
  return Json{{"choices", choices}, {"wins", o.wins()}, {"most_seats", o.most_seats()}};
}

FinishingOrders orders_from(const Json& j) {
  std::map<std::vector<int>, uint64_t> choices;
  for (const Json& c : j.at("choices"))
    choices.emplace(c.at(0).get<std::vector<int>>(), c.at(1).get<uint64_t>());
  return FinishingOrders::from_parts(std::move(choices), j.at("wins").get<std::vector<uint64_t>>(),
                                     j.at("most_seats").get<int>());
}

}  // namespace

IntHistogram IntHistogram::from_counts(std::vector<uint64_t> counts) {
  IntHistogram h;
  for (size_t value = 0; value < counts.size(); ++value) {
    h.count_ += counts[value];
    h.sum_ += counts[value] * value;
  }
  h.counts_ = std::move(counts);
  return h;
}

Json RunStats::to_json() const {
  if (open_pair_) throw std::logic_error("RunStats: cannot save half of a pair");
  Json j;
  j["games"] = games_;
  j["signature"] = signature_;
  j["groups"] = groups_;
  for (const auto& v : variants_)
    j["variants"].push_back(variant_to_json(v));
  j["by_group"] = Json::array();
  for (const auto& v : by_group_)
    j["by_group"].push_back(variant_to_json(v));
  for (const auto& r : pairs_)
    j["pairs"].push_back({r.wins, r.losses, r.draws});
  j["pentanomial"] = pentanomial_;
  for (const auto& h : latency_)
    j["latency"].push_back(latency_to_json(h));
  j["finishing_orders"] = orders_to_json(orders_);
  return j;
}

RunStats RunStats::from_json(const Json& j) {
  const auto& variants = j.at("variants");
  RunStats s(static_cast<int>(variants.size()),
             variants.empty() ? 0 : static_cast<int>(variants[0].at("metrics").size()),
             j.at("groups").get<int>());
  s.games_ = j.at("games").get<uint64_t>();
  s.signature_ = j.at("signature").get<uint64_t>();
  for (size_t i = 0; i < variants.size(); ++i)
    s.variants_[i] = variant_from(variants[i]);
  for (size_t i = 0; i < s.by_group_.size(); ++i)
    s.by_group_[i] = variant_from(j.at("by_group").at(i));
  for (size_t i = 0; i < s.pairs_.size(); ++i) {
    const Json& r = j.at("pairs").at(i);
    s.pairs_[i] = Record{r.at(0).get<uint64_t>(), r.at(1).get<uint64_t>(), r.at(2).get<uint64_t>()};
    s.pentanomial_[i] = j.at("pentanomial").at(i).get<Pentanomial>();
  }
  for (size_t i = 0; i < s.latency_.size(); ++i)
    s.latency_[i] = latency_from(j.at("latency").at(i));
  s.orders_ = orders_from(j.at("finishing_orders"));
  return s;
}

}  // namespace arena
