// Fuzz target: any bytes through printableText, the one sanitiser for text on its way to a terminal
// (gpu/core/message_text.hpp). What comes out must be UTF-8 without a control character (a line
// break or a tab only in lines), no C1 control or bidirectional override, and no longer than the
// cut allows; quotedText likewise.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gpu/core/message_text.hpp"

namespace {

// Aborts unless `text` is valid UTF-8 free of what could drive a terminal.
void requireInert(std::string_view text, bool lines) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      if ((lead < 0x20 && !(lines && (lead == '\n' || lead == '\t'))) || lead == 0x7f) std::abort();
      ++i;
      continue;
    }
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
    if (length == 0 || i + length > text.size()) std::abort();
    char32_t value = lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto byte = static_cast<unsigned char>(text[i + k]);
      if ((byte & 0xC0) != 0x80) std::abort();
      value = value << 6 | (byte & 0x3F);
    }
    if ((value >= 0x80 && value <= 0x9F) || (value >= 0x202A && value <= 0x202E) ||
        (value >= 0x2066 && value <= 0x2069))
      std::abort();
    i += length;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = size % 97 + 1;  // cuts anywhere, inside a character too
  for (const kc::TextLayout layout : {kc::TextLayout::OneLine, kc::TextLayout::Lines}) {
    const std::string shown = kc::printableText(input, cut, layout);
    requireInert(shown, layout == kc::TextLayout::Lines);
    // At most 6 bytes for each byte kept (\u0080 for two), then "... (N bytes)".
    if (shown.size() > 6 * cut + 32) std::abort();
  }
  const std::string quoted = kc::quotedText(input, cut);
  requireInert(quoted, false);
  if (quoted.size() < 2 || quoted.front() != '\'') std::abort();
  return 0;
}
