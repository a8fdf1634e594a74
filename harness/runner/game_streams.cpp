#include "harness/runner/game_streams.hpp"

namespace arena {

StreamFile stream_file(GameStream s, const OutputConfig& output) {
  switch (s) {
    case GameStream::kRows:
      return {output.games_file(), output.games_csv == GamesCsv::kGzip, true};
    case GameStream::kMoves:
      if (output.moves == MovesRecord::kNone) return {};
      return {kMovesFile, true, false};
  }
  return {};
}

}  // namespace arena
