// A program's own bytes, made safe to quote in arena's messages.
//
// Contract: whatever a bot writes (its replies, its stderr) reaches a
// terminal only through these functions: control characters (C0, DEL, C1)
// and the Unicode controls that reorder text on screen (bidirectional
// overrides and isolates) are written as escapes, \xNN for a byte and \u{XXXX}
// for a code point, and so is every byte that is not part of valid UTF-8.
// Printable ASCII and valid UTF-8 pass unchanged. A backslash is left as it
// is: bots' JSON is full of them, and the escapes are for a reader, not for
// a parser.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace arena {

// `text` with every control character and invalid UTF-8 byte escaped.
std::string escape_bot_text(std::string_view text);

// A bot's line for a message: cut to its first `shown` bytes (then "...
// (N bytes)" says how long it was), escaped.
std::string bot_excerpt(std::string_view line, size_t shown = 300);

// The last `max_lines` lines (at most `max_bytes` bytes) written to `file`
// from byte `offset` on, each escaped; "" when there are none or the file
// cannot be read.
std::string tail_of_file(const std::filesystem::path& file, uintmax_t offset, int max_lines = 10,
                         size_t max_bytes = 4096);

// Keeps a bot's stderr log bounded: when `file` (a regular file that bots
// append to) has grown past `max_bytes`, it is cut to its first `head` and
// last `tail` bytes with a line between them that says how much was cut
// there. Returns whether it cut. Lines a program writes while it is cut may
// be lost; one caller at a time per file (the caller locks).
bool bound_log(const std::filesystem::path& file, uintmax_t max_bytes, uintmax_t head,
               uintmax_t tail);

}  // namespace arena
