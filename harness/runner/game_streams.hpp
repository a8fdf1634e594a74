// The streams a run writes per game, in game-index order: games.csv (each
// game's rows) and moves.jsonl.gz (each recorded game's moves).
//
// Contract: everything that carries a run's per-game output (the runner's
// blocks, MPI's replies, the staging folder's files, checkpoints and resume,
// merge) carries one text per stream, a StreamTexts, and walks kGameStreams;
// where a stream goes is stream_file's alone. A new stream is an enumerator,
// its file here, and the code in the runner that produces its text.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "harness/config/config.hpp"

namespace arena {

enum class GameStream : size_t { kRows, kMoves };
inline constexpr size_t kGameStreams = 2;

// The recorded moves of a run (output.moves), one JSON line per game.
inline constexpr const char* kMovesFile = "moves.jsonl.gz";
// One text per stream, indexed by GameStream.
using StreamTexts = std::array<std::string, kGameStreams>;

inline std::string& text_of(StreamTexts& texts, GameStream s) {
  return texts[static_cast<size_t>(s)];
}
inline const std::string& text_of(const StreamTexts& texts, GameStream s) {
  return texts[static_cast<size_t>(s)];
}

// The file a stream is written to in a results folder.
struct StreamFile {
  std::string name;     // "" when the config writes no such file
  bool gzip = false;    // gzip-compressed
  bool header = false;  // begins with a header line (one per file, kept once by merge)
};

// Where stream `s` goes under the config's output settings (games_csv, moves).
StreamFile stream_file(GameStream s, const OutputConfig& output);

// Where a run's output per game goes, in game-index order: one text per
// stream (each possibly empty) per call.
class GameWriter {
 public:
  virtual ~GameWriter() = default;
  virtual void write(const StreamTexts& texts) = 0;
};

// Everything written, kept in memory (tests, MPI workers).
class MemoryWriter final : public GameWriter {
 public:
  void write(const StreamTexts& more) override {
    for (size_t s = 0; s < kGameStreams; ++s)
      texts[s] += more[s];
  }
  StreamTexts texts;
};

}  // namespace arena
