#include "gpu/lab/kernel_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdint>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

[[noreturn]] void reject(const std::string& path, const std::string& why) { throw InvalidArgument(path + ": " + why); }

std::string tooLarge(const char* what, std::uintmax_t bytes, std::size_t limit) {
  return std::string("too large for a ") + what + " (" + std::to_string(bytes) + " bytes; the lab reads at most " +
         std::to_string(limit) + ")";
}

bool isBlank(std::string_view text) { return text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos; }

// Source text has no control bytes but tab, line feed, carriage return, form feed and vertical tab.
// (Bytes >= 0x80 are left alone: UTF-8 and Latin-1 comments are fine for NVRTC.)
bool isTextByte(unsigned char c) { return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string notRegular(mode_t mode, const std::string& kind) {
  if (S_ISDIR(mode)) return "is a directory, not a " + kind + (kind == "kernel source" ? " file" : "");
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

}  // namespace

void requireKernelText(const std::string& path, std::string_view text) {
  if (text.size() > kMaxKernelSourceBytes) reject(path, tooLarge("kernel source", text.size(), kMaxKernelSourceBytes));
  if (isBlank(text)) reject(path, "the file is empty (kernelcam kernel new PATH writes a template to start from)");
  if (const std::string binary = notTextReason(text); !binary.empty())
    reject(path, binary + ": a kernel is CUDA C++ source");
}

std::string notTextReason(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!isTextByte(c)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02x", c);
      return std::string("not a text file (byte ") + byte + " at offset " + std::to_string(i) + ")";
    }
  }
  return {};
}

std::string normalizeKernelText(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::string normalized;
  normalized.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') {
      normalized += text[i];
    } else if (i + 1 >= text.size() || text[i + 1] != '\n') {
      normalized += '\n';  // a lone CR (old Mac line ends); CR LF becomes the LF that follows
    }
  }
  return normalized;
}

std::string readRegularSourceFile(int fd, std::size_t maxBytes, const char* kind, std::string& text) {
  struct stat status {};
  if (::fstat(fd, &status) != 0) return std::string("cannot be read (") + std::strerror(errno) + ")";
  if (!S_ISREG(status.st_mode)) return notRegular(status.st_mode, kind);
  if (static_cast<std::uintmax_t>(status.st_size) > maxBytes) return tooLarge(kind, status.st_size, maxBytes);
  text.clear();
  char buffer[1 << 16];
  // One byte past the limit is enough to know the file grew too large since fstat.
  while (text.size() <= maxBytes) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::string("cannot be read (") + std::strerror(errno) + ")";
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  if (text.size() > maxBytes) return tooLarge(kind, text.size(), maxBytes);
  return {};
}

KernelSource readKernelSource(const std::string& path) {
  if (path.empty()) throw InvalidArgument("no kernel file given");
  // O_NONBLOCK: a FIFO named as the kernel is refused by fstat, never waited on.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int error = errno;
    if (error == ENOENT) reject(path, "no such file");
    reject(path, std::string("cannot be read (") + std::strerror(error) + ")");
  }
  KernelSource source{path, {}};
  const std::string why = readRegularSourceFile(fd, kMaxKernelSourceBytes, "kernel source", source.text);
  ::close(fd);
  if (!why.empty()) reject(path, why);
  requireKernelText(path, source.text);
  source.text = normalizeKernelText(source.text);
  return source;
}

}  // namespace kc::lab
