#pragma once
// How values are quoted in one-line error messages: numbers with the digits that tell two of
// them apart, user text cut to a readable length (a 10 MB "number" must not become a 10 MB message).
#include <cstddef>
#include <string>
#include <string_view>

namespace kc {

// The shortest text that reads back as exactly `value` ("1", "1.00000000001", "1e-320", "inf"):
// two different doubles never print the same.
std::string exactNumber(double value);

// `text` in single quotes, cut to at most `maxChars` characters with "... (N bytes)" after the
// cut, and control characters shown as '?': safe to put on one line of stderr.
std::string quotedText(std::string_view text, std::size_t maxChars = 60);

// A byte count for people: "512 bytes", "3.0 KiB", "1.50 GiB".
std::string formatBytes(double bytes);

}  // namespace kc
