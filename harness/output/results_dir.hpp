// A results folder that appears whole or not at all.
//
// Contract: files are written into a hidden staging folder beside the final
// one; commit() swaps it in with one rename (renameat2 RENAME_EXCHANGE when an
// old folder exists), then deletes the old contents. Until commit() the
// previous results are untouched; if the run fails or is interrupted, the
// staging folder is removed (or, after kill -9, left hidden beside it).
// A folder is only ever replaced if it is empty or was written by arena.
#pragma once

#include <filesystem>
#include <string>

namespace arena {

class StagedResults {
 public:
  // Throws InputError when `final_dir` exists and may not be replaced.
  explicit StagedResults(std::filesystem::path final_dir);
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

 private:
  std::filesystem::path final_;
  std::filesystem::path staging_;
  bool committed_ = false;
};

// Name of the marker file that identifies a folder written by arena.
inline constexpr const char* kResultsMarker = ".arena-results";

}  // namespace arena
