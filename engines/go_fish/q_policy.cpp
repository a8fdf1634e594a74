#include "engines/go_fish/q_policy.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace arena::go_fish {

const std::vector<QFeature>& q_features() {
  static const std::vector<QFeature> kFeatures = {
      {"held", {"1", "2", "3+"}},
      {"hit", {"0", "<0.15", "<0.3", "<0.45", "<0.6", "<0.8", "<1", "sure"}},
      {"book", {"0", "<0.2", "<1", "sure"}},
      {"revealed", {"no", "yes"}},
      {"stock", {"0", "1-4", "5-14", "15+"}},
      {"table", {"2", "3", "4+"}},
  };
  return kFeatures;
}

namespace {

// Bucket counts in key order; their product is kQKeys.
constexpr std::array<int, 6> kSizes = {3, 8, 4, 2, 4, 3};
static_assert(kSizes[0] * kSizes[1] * kSizes[2] * kSizes[3] * kSizes[4] * kSizes[5] == kQKeys);

std::array<int, 6> fields(const AskFeatures& f) {
  return {f.held, f.hit, f.book, f.revealed, f.stock, f.table};
}

}  // namespace

int key_of(const AskFeatures& f) {
  int key = 0;
  const auto values = fields(f);
  for (size_t i = 0; i < kSizes.size(); ++i)
    key = key * kSizes[i] + values[i];
  return key;
}

AskFeatures features_of(int key) {
  std::array<int, 6> v{};
  for (size_t i = kSizes.size(); i-- > 0;) {
    v[i] = key % kSizes[i];
    key /= kSizes[i];
  }
  return {v[0], v[1], v[2], v[3], v[4], v[5]};
}

int held_bucket(int cards) {
  return std::clamp(cards, 1, 3) - 1;
}

int hit_bucket(double p) {
  if (p <= 0) return 0;
  if (p >= 1) return 7;
  constexpr double kEdges[] = {0.15, 0.3, 0.45, 0.6, 0.8};
  int b = 1;
  for (const double edge : kEdges)
    b += p >= edge;
  return b;
}

int book_bucket(double p) {
  if (p <= 0) return 0;
  if (p >= 1) return 3;
  return p < 0.2 ? 1 : 2;
}

int stock_bucket(int cards) {
  if (cards <= 0) return 0;
  if (cards < 5) return 1;
  return cards < 15 ? 2 : 3;
}

int table_bucket(int players) {
  return std::clamp(players, 2, 4) - 2;
}

// The prior: the chance of a hit (a sure hit above any gamble), then half the
// chance of completing a book, a little for holding more of the rank, and a
// little against a miss that reveals a rank the others did not know we hold.
// Representative values are the buckets' middles.
QTable QTable::prior() {
  constexpr double kHit[] = {0, 0.075, 0.225, 0.375, 0.525, 0.7, 0.9, 2};
  constexpr double kBook[] = {0, 0.1, 0.5, 1};
  QTable t;
  for (int key = 0; key < kQKeys; ++key) {
    const AskFeatures f = features_of(key);
    const double hit = kHit[f.hit];
    const double miss = std::max(0.0, 1 - hit);
    t.q_[static_cast<size_t>(key)] = hit + 0.5 * kBook[f.book] + 0.01 * (f.held + 1) -
                                     (f.revealed ? 0 : 0.02 * miss * (f.held + 1));
  }
  return t;
}

QTable QTable::zero() {
  return {};
}

namespace {

nlohmann::json features_json() {
  nlohmann::json features = nlohmann::json::array();
  for (const QFeature& f : q_features())
    features.push_back({{"name", f.name}, {"buckets", f.buckets}});
  return features;
}

}  // namespace

nlohmann::json QTable::to_json(const nlohmann::json& meta) const {
  return {{"format", kQPolicyFormat},
          {"features", features_json()},
          {"meta", meta},
          {"q", q_},
          {"visits", visits_}};
}

QTable QTable::from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("format", "") != kQPolicyFormat)
    throw std::invalid_argument(std::string("not a policy file of format ") + kQPolicyFormat);
  if (j.at("features") != features_json())
    throw std::invalid_argument("the policy was trained with another feature layout");
  QTable t;
  const auto& q = j.at("q");
  const auto& visits = j.at("visits");
  if (!q.is_array() || q.size() != kQKeys || !visits.is_array() || visits.size() != kQKeys)
    throw std::invalid_argument("q and visits must hold one entry per key");
  for (size_t k = 0; k < kQKeys; ++k) {
    t.q_[k] = q[k].get<double>();
    t.visits_[k] = visits[k].get<uint64_t>();
  }
  return t;
}

QTable QTable::read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("policy file " + path + ": cannot read");
  try {
    return from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw std::invalid_argument("policy file " + path + ": " + e.what());
  }
}

}  // namespace arena::go_fish
