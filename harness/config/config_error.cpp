#include "harness/config/config_error.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace arena {

ConfigError::ConfigError(const std::string& file, SourceMark mark, const std::string& message)
    : ConfigError(fmt::format("{}:{}:{}: {}", file, mark.line, mark.column, message), file, mark,
                  "", message) {}

ConfigError ConfigError::of_flag(const std::string& flag, const std::string& message) {
  return {fmt::format("arena: {}: {}", flag, message), "", SourceMark{}, flag, message};
}

ConfigError::ConfigError(const std::string& what, std::string file, SourceMark mark,
                         std::string flag, std::string message)
    : std::runtime_error(what),
      file_(std::move(file)),
      mark_(mark),
      flag_(std::move(flag)),
      message_(std::move(message)) {}

int edit_distance(const std::string& a, const std::string& b) {
  // Optimal string alignment: insertions, deletions, substitutions and swaps of
  // two neighbouring letters each cost 1 ("gmaes" is one edit from "games").
  const size_t n = a.size();
  const size_t m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i)
    d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j)
    d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  int best_distance = 0;
  for (const auto& candidate : candidates) {
    const int d = edit_distance(word, candidate);
    if (!best || d < best_distance) {
      best = &candidate;
      best_distance = d;
    }
  }
  // Close means at most a third of the word changed (and at least one edit allowed).
  const int allowed = std::max<int>(1, static_cast<int>(word.size()) / 3);
  if (!best || best_distance > allowed) return "";
  return fmt::format(" (did you mean '{}'?)", *best);
}

}  // namespace arena
