#include "harness/output/results_dir.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "harness/config/config_error.hpp"

namespace arena {
namespace fs = std::filesystem;

namespace {

bool replaceable(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return true;
  if (!fs::is_directory(dir, ec)) return false;
  return fs::is_empty(dir, ec) || fs::exists(dir / kResultsMarker, ec);
}

void sync_path(const fs::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

StagedResults::StagedResults(fs::path final_dir) : final_(std::move(final_dir)) {
  if (final_.filename().empty()) final_ = final_.parent_path();  // "out/" -> "out"
  if (!replaceable(final_)) {
    throw InputError(
        fmt::format("{}: exists and is not an arena results folder (no {}); refusing to replace it",
                    final_.string(), kResultsMarker));
  }
  const fs::path parent = final_.has_parent_path() ? final_.parent_path() : fs::path(".");
  fs::create_directories(parent);
  staging_ = parent / fmt::format(".{}.staging-{}", final_.filename().string(), ::getpid());
  fs::remove_all(staging_);
  fs::create_directory(staging_);
  write_file(kResultsMarker, "written by arena\n");
}

StagedResults::~StagedResults() {
  std::error_code ec;
  if (!committed_) fs::remove_all(staging_, ec);
}

void StagedResults::write_file(const std::string& file, const std::string& content) const {
  const fs::path target = path(file);
  {
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) throw std::runtime_error(fmt::format("cannot write {}", target.string()));
  }
  sync_path(target, O_RDONLY);
}

void StagedResults::commit() {
  sync_path(staging_, O_RDONLY | O_DIRECTORY);
  std::error_code ec;
  if (fs::exists(final_, ec)) {
    // Swap atomically: the final name always holds a complete folder.
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, final_.c_str(), RENAME_EXCHANGE) == 0) {
      fs::remove_all(staging_, ec);  // now holds the previous results
      committed_ = true;
      return;
    }
    // Filesystems without RENAME_EXCHANGE: move the old folder aside first.
    const fs::path old = staging_.string() + ".old";
    fs::rename(final_, old);
    fs::rename(staging_, final_);
    fs::remove_all(old, ec);
  } else {
    fs::rename(staging_, final_);
  }
  committed_ = true;
}

}  // namespace arena
