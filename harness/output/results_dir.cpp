#include "harness/output/results_dir.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
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

// Why `dir` may not be replaced by results, or "" when it may: it is absent,
// empty, or was written by arena.
std::string why_not_replaceable(const fs::path& dir) {
  std::error_code ec;
  const fs::file_status status = fs::status(dir, ec);
  if (status.type() == fs::file_type::not_found) return "";
  if (ec) return fmt::format("cannot look at it: {}", ec.message());
  if (!fs::is_directory(status)) return "is a file, not a folder; refusing to replace it";
  if (fs::is_empty(dir, ec) || fs::exists(dir / kResultsMarker, ec)) return "";
  return fmt::format("exists and is not an arena results folder (no {}); refusing to replace it",
                     kResultsMarker);
}

// Creates `parent` (the folder that holds the results folder) and its parents;
// InputError naming the real cause when that cannot be done.
void create_parent(const fs::path& results, const fs::path& parent) {
  std::error_code ec;
  fs::create_directories(parent, ec);
  if (ec) {
    throw InputError(fmt::format("{}: cannot create the folder {}: {}", results.string(),
                                 parent.string(), ec.message()));
  }
}

// Opens and locks `lock`, or returns -1 when another process holds it (an
// InputError, with the cause, when the file cannot be opened at all). The
// holder deletes the file when it is done, so a lock taken on a file that was
// deleted (or replaced) meanwhile is dropped and taken again on the new one.
int lock_exclusively(const fs::path& results, const fs::path& lock) {
  for (;;) {
    const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      throw InputError(fmt::format("{}: cannot create {}: {}", results.string(), lock.string(),
                                   std::strerror(errno)));
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd);
      return -1;
    }
    struct stat held {};
    struct stat named {};
    if (::fstat(fd, &held) == 0 && ::stat(lock.c_str(), &named) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
      return fd;
    }
    ::close(fd);
  }
}

void sync_path(const fs::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

fs::path staging_dir_for(fs::path final_dir) {
  if (final_dir.filename().empty()) final_dir = final_dir.parent_path();  // "out/" -> "out"
  const fs::path parent = final_dir.has_parent_path() ? final_dir.parent_path() : fs::path(".");
  return parent / fmt::format(".{}.partial", final_dir.filename().string());
}

StagedResults::StagedResults(fs::path final_dir, Start start, RenameFolder rename)
    : final_(std::move(final_dir)), rename_(std::move(rename)) {
  if (!rename_) {
    rename_ = [](const fs::path& from, const fs::path& to, unsigned flags) {
      return ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), flags);
    };
  }
  if (final_.filename().empty()) final_ = final_.parent_path();  // "out/" -> "out"
  if (const fs::path last = final_.filename(); last.empty() || last == "." || last == "..") {
    // The folder is replaced by renaming another into its place: it needs a name.
    throw InputError(
        fmt::format("'{}': the results folder needs a name of its own (such as "
                    "results/x): a run replaces it whole",
                    final_.string()));
  }
  if (const std::string why = why_not_replaceable(final_); !why.empty())
    throw InputError(fmt::format("{}: {}", final_.string(), why));
  const fs::path parent = final_.has_parent_path() ? final_.parent_path() : fs::path(".");
  create_parent(final_, parent);
  const std::string name = final_.filename().string();
  lock_ = parent / fmt::format(".{}.lock", name);
  lock_fd_ = lock_exclusively(final_, lock_);
  if (lock_fd_ < 0) {
    throw InputError(
        fmt::format("{}: another arena run is writing these results", final_.string()));
  }
  try {
    prepare_staging(start);
  } catch (const fs::filesystem_error& e) {
    release_lock();  // a refused run leaves no lock file behind
    throw InputError(fmt::format("{}: cannot prepare {}: {}", final_.string(), staging_.string(),
                                 e.code().message()));
  } catch (...) {
    release_lock();
    throw;
  }
}

void StagedResults::prepare_staging(Start start) {
  staging_ = staging_dir_for(final_);
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

void StagedResults::release_lock() {
  if (lock_fd_ < 0) return;
  ::unlink(lock_.c_str());  // while still holding it: see lock_exclusively
  ::close(lock_fd_);
  lock_fd_ = -1;
}

StagedResults::~StagedResults() {
  std::error_code ec;
  // An interrupted run keeps its checkpoint and rows for --resume.
  if (!committed_ && !keep_ && !fs::exists(staging_ / kCheckpointName, ec))
    fs::remove_all(staging_, ec);
  release_lock();
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

void StagedResults::fail_commit(const fs::path& from, const fs::path& to, int error) const {
  std::error_code ec;
  const bool checkpoint = fs::exists(staging_ / kCheckpointName, ec);
  throw CommitError(fmt::format(
      "cannot put the results in place: renaming {} to {}: {}; the run's complete results{} "
      "are kept in {}{}",
      from.string(), to.string(), std::strerror(error), checkpoint ? " and its checkpoint" : "",
      staging_.string(),
      fs::exists(final_, ec) ? fmt::format(", and the earlier {} is as it was", final_.string())
                             : ""));
}

void StagedResults::rename_or_throw(const fs::path& from, const fs::path& to,
                                    unsigned flags) const {
  if (rename_(from, to, flags) != 0) fail_commit(from, to, errno);
}

void StagedResults::replace_final() {
  // Swap atomically: the final name always holds a complete folder.
  if (rename_(staging_, final_, RENAME_EXCHANGE) == 0) return;
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
    fail_commit(staging_, final_, errno);
  // Filesystems without RENAME_EXCHANGE: move the old folder aside first,
  // and back when the new one cannot take its place.
  const fs::path old = staging_.string() + ".old";
  std::error_code ec;
  fs::remove_all(old, ec);  // a crash's leftover
  rename_or_throw(final_, old, 0);
  if (rename_(staging_, final_, 0) != 0) {
    const int error = errno;
    if (rename_(old, final_, 0) != 0) {
      throw CommitError(fmt::format(
          "cannot put the results in place: renaming {} to {}: {}; the run's complete results "
          "are kept in {}, and the earlier {} is in {} (renaming it back failed too: {})",
          staging_.string(), final_.string(), std::strerror(error), staging_.string(),
          final_.string(), old.string(), std::strerror(errno)));
    }
    fail_commit(staging_, final_, error);
  }
  fs::remove_all(old, ec);
}

void StagedResults::commit() {
  // The checkpoint stays until the results are in place: if they cannot be
  // put there, the staging folder is what --resume continues.
  sync_path(staging_, O_RDONLY | O_DIRECTORY);
  try {
    std::error_code ec;
    if (fs::exists(final_, ec)) {
      replace_final();
    } else {
      rename_or_throw(staging_, final_, 0);
    }
  } catch (const CommitError&) {
    keep_ = true;
    throw;
  }
  committed_ = true;
  std::error_code ec;
  fs::remove(final_ / kCheckpointName, ec);  // complete: nothing left to resume
  fs::remove_all(staging_, ec);              // after a swap: the previous results
  const fs::path parent = final_.has_parent_path() ? final_.parent_path() : fs::path(".");
  sync_path(parent, O_RDONLY | O_DIRECTORY);
}

}  // namespace arena
