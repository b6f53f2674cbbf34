// Must-fail: text kernelcam did not write (a file name, an unknown word, a compiler's message)
// holding what would drive a terminal: escape sequences (ESC, BEL: a new window title, a cleared
// screen), line breaks, C1 controls, bidirectional overrides, bytes that are not UTF-8, and 100 KB
// of it. printableText (gpu/core/message_text.hpp), the one sanitiser, shows each as an escape and
// cuts the length. How values read in messages otherwise is in tests/gpu/core/message_text_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "gpu/core/message_text.hpp"
#include "gpu/lab/diagnostic.hpp"

namespace {

using kc::printableText;
using kc::TextLayout;

bool hasRawControl(const std::string& text, bool linesAllowed = false) {
  return std::any_of(text.begin(), text.end(), [&](char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (linesAllowed && (c == '\n' || c == '\t')) return false;
    return byte < 0x20 || byte == 0x7f;
  });
}

TEST(MessageText, EscapeSequencesAndControlCharactersAreShownNotSent) {
  EXPECT_EQ(printableText("\x1b]0;pwned\x07"), "\\e]0;pwned\\a");
  EXPECT_EQ(printableText("a\nb\r\tc"), "a\\nb\\r\\tc");
  EXPECT_EQ(printableText(std::string("nul\0del\x7f", 8)), "nul\\x00del\\x7f");
  EXPECT_EQ(printableText("\x1b[2J\x1b[H", 100), "\\e[2J\\e[H");
  // In lines (a compiler's log) the line breaks and tabs stay; the rest is escaped all the same.
  EXPECT_EQ(printableText("one\n\ttwo\x1b[31m\r", 100, TextLayout::Lines), "one\n\ttwo\\e[31m\\r");
  EXPECT_EQ(kc::quotedText("a\nb\tc"), "'a\\nb\\tc'");
}

TEST(MessageText, C1ControlsBidiOverridesAndBytesThatAreNotUtf8AreEscaped) {
  EXPECT_EQ(printableText("\xc2\x9b"
                          "2J"),
            "\\u009b2J");  // U+009B: CSI on an 8-bit terminal
  EXPECT_EQ(printableText("abc\xe2\x80\xae"
                          "fdp.exe"),
            "abc\\u202efdp.exe");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(printableText("\x9b"
                          "2J"),
            "\\x9b2J");                                // a lone 8-bit CSI byte
  EXPECT_EQ(printableText("\xc0\xaf"), "\\xc0\\xaf");  // an overlong '/'
  EXPECT_EQ(printableText("caf\xc3\xa9 \xe6\x97\xa5"), "caf\xc3\xa9 \xe6\x97\xa5") << "real text stays as it is";
}

TEST(MessageText, HugeTextIsCutWithItsLength) {
  const std::string huge(100000, 'w');
  const std::string shown = printableText(huge, 100);
  EXPECT_EQ(shown, std::string(100, 'w') + "... (100000 bytes)");
  const std::string quoted = kc::quotedText(std::string(100000, '\x1b'), 10);
  std::string escapes;
  for (int i = 0; i < 10; ++i) escapes += "\\e";
  EXPECT_EQ(quoted, "'" + escapes + "'... (100000 bytes)");
}

// A kernel's #pragma message is any text, and a file name any bytes: the diagnostic line says them
// escaped (the compiler's own log is parsed into diagnostics; each is printed through here).
TEST(MessageText, ACompilerDiagnosticIsOneSafeLine) {
  kc::lab::Diagnostic d;
  d.path = "k\n\x1b]0;x\x07.cu";
  d.line = 3;
  d.column = 9;
  d.severity = kc::lab::Severity::Note;
  d.message = "#pragma message: \x1b]0;pwned\x07\x1b[2J\nsecond line";
  const std::string line = kc::lab::formatDiagnostic(d);
  EXPECT_EQ(line, "k\\n\\e]0;x\\a.cu:3:9: note: #pragma message: \\e]0;pwned\\a\\e[2J\\nsecond line");
  EXPECT_FALSE(hasRawControl(line));
  d.message = std::string(100000, 'm');
  EXPECT_LT(kc::lab::formatDiagnostic(d).size(), 4000u);
}

}  // namespace
