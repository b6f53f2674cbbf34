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

namespace {

// The length of the valid UTF-8 character at the start of `text` and its code point, or 0.
std::size_t utf8Character(std::string_view text, char32_t* codePoint) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t value = 0, least = 0;
  if (lead < 0x80) return *codePoint = lead, 1;
  if ((lead & 0xE0) == 0xC0) length = 2, value = lead & 0x1F, least = 0x80;
  else if ((lead & 0xF0) == 0xE0) length = 3, value = lead & 0x0F, least = 0x800;
  else if ((lead & 0xF8) == 0xF0) length = 4, value = lead & 0x07, least = 0x10000;
  else return 0;
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    value = value << 6 | (byte(i) & 0x3F);
  }
  // Overlong forms, UTF-16 surrogates and values past Unicode are not UTF-8.
  if (value < least || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) return 0;
  *codePoint = value;
  return length;
}

void appendHex(std::string& out, const char* prefix, unsigned value, int digits) {
  char text[16];
  std::snprintf(text, sizeof text, "%s%0*x", prefix, digits, value);
  out += text;
}

}  // namespace

std::string printableText(std::string_view text, std::size_t maxBytes, TextLayout layout) {
  const bool cut = text.size() > maxBytes;
  std::size_t keep = std::min(text.size(), maxBytes);
  while (cut && keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80)
    --keep;  // not inside a UTF-8 character
  const std::string_view kept = text.substr(0, keep);
  std::string out;
  out.reserve(kept.size());
  for (std::size_t i = 0; i < kept.size();) {
    const char c = kept[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      out += c;
      ++i;
      continue;
    }
    if (byte < 0x20 || byte == 0x7F) {
      const bool lines = layout == TextLayout::Lines;
      switch (c) {
        case '\n':
          out += lines ? "\n" : "\\n";
          break;
        case '\t':
          out += lines ? "\t" : "\\t";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\x1b':
          out += "\\e";
          break;
        case '\a':
          out += "\\a";
          break;
        default:
          appendHex(out, "\\x", byte, 2);
      }
      ++i;
      continue;
    }
    char32_t codePoint = 0;
    const std::size_t length = utf8Character(kept.substr(i), &codePoint);
    if (length == 0) {  // not UTF-8: the byte as it is would be for the terminal to guess
      appendHex(out, "\\x", byte, 2);
      ++i;
    } else if ((codePoint >= 0x80 && codePoint <= 0x9F) || (codePoint >= 0x202A && codePoint <= 0x202E) ||
               (codePoint >= 0x2066 && codePoint <= 0x2069)) {
      appendHex(out, "\\u", static_cast<unsigned>(codePoint), 4);
      i += length;
    } else {
      out.append(kept.substr(i, length));
      i += length;
    }
  }
  if (cut) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string quotedText(std::string_view text, std::size_t maxChars) {
  std::string shown = printableText(text, maxChars);
  std::string cut;
  if (text.size() > maxChars) {  // the length after the quotes: "'1111'... (60005 bytes)"
    cut = "... (" + std::to_string(text.size()) + " bytes)";
    shown.resize(shown.size() - cut.size());
  }
  return "'" + shown + "'" + cut;
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
