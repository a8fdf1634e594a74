// Errors in user input (config files, flags), reported as FILE:LINE:COL.
//
// Contract: what() is exactly one line, "FILE:LINE:COL: message", lines and
// columns counted from 1; or, for a value that a command-line flag set in
// place of the file's (RunConfig::flags), "arena: FLAG: message", e.g.
// "arena: --games 7: 7 games do not split ...". The CLI prints it to stderr
// and exits with code 2.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace arena {

struct SourceMark {
  int line = 1;    // 1-based
  int column = 1;  // 1-based
};

class ConfigError : public std::runtime_error {
 public:
  ConfigError(const std::string& file, SourceMark mark, const std::string& message);
  // An error in a value given by `flag` ("--games 7") on the command line.
  static ConfigError of_flag(const std::string& flag, const std::string& message);

  const std::string& file() const { return file_; }  // empty for a flag
  SourceMark mark() const { return mark_; }
  const std::string& flag() const { return flag_; }        // empty for a file
  const std::string& message() const { return message_; }  // what() without its place

 private:
  ConfigError(const std::string& what, std::string file, SourceMark mark, std::string flag,
              std::string message);

  std::string file_;
  SourceMark mark_;
  std::string flag_;
  std::string message_;
};

// " (did you mean 'x'?)" for the closest candidate within a small edit
// distance of `word`, or "" when nothing is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// Levenshtein distance, for suggestions.
int edit_distance(const std::string& a, const std::string& b);

}  // namespace arena

namespace arena {

// Bad input with no position in a file (a flag, an output folder): exit 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace arena
