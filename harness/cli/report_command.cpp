// `arena report DIR`: the HTML report of a finished run, from its summary.json.
#include <filesystem>

#include <fmt/format.h>

#include "harness/cli/commands.hpp"
#include "harness/output/report.hpp"

namespace arena {

int report_command(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    fmt::print(
        stderr, "arena: report: {}: {}\n", dir,
        std::filesystem::exists(dir, ec) ? "is a file, not a results folder" : "no such folder");
    return 2;
  }
  try {
    write_report(dir);
  } catch (const std::exception& e) {
    fmt::print(stderr, "arena: report: {}\n", e.what());
    return 2;
  }
  fmt::print("wrote {}\n", (std::filesystem::path(dir) / "report.html").string());
  return 0;
}

}  // namespace arena
