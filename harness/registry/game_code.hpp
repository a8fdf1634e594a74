// Which code plays the games: a checkpoint or a shard records it, so that a
// run is never continued or merged by a build that would play other games.
#pragma once

#include <string>

namespace arena {

// A hash of the sources that decide the games (engines, adapters, registry,
// runner), computed by the build; 16 hex digits. Any edit to one of those
// files changes it, even one that changes no game: resuming across such an
// edit is refused rather than risked.
std::string game_code_hash();

}  // namespace arena
