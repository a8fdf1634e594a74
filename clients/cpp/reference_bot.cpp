// A reference bot for Arena's line protocol (docs/protocol.md), in C++ with
// no Arena header: it plays a uniformly random legal move in every engine,
// from the seed each game message gives it, in protocol 2 (ids echoed,
// "over" answered; protocol 1 with an arena that offers only that). It
// shows the protocol from C++ and measures its cost (bench:
// BM_ExternalRoundTrip), so it reads and writes its pipes as a bot that
// cares about latency would (LineReader).
//
//   build/clients/arena_reference_bot   (started by arena, not by hand)
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

using Json = nlohmann::json;

namespace {

// Battleship: a random cell not fired at ('.' in the grid).
Json battleship_move(const Json& view, std::mt19937_64& rng) {
  std::vector<std::pair<int, int>> open;
  const auto& grid = view["grid"];
  for (size_t r = 0; r < grid.size(); ++r) {
    const auto& row = grid[r].get_ref<const std::string&>();
    for (size_t c = 0; c < row.size(); ++c)
      if (row[c] == '.') open.emplace_back(static_cast<int>(r), static_cast<int>(c));
  }
  const auto [row, col] = open[std::uniform_int_distribution<size_t>(0, open.size() - 1)(rng)];
  return {{"type", "move"}, {"row", row}, {"col", col}};
}

// Go Fish: a random rank it holds, from a random player it may ask.
Json go_fish_move(const Json& view, std::mt19937_64& rng) {
  std::vector<int> ranks;
  const auto& hand = view["hand"];
  for (size_t r = 0; r < hand.size(); ++r)
    if (hand[r].get<int>() > 0) ranks.push_back(static_cast<int>(r));
  const auto& targets = view["targets"];
  return {{"type", "move"},
          {"target", targets[std::uniform_int_distribution<size_t>(0, targets.size() - 1)(rng)]},
          {"rank", ranks[std::uniform_int_distribution<size_t>(0, ranks.size() - 1)(rng)]}};
}

// Chinese Checkers: a random legal move.
Json chinese_checkers_move(const Json& view, std::mt19937_64& rng) {
  const size_t n = view["legal"].size();
  return {{"type", "move"}, {"index", std::uniform_int_distribution<size_t>(0, n - 1)(rng)}};
}

// Rooks: the open cells in a random order, a rook wherever none attacks it.
Json rooks_move(const Json& view, std::mt19937_64& rng) {
  const int n = view["n"];
  std::vector<std::string> rows = view["rows"];
  std::vector<int> cells;
  for (int c = 0; c < n * n; ++c)
    if (rows[c / n][c % n] == '.') cells.push_back(c);
  std::shuffle(cells.begin(), cells.end(), rng);
  Json rooks = Json::array();
  for (const int cell : cells) {
    const int r = cell / n, c = cell % n;
    if (rows[r][c] != '.') continue;
    rooks.push_back({r, c});
    // Attacked cells: along the row and the column until a fort.
    for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}})
      for (int i = r + dr, j = c + dc; i >= 0 && j >= 0 && i < n && j < n && rows[i][j] != 'X';
           i += dr, j += dc)
        rows[i][j] = '-';
    rows[r][c] = 'R';
  }
  return {{"type", "move"}, {"rooks", rooks}};
}

// Lines of stdin. Arena writes the next message microseconds after a reply
// (the game goes on inside arena), so a bot that is still awake gets it
// without the wake-up from poll, which costs several microseconds. It polls
// without sleeping for up to kSpin, but only while that pays: a spin that
// does not (the message came later: a slow opponent, or a busy machine where
// the spin keeps arena off the core it needs) makes the next 1, 2, 4, ... up
// to kMaxSkip waits sleep at once, and a spin that pays halves that again.
class LineReader {
 public:
  static constexpr std::chrono::microseconds kSpin{50};
  static constexpr int kMaxSkip = 1024;

