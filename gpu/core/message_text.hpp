#pragma once
// How values are quoted in one-line error messages: numbers with the digits that tell two of
// them apart, user text cut to a readable length (a 10 MB "number" must not become a 10 MB message)
// and made safe for a terminal (printableText: the one sanitiser for text kernelcam did not write).
#include <cstddef>
#include <string>
#include <string_view>

namespace kc {

// The shortest text that reads back as exactly `value` ("1", "1.00000000001", "1e-320", "inf"):
// two different doubles never print the same.
std::string exactNumber(double value);

// How printableText lays text out: on one line (a line break shown as \n), or in lines (a
// compiler's log: line breaks and tabs kept, everything else as on one line).
enum class TextLayout { OneLine, Lines };

// The one sanitiser for text from a user, a file, a library or a compiler on its way to a
// terminal or a message (file names, unknown words, a kernel's #pragma message): nothing in it can
// drive the terminal. Control characters are shown as escapes (\n \r \t \e \a, others \xNN),
// as are DEL, the C1 controls (U+0080..U+009F: \u0080), the bidirectional overrides that reorder
// what a line shows (U+202A..U+202E, U+2066..U+2069) and bytes that are not UTF-8 (\xNN). Text
// longer than `maxBytes` is cut there (never inside a UTF-8 character) with "... (N bytes)".
std::string printableText(std::string_view text, std::size_t maxBytes = 4096, TextLayout layout = TextLayout::OneLine);

// `text` in single quotes, cut to at most `maxChars` bytes with "... (N bytes)" after the cut,
// through printableText: safe to put on one line of stderr.
std::string quotedText(std::string_view text, std::size_t maxChars = 60);

// A byte count for people: "512 bytes", "3.0 KiB", "1.50 GiB".
std::string formatBytes(double bytes);

}  // namespace kc
