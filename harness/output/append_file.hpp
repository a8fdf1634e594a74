// A results file written by appending, plain or gzip-compressed, that a
// checkpoint can cut back to and continue byte for byte (games.csv,
// games.csv.gz, moves.jsonl.gz).
//
// Contract: a gzip file is a sequence of gzip members, each holding exactly
// kMemberBytes of the text (the last one the rest; an empty text gives one
// empty member), so the bytes depend only on the whole text, never on how it
// was appended: any thread count, a resume, shards merged or MPI ranks give
// the same file. sync() returns the state to resume from: the bytes of
// complete members (of the file, when plain) and, gzip only, the text not yet
// in a member, which the checkpoint keeps. Standard readers (zcat, gzip -d,
// zlib's gzread, Python's gzip) read the members as one text.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace arena {

struct AppendState {
  uint64_t bytes = 0;
  std::string pending;  // gzip: text after the last complete member

  nlohmann::json to_json() const;
  static AppendState from_json(const nlohmann::json& j);
};

class AppendFile {
 public:
  static constexpr size_t kMemberBytes = 256 * 1024;
  enum class Kind { kPlain, kGzip };

  // Opens `path` fresh (emptied) or, with `resume`, cut back to that state.
  // Throws std::runtime_error naming the file when it cannot.
  AppendFile(std::filesystem::path path, Kind kind, const std::optional<AppendState>& resume);
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  void append(std::string_view text);
  // Everything appended so far is on disk but the pending text; fsyncs.
  AppendState sync();
  // The pending text as a last member: the file is complete (sync() again
  // afterwards is not meaningful; a later resume cuts the member away).
  void finish();

 private:
  void write_member(std::string_view text);
  void write(const void* data, size_t size);

  std::filesystem::path path_;
  Kind kind_;
  std::FILE* file_ = nullptr;
  std::string pending_;
  bool any_member_ = false;
};

// The whole text of a file AppendFile wrote, plain or gzip (by the name's
// ".gz" ending). Throws std::runtime_error naming the file when unreadable.
std::string read_text_file(const std::filesystem::path& path);

// The bytes of any file as they are; empty when it cannot be read (callers
// that must tell a missing file from an empty one check first).
std::string file_bytes(const std::filesystem::path& path);

// Calls `line` with each line (without its '\n') of such a file, in order,
// until it returns false; reads gzip files as a stream.
void for_each_line(const std::filesystem::path& path,
                   const std::function<bool(std::string_view)>& line);

}  // namespace arena
