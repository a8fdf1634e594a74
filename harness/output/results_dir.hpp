// A results folder that appears whole or not at all.
//
// Contract: files are written into a hidden staging folder beside the final
// one, `.NAME.partial`; commit() swaps it in with one rename (renameat2
// RENAME_EXCHANGE when an old folder exists), then deletes the old contents.
// Until commit() the previous results are untouched. A staging folder that
// holds a checkpoint (an interrupted run) is kept, so the run can be resumed;
// a fresh run refuses to start over it, a resumed run requires it. Without a
// checkpoint a failed run's staging folder is removed. One run at a time per
// folder: a lock file `.NAME.lock` beside it while the run lasts, deleted when
// it ends (a killed run leaves it, unlocked, for the next run to take over).
// A folder is only ever replaced if it is empty or was written by arena.
#pragma once

#include <filesystem>
#include <string>

namespace arena {

class StagedResults {
 public:
  enum class Start { kFresh, kResume };
  // Throws InputError when `final_dir` exists and may not be replaced, when
  // another run holds it, or when the staging folder does not fit `start`.
  explicit StagedResults(std::filesystem::path final_dir, Start start = Start::kFresh);
  ~StagedResults();
  StagedResults(const StagedResults&) = delete;
  StagedResults& operator=(const StagedResults&) = delete;

  // Path of `file` inside the staging folder.
  std::filesystem::path path(const std::string& file) const { return staging_ / file; }
  // Writes `content` to `file` in the staging folder, flushed to disk.
  void write_file(const std::string& file, const std::string& content) const;
  // Makes the staged folder the results folder.
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

  std::filesystem::path final_;
  std::filesystem::path staging_;
  std::filesystem::path lock_;
  int lock_fd_ = -1;
  bool committed_ = false;
};

// The staging folder of `final_dir`: `.NAME.partial` beside it.
std::filesystem::path staging_dir_for(std::filesystem::path final_dir);

// The checkpoint an interrupted run leaves in its staging folder.
inline constexpr const char* kCheckpointName = "checkpoint.json";

// Name of the marker file that identifies a folder written by arena.
inline constexpr const char* kResultsMarker = ".arena-results";

}  // namespace arena