  // The next line without its newline; false at end of input.
  bool next(std::string& line) {
    for (;;) {
      if (const size_t end = buffer_.find('\n', start_); end != std::string::npos) {
        line.assign(buffer_, start_, end - start_);
        start_ = end + 1;
        return true;
      }
      buffer_.erase(0, start_);
      start_ = 0;
      if (!wait_readable()) return false;
      char chunk[65536];
      const ssize_t n = ::read(0, chunk, sizeof chunk);
      if (n == 0) return false;
      if (n < 0 && errno != EINTR && errno != EAGAIN) return false;
      if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Waits until stdin has input (or an error or end for read to report).
  bool wait_readable() {
    pollfd p{0, POLLIN, 0};
    bool ready = false;
    const bool spin = skip_ == 0;
    if (skip_ > 0) --skip_;
    for (const auto start = Clock::now(); spin && !ready && Clock::now() - start < kSpin;)
      ready = ::poll(&p, 1, 0) > 0;
    if (spin) {
      backoff_ = ready ? backoff_ / 2 : std::clamp(2 * backoff_, 1, kMaxSkip);
      skip_ = ready ? 0 : backoff_;
    }
    while (!ready) {
      const int n = ::poll(&p, 1, -1);
      if (n < 0 && errno != EINTR) return false;
      ready = n > 0;
    }
    return true;
  }

  std::string buffer_;
  size_t start_ = 0;  // buffer_ before it is read already
  int backoff_ = 0;   // doubled by a spin that does not pay, halved by one that does
  int skip_ = 1;      // waits left to sleep through (the handshake's first: arena starts it)
};

// Writes `message` and a newline at once (a reply is not buffered).
void send(const Json& message) {
  const std::string line = message.dump() + '\n';
  for (size_t sent = 0; sent < line.size();) {
    const ssize_t n = ::write(1, line.data() + sent, line.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) std::exit(1);  // arena is gone
    sent += static_cast<size_t>(n);
  }
}

// The protocol version to speak: 2 when arena offers it (its hello's
// "accepts"), else 1 when it offers that; 0: none this bot speaks.
int version_of(const Json& hello) {
  const Json offered =
      hello.contains("accepts") ? hello["accepts"] : Json::array({hello["protocol"]});
  for (const int version : {2, 1})
    if (std::find(offered.begin(), offered.end(), Json(version)) != offered.end()) return version;
  return 0;
}

}  // namespace

int main() {
  std::string engine;
  int protocol = 1;
  std::mt19937_64 rng(0);
  LineReader input;
  std::string line;
  while (input.next(line)) {
    const Json message = Json::parse(line);
    const std::string& type = message["type"].get_ref<const std::string&>();
    if (type == "hello") {
      engine = message["engine"];
      protocol = version_of(message);
      if (protocol == 0) {
        std::fprintf(stderr, "reference-bot: arena offers no protocol version it speaks (1, 2)\n");
        return 1;
      }
      Json reply = {{"type", "hello"}, {"name", "reference-bot"}, {"version", "2"}};
      if (protocol > 1) reply["protocol"] = protocol;
      send(reply);
    } else if (type == "game") {
      rng.seed(message["seed"].get<uint64_t>());
    } else if (type == "decide") {
      const Json& view = message["view"];
      Json move = engine == "battleship"         ? battleship_move(view, rng)
                  : engine == "go-fish"          ? go_fish_move(view, rng)
                  : engine == "chinese-checkers" ? chinese_checkers_move(view, rng)
                                                 : rooks_move(view, rng);
      if (message.contains("id")) move["id"] = message["id"];  // required from protocol 2
      send(move);
    } else if (type == "over" && protocol >= 2) {
      send(Json{{"type", "over"}, {"game", message["game"]}});
    } else if (type == "bye") {
      return 0;
    }
  }
  return 0;  // end of input: arena is gone
}
