// The asking policy of strategy `q-learning`: the features of an ask, the
// table of action values over them, and the policy file that holds a table.
//
// Contract: an ask (target, rank) is described by six features, each cut into
// a few buckets (AskFeatures, documented field by field below); their
// combination is one key in [0, kQKeys). A QTable holds one action value per
// key (and how many training updates touched it); the player asks for the
// key with the highest value. QTable::prior() is the documented default used
// without a policy file: it orders asks as a card counter would (sure hits,
// then likely hits, book completions, then revealing little). The policy
// file is JSON (format kQPolicyFormat): the feature layout it was trained
// with, `q` and `visits` dense over the keys, and free `meta` (how it was
// trained); values round-trip exactly (nlohmann-json writes the shortest
// representation that reads back to the same double). Reading a file of
// another format or feature layout throws std::invalid_argument naming it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena::go_fish {

// One ask, as the table sees it. Buckets are listed in kQFeatures.
struct AskFeatures {
  int held = 0;      // cards of the rank the asker holds: 1, 2, 3+
  int hit = 0;       // P(target holds the rank): 0, <.15, <.3, <.45, <.6, <.8, <1, sure
  int book = 0;      // P(the answer completes the asker's book): 0, <.2, <1, sure
  int revealed = 0;  // the others already know the asker holds the rank: no, yes
  int stock = 0;     // cards in the stock: 0, 1-4, 5-14, 15+
  int table = 0;     // players at the table: 2, 3, 4+
};

struct QFeature {
  const char* name;
  std::vector<std::string> buckets;
};
// The feature layout, in key order (the first feature varies slowest).
const std::vector<QFeature>& q_features();

constexpr int kQKeys = 3 * 8 * 4 * 2 * 4 * 3;
constexpr const char* kQPolicyFormat = "arena-go-fish-q-policy/1";

int key_of(const AskFeatures& f);
AskFeatures features_of(int key);

// The buckets of the raw quantities (probabilities in [0, 1]).
int held_bucket(int cards);
int hit_bucket(double p);
int book_bucket(double p);
int stock_bucket(int cards);
int table_bucket(int players);

class QTable {
 public:
  // The documented default (see the header comment and q_policy.cpp).
  static QTable prior();
  // Every value 0: every ask ties (uniform among legal asks).
  static QTable zero();

  double value(int key) const { return q_[static_cast<size_t>(key)]; }
  uint64_t visits(int key) const { return visits_[static_cast<size_t>(key)]; }
  // One Q-learning step: value(key) += rate * (target - value(key)).
  void update(int key, double target, double rate) {
    auto& q = q_[static_cast<size_t>(key)];
    q += rate * (target - q);
    ++visits_[static_cast<size_t>(key)];
  }
  friend bool operator==(const QTable&, const QTable&) = default;

  // The policy file's JSON; `meta` is written as given.
  nlohmann::json to_json(const nlohmann::json& meta = nlohmann::json::object()) const;
  // Throws std::invalid_argument when `j` is not a policy of this layout.
  static QTable from_json(const nlohmann::json& j);
  // Reads a policy file; throws std::invalid_argument naming `path`.
  static QTable read(const std::string& path);

 private:
  QTable() = default;
  std::array<double, kQKeys> q_{};
  std::array<uint64_t, kQKeys> visits_{};
};

}  // namespace arena::go_fish
