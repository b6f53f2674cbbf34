#include "gpu/core/message_text.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace kc {

std::string exactNumber(double value) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);  // shortest round trip
  return std::string(text, result.ptr);
}

std::string quotedText(std::string_view text, std::size_t maxChars) {
  const bool cut = text.size() > maxChars;
  std::size_t keep = std::min(text.size(), maxChars);
  while (cut && keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;  // not inside a UTF-8 character
  std::string out = "'";
  for (char c : text.substr(0, keep)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  out += '\'';
  if (cut) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string formatBytes(double bytes) {
  static const char* const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return std::to_string(static_cast<long long>(bytes)) + " bytes";
  int unit = -1;
  while (bytes >= 1024 && unit < 5) {
    bytes /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, bytes < 10 ? "%.2f %s" : "%.1f %s", bytes, units[unit]);
  return text;
}

}  // namespace kc
