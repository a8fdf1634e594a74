#include "harness/output/results_dir.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
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

StagedResults::StagedResults(fs::path final_dir, Start start) : final_(std::move(final_dir)) {
  if (final_.filename().empty()) final_ = final_.parent_path();  // "out/" -> "out"
  if (!replaceable(final_)) {
    throw InputError(
        fmt::format("{}: exists and is not an arena results folder (no {}); refusing to replace it",
                    final_.string(), kResultsMarker));
  }
  const fs::path parent = final_.has_parent_path() ? final_.parent_path() : fs::path(".");
  fs::create_directories(parent);
  const std::string name = final_.filename().string();
  const fs::path lock = parent / fmt::format(".{}.lock", name);
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    throw InputError(
        fmt::format("{}: another arena run is writing these results", final_.string()));
  }
  staging_ = parent / fmt::format(".{}.partial", name);
  const bool interrupted = fs::exists(staging_ / kCheckpointName);
  if (start == Start::kResume) {
    if (!interrupted) {
      throw InputError(fmt::format("{}: nothing to resume (no checkpoint in {})", final_.string(),
                                   staging_.string()));
    }
    return;
  }
  if (interrupted) {
    throw InputError(fmt::format(
        "{}: an interrupted run left a checkpoint in {}; add --resume to continue it, or delete "
        "that folder to start again",
        final_.string(), staging_.string()));
  }
  fs::remove_all(staging_);
  fs::create_directory(staging_);
  write_file(kResultsMarker, "written by arena\n");
}

StagedResults::~StagedResults() {
  std::error_code ec;
  // An interrupted run keeps its checkpoint and rows for --resume.
  if (!committed_ && !fs::exists(staging_ / kCheckpointName, ec)) fs::remove_all(staging_, ec);
  if (lock_fd_ >= 0) ::close(lock_fd_);
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
  std::error_code ignored;
  fs::remove(staging_ / kCheckpointName, ignored);  // complete: nothing left to resume
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
