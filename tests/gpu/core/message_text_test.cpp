// How values appear in one-line messages (issue 15, item 2): numbers with the digits that tell
// them apart, user text cut short, byte counts for people.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "gpu/core/message_text.hpp"

namespace {

TEST(MessageText, NumbersKeepTheDigitsThatTellThemApart) {
  EXPECT_EQ(kc::exactNumber(1.0), "1");
  EXPECT_EQ(kc::exactNumber(1.00000000001), "1.00000000001");
  EXPECT_NE(kc::exactNumber(0.1 + 0.2), kc::exactNumber(0.3));
  EXPECT_EQ(kc::exactNumber(1e-320), "1e-320");
  EXPECT_EQ(kc::exactNumber(-2.5e307), "-2.5e+307");
  EXPECT_EQ(kc::exactNumber(INFINITY), "inf");
}

TEST(MessageText, LongTextIsCutWithItsLength) {
  EXPECT_EQ(kc::quotedText("short"), "'short'");
  const std::string huge(10'000'000, '9');
  const std::string shown = kc::quotedText(huge, 20);
  EXPECT_EQ(shown, "'" + std::string(20, '9') + "'... (10000000 bytes)");
  EXPECT_EQ(kc::quotedText("a\nb\tc"), "'a\\nb\\tc'");  // one line, whatever the input holds
  // Not cut inside a UTF-8 character: "é" is two bytes.
  EXPECT_EQ(kc::quotedText("abé", 3), "'ab'... (4 bytes)");
}

TEST(MessageText, BytesForPeople) {
  EXPECT_EQ(kc::formatBytes(512), "512 bytes");
  EXPECT_EQ(kc::formatBytes(3 * 1024), "3.00 KiB");
  EXPECT_EQ(kc::formatBytes(68.5 * 1024 * 1024 * 1024), "68.5 GiB");
}

}  // namespace
