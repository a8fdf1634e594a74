#include "harness/config/yaml_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

namespace arena {

SourceMark YamlReader::mark_of(const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  if (m.is_null()) return SourceMark{};
  return SourceMark{m.line + 1, m.column + 1};
}

std::string YamlReader::kind_of(const YAML::Node& node) {
  if (node.IsMap()) return node.size() == 0 ? "an empty map" : "a map";
  if (node.IsSequence()) return node.size() == 0 ? "an empty list" : "a list";
  if (node.IsNull()) return "nothing";
  return fmt::format("'{}'", node.Scalar());
}

void YamlReader::open_map(const YAML::Node& node, const std::string& path,
                          const std::vector<std::string>& allowed, const std::string& what) {
  if (!node.IsMap()) throw error(node, path, fmt::format("expected a map, got {}", kind_of(node)));
  marks_[path] = mark_of(node);
  check_keys(node, path, allowed, what);
}

void YamlReader::check_keys(const YAML::Node& map, const std::string& prefix,
                            const std::vector<std::string>& allowed, const std::string& what) {
  std::set<std::string> seen;
  for (const auto& item : map) {
    const YAML::Node& key_node = item.first;
    if (!key_node.IsScalar()) throw error(key_node, prefix, "keys must be plain names");
    const std::string key = key_node.Scalar();
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      throw error(key_node, path,
                  fmt::format("unknown key '{}' in {}{}", key, what, did_you_mean(key, allowed)));
    }
    if (!seen.insert(key).second) throw error(key_node, path, "duplicate key");
    const SourceMark value_mark = mark_of(item.second);
    marks_[path] = item.second.IsNull() ? mark_of(key_node) : value_mark;
  }
}

YAML::Node YamlReader::require(const YAML::Node& map, const std::string& key,
                               const std::string& prefix, const std::string& what) const {
  YAML::Node node = map[key];
  if (!node.IsDefined()) {
    throw error(map, prefix.empty() ? key : prefix + "." + key,
                fmt::format("missing required key '{}' in {}", key, what));
  }
  return node;
}

std::string YamlReader::parse_string(const YAML::Node& node, const std::string& path) const {
  if (!node.IsScalar() || node.Scalar().empty()) {
    throw error(node, path, fmt::format("expected a name, got {}", kind_of(node)));
  }
  return node.Scalar();
}

int64_t YamlReader::parse_int(const YAML::Node& node, const std::string& path, double min,
                              double max) const {
  if (!node.IsScalar())
    throw error(node, path, fmt::format("expected an integer, got {}", kind_of(node)));
  const std::string& text = node.Scalar();
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) {
    // Accept integral numbers written as 1e6 or 100000.0.
    double real = 0;
    auto [rend, rec] = std::from_chars(text.data(), text.data() + text.size(), real);
    if (rec != std::errc{} || rend != text.data() + text.size() || real != std::floor(real) ||
        std::fabs(real) > 9.0e15) {
      throw error(node, path, fmt::format("expected an integer, got '{}'", text));
    }
    value = static_cast<int64_t>(real);
  }
  if (static_cast<double>(value) < min || static_cast<double>(value) > max) {
    throw error(node, path, fmt::format("value {} is out of range [{}, {}]", value, min, max));
  }
  return value;
}

uint64_t YamlReader::parse_uint64(const YAML::Node& node, const std::string& path) const {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
    throw error(node, path,
                fmt::format("expected an integer in [0, 2^64-1], got {}", kind_of(node)));
  }
  return value;
}

double YamlReader::parse_real(const YAML::Node& node, const std::string& path, double min,
                              double max) const {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    throw error(node, path, fmt::format("expected a number, got {}", kind_of(node)));
  }
  if (value < min || value > max) {
    throw error(node, path, fmt::format("value {} is out of range [{}, {}]", value, min, max));
  }
  return value;
}

bool YamlReader::parse_bool(const YAML::Node& node, const std::string& path) const {
  static const std::set<std::string> kTrue = {"true", "True", "TRUE", "yes", "Yes", "on", "On"};
  static const std::set<std::string> kFalse = {"false", "False", "FALSE", "no", "No", "off", "Off"};
  if (node.IsScalar() && kTrue.count(node.Scalar())) return true;
  if (node.IsScalar() && kFalse.count(node.Scalar())) return false;
  throw error(node, path, fmt::format("expected true or false, got {}", kind_of(node)));
}

std::string YamlReader::parse_one_of(const YAML::Node& node, const std::string& path,
                                     const std::vector<std::string>& choices) const {
  std::string value = parse_string(node, path);
  if (std::find(choices.begin(), choices.end(), value) == choices.end()) {
    throw error(node, path,
                fmt::format("'{}' is not one of {}{}", value, fmt::join(choices, " | "),
                            did_you_mean(value, choices)));
  }
  return value;
}

SprtTest YamlReader::parse_sprt(const YAML::Node& node, const std::string& path) {
  static const std::vector<std::string> kSprtKeys = {"elo0", "elo1", "alpha", "beta", "model"};
  open_map(node, path, kSprtKeys, "an SPRT");
  SprtTest test;
  if (node["model"].IsDefined()) {
    test.model = parse_enum<SprtModel>(node["model"], path + ".model", kSprtModelNames);
  }
  const double max_elo = max_sprt_elo(test.model);
  test.elo0 = parse_real(require(node, "elo0", path, "an SPRT"), path + ".elo0", -max_elo, max_elo);
  test.elo1 = parse_real(require(node, "elo1", path, "an SPRT"), path + ".elo1", -max_elo, max_elo);
  if (test.elo1 <= test.elo0) {
    throw error(node["elo1"], path + ".elo1", "elo1 must be greater than elo0");
  }
  if (node["alpha"].IsDefined()) test.alpha = parse_real(node["alpha"], path + ".alpha", 1e-9, 0.5);
  if (node["beta"].IsDefined()) test.beta = parse_real(node["beta"], path + ".beta", 1e-9, 0.5);
  return test;
}

}  // namespace arena
