#include "gpu/lab/kernel_source.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

[[noreturn]] void reject(const std::string& path, const std::string& why) {
  throw InvalidArgument(path + ": " + why);
}

[[noreturn]] void rejectSize(const std::string& path, std::uintmax_t bytes) {
  reject(path, "too large for a kernel source (" + std::to_string(bytes) + " bytes; the lab reads at most " +
                   std::to_string(kMaxKernelSourceBytes) + ")");
}

bool isBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos;
}

// Source text has no control bytes but tab, line feed, carriage return, form feed and vertical tab.
// (Bytes >= 0x80 are left alone: UTF-8 and Latin-1 comments are fine for NVRTC.)
bool isTextByte(unsigned char c) { return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

void requireKernelText(const std::string& path, std::string_view text) {
  if (text.size() > kMaxKernelSourceBytes) rejectSize(path, text.size());
  if (isBlank(text)) reject(path, "the file is empty (kernelcam kernel new PATH writes a template to start from)");
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!isTextByte(c)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02x", c);
      reject(path, std::string("not a text file (byte ") + byte + " at offset " + std::to_string(i) +
                       "): a kernel is CUDA C++ source");
    }
  }
}

KernelSource readKernelSource(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw InvalidArgument("no kernel file given");
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (status.type() == fs::file_type::not_found) reject(path, "no such file");
  if (status.type() == fs::file_type::directory) reject(path, "is a directory, not a kernel source file");
  if (error) reject(path, "cannot be read (" + error.message() + ")");
  if (status.type() != fs::file_type::regular) reject(path, "is not a regular file");
  const std::uintmax_t size = fs::file_size(path, error);
  if (!error && size > kMaxKernelSourceBytes) rejectSize(path, size);

  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) reject(path, std::string("cannot be read (") + std::strerror(errno) + ")");
  KernelSource source{path, {}};
  char buffer[1 << 16];
  // One byte past the limit is enough to know the file grew too large since the size check.
  while (source.text.size() <= kMaxKernelSourceBytes) {
    const std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get());
    source.text.append(buffer, n);
    if (n < sizeof buffer) break;
  }
  if (std::ferror(file.get())) reject(path, std::string("cannot be read (") + std::strerror(errno) + ")");
  requireKernelText(path, source.text);
  return source;
}

}  // namespace kc::lab
