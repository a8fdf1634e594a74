#include "engines/go_fish/play.hpp"

namespace arena::go_fish {

std::vector<PublicEvent>& thread_history_buffer() {
  thread_local std::vector<PublicEvent> buffer;
  return buffer;
}

}  // namespace arena::go_fish
