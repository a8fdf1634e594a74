#include "engines/rooks/judge_format.hpp"

#include <charconv>

namespace arena::rooks {
namespace {

std::string trim_right(std::string s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
    s.pop_back();
  return s;
}

// The board size on `text` (line `line`), 0 meaning "end of input".
int parse_size(const std::string& text, int line) {
  const size_t first = text.find_first_not_of(" \t");
  int n = 0;
  const char* begin = text.data() + first;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(begin, end, n);
  if (ec != std::errc{} || stop != end) {
    throw JudgeFormatError(line, static_cast<int>(first) + 1,
                           "expected the board size n, got '" + text.substr(first) + "'");
  }
  if (n < 0 || n > kMaxN) {
    throw JudgeFormatError(
        line, static_cast<int>(first) + 1,
        "board size " + std::to_string(n) + " is out of range [1, " + std::to_string(kMaxN) + "]");
  }
  return n;
}

}  // namespace

std::vector<Board> parse_judge_format(std::istream& in) {
  std::vector<Board> boards;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    text = trim_right(text);
    if (text.find_first_not_of(" \t") == std::string::npos) continue;  // blank between boards
    const int n = parse_size(text, line);
    if (n == 0) break;
    std::vector<std::string> rows;
    while (static_cast<int>(rows.size()) < n) {
      if (!std::getline(in, text)) {
        throw JudgeFormatError(line + 1, 1,
                               "truncated board: expected " + std::to_string(n) + " rows, got " +
                                   std::to_string(rows.size()));
      }
      ++line;
      text = trim_right(text);
      for (size_t c = 0; c < text.size() && static_cast<int>(c) < n; ++c) {
        if (text[c] != '.' && text[c] != 'X') {
          throw JudgeFormatError(
              line, static_cast<int>(c) + 1,
              std::string("unexpected character '") + text[c] + "' (rows hold only '.' and 'X')");
        }
      }
      if (static_cast<int>(text.size()) != n) {
        throw JudgeFormatError(
            line, static_cast<int>(std::min<size_t>(text.size(), n)) + 1,
            "row of length " + std::to_string(text.size()) + ", expected " + std::to_string(n));
      }
      rows.push_back(text);
    }
    boards.push_back(board_from_rows(rows));
  }
  return boards;
}

}  // namespace arena::rooks
