// libFuzzer target: the judge-format board parser of `arena solve rooks`.
// Any input either parses (and the exact solver's answer is a legal
// placement) or is rejected with a JudgeFormatError naming line and column.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engines/rooks/judge_format.hpp"
#include "engines/rooks/solvers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    for (const auto& board : arena::rooks::parse_judge_format(in)) {
      if (board.n > 64) continue;  // large boards are slow, not interesting here
      const auto placement = arena::rooks::solve_exact(board);
      if (!arena::rooks::legal(board, placement)) __builtin_trap();
    }
  } catch (const arena::rooks::JudgeFormatError& e) {
    if (e.line() < 1 || e.column() < 1) __builtin_trap();
  }
  return 0;
}
