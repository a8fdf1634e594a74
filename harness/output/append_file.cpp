#include "harness/output/append_file.hpp"

#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace arena {
namespace {

// One gzip member holding `text` (fixed header: no name, no time).
std::vector<unsigned char> gzip_member(std::string_view text) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compressing");
  std::vector<unsigned char> out(deflateBound(&z, static_cast<uLong>(text.size())));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: cannot compress");
  return out;
}

}  // namespace

nlohmann::json AppendState::to_json() const {
  return {{"bytes", bytes}, {"pending", pending}};
}

AppendState AppendState::from_json(const nlohmann::json& j) {
  return {j.at("bytes").get<uint64_t>(), j.at("pending").get<std::string>()};
}

AppendFile::AppendFile(std::filesystem::path path, Kind kind,
                       const std::optional<AppendState>& resume)
    : path_(std::move(path)), kind_(kind) {
  file_ = std::fopen(path_.c_str(), resume ? "r+b" : "wb");
  if (file_ && resume &&
      (::ftruncate(fileno(file_), static_cast<off_t>(resume->bytes)) != 0 ||
       std::fseek(file_, 0, SEEK_END) != 0)) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (!file_) {
    throw std::runtime_error(
        fmt::format("cannot open {}: {}", path_.string(), std::strerror(errno)));
  }
  if (resume) {
    pending_ = resume->pending;
    any_member_ = resume->bytes > 0;
  }
}

AppendFile::~AppendFile() {
  if (file_) std::fclose(file_);
}

void AppendFile::write(const void* data, size_t size) {
  if (std::fwrite(data, 1, size, file_) != size) {
    throw std::runtime_error(fmt::format("cannot write {} (disk full?)", path_.string()));
  }
}

void AppendFile::write_member(std::string_view text) {
  const auto member = gzip_member(text);
  write(member.data(), member.size());
  any_member_ = true;
}

void AppendFile::append(std::string_view text) {
  if (kind_ == Kind::kPlain) {
    write(text.data(), text.size());
    return;
  }
  pending_ += text;
  if (pending_.size() < kMemberBytes) return;
  size_t at = 0;
  for (; pending_.size() - at >= kMemberBytes; at += kMemberBytes)
    write_member(std::string_view(pending_).substr(at, kMemberBytes));
  pending_.erase(0, at);
}

AppendState AppendFile::sync() {
  if (std::fflush(file_) != 0 || std::ferror(file_) || ::fsync(fileno(file_)) != 0) {
    throw std::runtime_error(fmt::format("cannot write {} (disk full?)", path_.string()));
  }
  return {static_cast<uint64_t>(std::ftell(file_)), pending_};
}

void AppendFile::finish() {
  if (kind_ == Kind::kGzip && (!pending_.empty() || !any_member_)) write_member(pending_);
  pending_.clear();
  sync();
}

std::string read_text_file(const std::filesystem::path& path) {
  std::string text;
  for_each_line(path, [&](std::string_view line) {
    text += line;
    text += '\n';
    return true;
  });
  return text;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void for_each_line(const std::filesystem::path& path,
                   const std::function<bool(std::string_view)>& line) {
  // gzopen reads plain files as they are, and gzip members one after another.
  gzFile in = gzopen(path.c_str(), "rb");
  if (!in) {
    throw std::runtime_error(
        fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  }
  std::string current;
  std::vector<char> buffer(1 << 16);
  bool more = true;
  while (more) {
    const int n = gzread(in, buffer.data(), static_cast<unsigned>(buffer.size()));
    if (n < 0) {
      int code = 0;
      const std::string why = gzerror(in, &code);
      gzclose(in);
      throw std::runtime_error(fmt::format("cannot read {}: {}", path.string(), why));
    }
    if (n == 0) break;
    std::string_view chunk(buffer.data(), static_cast<size_t>(n));
    for (size_t end; more && (end = chunk.find('\n')) != std::string_view::npos;) {
      current += chunk.substr(0, end);
      more = line(current);
      current.clear();
      chunk.remove_prefix(end + 1);
    }
    if (more) current += chunk;
  }
  gzclose(in);
  if (more && !current.empty()) line(current);
}

}  // namespace arena
