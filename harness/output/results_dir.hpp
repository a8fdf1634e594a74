// A results folder that appears whole or not at all.
//
// Contract: files are written into a hidden staging folder beside the final
// one, `.NAME.partial`; commit() swaps it in with one rename (renameat2
// RENAME_EXCHANGE when an old folder exists), then deletes the old contents
// and the checkpoint that came along (a crash between the two leaves that
// checkpoint inside the complete folder, where nothing reads it). Until the
// swap the previous results are untouched, and when commit() cannot make it
// (a rename fails) they stay untouched, and so does the staging folder with
// its checkpoint: commit() throws CommitError and the staging folder is kept
// even without a checkpoint (its results are complete), so `--resume` can
// put them in place. A staging folder that holds a checkpoint (an
// interrupted run) is kept, so the run can be resumed; a fresh run refuses
// to start over it, a resumed run requires it. Without a checkpoint a failed
// run's staging folder is removed. One run at a time per folder: a lock file
// `.NAME.lock` beside it while the run lasts, deleted when it ends (a killed
// run leaves it, unlocked, for the next run to take over). A folder is only
// ever replaced if it is empty or was written by arena.
#pragma once

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

namespace arena {

// How commit() renames a folder: renameat2(2) of `from` to `to` with `flags`
// 0 or RENAME_EXCHANGE; returns 0, or -1 with errno set. The default is the
// system call; tests hand in one that fails (the seam for commit's failures).
using RenameFolder = std::function<int(const std::filesystem::path& from,
                                       const std::filesystem::path& to, unsigned flags)>;

// commit() could not put the results in place: what failed and where the
// results are (the staging folder, kept), with the earlier results untouched.
class CommitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class StagedResults {
 public:
  enum class Start { kFresh, kResume };
  // Throws InputError when `final_dir` exists and may not be replaced, when
  // another run holds it, or when the staging folder does not fit `start`.
  // `rename` (tests only): how commit() renames folders; null: the system call.
  explicit StagedResults(std::filesystem::path final_dir, Start start = Start::kFresh,
                         RenameFolder rename = nullptr);
  ~StagedResults();
  StagedResults(const StagedResults&) = delete;
  StagedResults& operator=(const StagedResults&) = delete;

  // Path of `file` inside the staging folder.
  std::filesystem::path path(const std::string& file) const { return staging_ / file; }
  // Writes `content` to `file` in the staging folder, flushed to disk.
  void write_file(const std::string& file, const std::string& content) const;
  // Makes the staged folder the results folder, or throws CommitError
  // leaving the earlier results folder (if any) and the staging folder, with
  // its checkpoint, as they were.
  void commit();

  const std::filesystem::path& final_dir() const { return final_; }
  const std::filesystem::path& staging_dir() const { return staging_; }
  // The lock file beside the folder, held while this object lives.
  const std::filesystem::path& lock_file() const { return lock_; }

 private:
  // Checks the staging folder against `start` and, for a fresh run, makes it.
  void prepare_staging(Start start);
  // Deletes the lock file and lets it go (idempotent).
  void release_lock();
  // Throws the CommitError of renaming `from` to `to` failing with `error`.
  [[noreturn]] void fail_commit(const std::filesystem::path& from, const std::filesystem::path& to,
                                int error) const;
  // renameat2 through rename_; throws CommitError saying what is kept where.
  void rename_or_throw(const std::filesystem::path& from, const std::filesystem::path& to,
                       unsigned flags) const;
  // Puts the staging folder in place of an existing final folder.
  void replace_final();

  std::filesystem::path final_;
  std::filesystem::path staging_;
  std::filesystem::path lock_;
  RenameFolder rename_;
  int lock_fd_ = -1;
  bool committed_ = false;
  bool keep_ = false;  // a commit failed: the staged results are complete, never deleted
};

// The staging folder of `final_dir`: `.NAME.partial` beside it.
std::filesystem::path staging_dir_for(std::filesystem::path final_dir);

// The checkpoint an interrupted run leaves in its staging folder.
inline constexpr const char* kCheckpointName = "checkpoint.json";

// Name of the marker file that identifies a folder written by arena.
inline constexpr const char* kResultsMarker = ".arena-results";

}  // namespace arena
