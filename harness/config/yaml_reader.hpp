// Typed values out of YAML nodes, with the config's error style: every
// refusal is a ConfigError "FILE:LINE:COL: path: message" at the node at
// fault, unknown keys come with a suggestion.
//
// Contract: a YamlReader reads one file (its name is kept for messages) and
// records where each key it checked was written, by path ("games",
// "players[1].params.parity", "tune.params.x"), so errors found after
// loading point at the right line (RunConfig::error_at). The config loader
// (config.cpp) and the sections parsed beside it (tune_config.cpp) share it.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "harness/config/config.hpp"

namespace arena {

class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }
  ConfigError error(const YAML::Node& node, const std::string& path, const std::string& msg) const {
    return {file_, mark_of(node), path.empty() ? msg : path + ": " + msg};
  }
  static SourceMark mark_of(const YAML::Node& node);
  // "a map", "a list", "nothing" or the scalar quoted, for messages.
  static std::string kind_of(const YAML::Node& node);

  // Records where the value at `path` was written.
  void mark(const std::string& path, SourceMark where) { marks_[path] = where; }
  // Every position recorded so far (moved out: the reader is done).
  std::map<std::string, SourceMark> take_marks() { return std::move(marks_); }

  // Checks keys of `map` against `allowed` (unknown and duplicate keys are
  // errors) and records where each value was written.
  void check_keys(const YAML::Node& map, const std::string& prefix,
                  const std::vector<std::string>& allowed, const std::string& what);
  // A map (or a list item) that must hold keys from `allowed`; records its mark.
  void open_map(const YAML::Node& node, const std::string& path,
                const std::vector<std::string>& allowed, const std::string& what);
  YAML::Node require(const YAML::Node& map, const std::string& key, const std::string& prefix,
                     const std::string& what) const;

  std::string parse_string(const YAML::Node& node, const std::string& path) const;
  int64_t parse_int(const YAML::Node& node, const std::string& path, double min, double max) const;
  uint64_t parse_uint64(const YAML::Node& node, const std::string& path) const;
  double parse_real(const YAML::Node& node, const std::string& path, double min, double max) const;
  bool parse_bool(const YAML::Node& node, const std::string& path) const;
  // A name that must be one of `choices` (with a suggestion when it is not).
  std::string parse_one_of(const YAML::Node& node, const std::string& path,
                           const std::vector<std::string>& choices) const;
  template <class E>
  E parse_enum(const YAML::Node& node, const std::string& path,
               std::span<const EnumName<E>> table) const {
    return *value_of(table, parse_one_of(node, path, names_of(table)));
  }
  // An SPRT's settings (`stop.sprt`, `tune.verify.sprt`): elo0 < elo1 within
  // the model's range, alpha and beta in (0, 0.5].
  SprtTest parse_sprt(const YAML::Node& node, const std::string& path);

 private:
  std::string file_;
  std::map<std::string, SourceMark> marks_;
};

}  // namespace arena
