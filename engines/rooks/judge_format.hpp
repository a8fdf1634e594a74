// The judge's input format: a line with n, then n rows of '.' and 'X'; several
// boards one after another, ended by a line "0" or by the end of the input
// (the seed's single-board input is the same format).
//
// Contract: parse_judge_format returns every board or throws JudgeFormatError
// naming the 1-based line and column at fault. Blank lines between boards are
// skipped; a trailing '\r' or spaces after a row are ignored.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engines/rooks/board.hpp"

namespace arena::rooks {

class JudgeFormatError : public std::runtime_error {
 public:
  JudgeFormatError(int line, int column, const std::string& message)
      : std::runtime_error(message), line_(line), column_(column) {}
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_;
  int column_;
};

std::vector<Board> parse_judge_format(std::istream& in);

}  // namespace arena::rooks
