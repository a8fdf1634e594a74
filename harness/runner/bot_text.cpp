#include "harness/runner/bot_text.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <vector>

#include <fmt/format.h>

namespace arena {
namespace {

// The length of the valid UTF-8 sequence at the start of `s` and its code
// point, or 0 when it is not one (overlong forms, surrogates and values past
// U+10FFFF are not valid).
size_t utf8_sequence(std::string_view s, char32_t& code) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = byte(0);
  size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;
  }
  if (s.size() < length) return 0;
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i) & 0x3F);
  }
  const char32_t smallest = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
  if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

// Code points that change what a terminal shows without being text: C1
// controls (CSI among them), and the bidirectional overrides and isolates
// that can make a line read otherwise than it is.
bool hidden_control(char32_t code) {
  return (code >= 0x80 && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

}  // namespace

std::string escape_bot_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    char32_t code = 0;
    const size_t length = c >= 0x80 ? utf8_sequence(text.substr(i), code) : 0;
    if (length == 0) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    } else if (hidden_control(code)) {
      out += fmt::format("\\u{{{:04x}}}", static_cast<uint32_t>(code));
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string bot_excerpt(std::string_view line, size_t shown) {
  if (line.size() <= shown) return escape_bot_text(line);
  return escape_bot_text(line.substr(0, shown)) + fmt::format("... ({} bytes)", line.size());
}

std::string tail_of_file(const std::filesystem::path& file, uintmax_t offset, int max_lines,
                         size_t max_bytes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return "";
  in.seekg(0, std::ios::end);
  const auto end = static_cast<uintmax_t>(std::max<std::streamoff>(in.tellg(), 0));
  if (end <= offset) return "";
  const uintmax_t from = std::max<uintmax_t>(offset, end > max_bytes ? end - max_bytes : 0);
  std::string text(static_cast<size_t>(end - from), '\0');
  in.seekg(static_cast<std::streamoff>(from));
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  std::vector<std::string_view> lines;
  std::string_view rest = text;
  while (!rest.empty()) {
    const size_t newline = std::min(rest.find('\n'), rest.size());
    lines.push_back(rest.substr(0, newline));
    rest.remove_prefix(std::min(newline + 1, rest.size()));
  }
  const size_t first = lines.size() > static_cast<size_t>(max_lines)
                           ? lines.size() - static_cast<size_t>(max_lines)
                           : 0;
  std::string out;
  for (size_t i = first; i < lines.size(); ++i)
    out += escape_bot_text(lines[i]) + "\n";
  return out;
}

bool bound_log(const std::filesystem::path& file, uintmax_t max_bytes, uintmax_t head,
               uintmax_t tail) {
  struct stat about {};
  if (::stat(file.c_str(), &about) != 0 || !S_ISREG(about.st_mode)) return false;
  const auto size = static_cast<uintmax_t>(about.st_size);
  if (size <= max_bytes || head + tail >= size) return false;
  const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  std::string kept(static_cast<size_t>(tail), '\0');
  const ssize_t got = ::pread(fd, kept.data(), kept.size(), static_cast<off_t>(size - tail));
  kept.resize(got > 0 ? static_cast<size_t>(got) : 0);
  const std::string cut =
      fmt::format("\n[arena: {} bytes of this log were cut here, to keep it under {} MiB]\n",
                  size - head - kept.size(), max_bytes >> 20);
  bool done = ::ftruncate(fd, static_cast<off_t>(head)) == 0;
  // The programs append (O_APPEND): what they write now lands after these.
  const std::string rest = cut + kept;
  done = done && ::pwrite(fd, rest.data(), rest.size(), static_cast<off_t>(head)) ==
                     static_cast<ssize_t>(rest.size());
  ::close(fd);
  return done;
}

}  // namespace arena
