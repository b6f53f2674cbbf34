// The lexical pass: comments and literals blanked in place, line comments collected with places.
#include <gtest/gtest.h>

#include "gpu/lab/source_scan.hpp"

namespace {

TEST(LabSourceScan, BlanksCommentsAndLiteralsKeepingLines) {
  const std::string text = "a /* x\ny */ b \"s//t\" 'c' // note\nR\"d(raw \" // )d\" e\n";
  const auto scanned = kc::lab::scanSource(text);
  ASSERT_EQ(scanned.code.size(), text.size());
  EXPECT_EQ(scanned.code, "a     \n     b                   \n                 e\n");
  ASSERT_EQ(scanned.lineComments.size(), 1u);
  EXPECT_EQ(scanned.lineComments[0].line, 2);
  EXPECT_EQ(scanned.lineComments[0].column, 21);
  EXPECT_EQ(scanned.lineComments[0].text, " note");
}

TEST(LabSourceScan, DigitSeparatorsAreNotCharacterLiterals) {
  const auto scanned = kc::lab::scanSource("int n = 1'000'000; // @block 8\n");
  ASSERT_EQ(scanned.lineComments.size(), 1u);
  EXPECT_EQ(scanned.lineComments[0].text, " @block 8");
  EXPECT_EQ(scanned.code.substr(0, 17), "int n = 1'000'000");
}

TEST(LabSourceScan, UnterminatedThingsEndTheScanCleanly) {
  EXPECT_EQ(kc::lab::scanSource("a /* open").code, "a        ");
  EXPECT_EQ(kc::lab::scanSource("a \"open").code, "a      ");
  const std::string backslashAtTheEnd = "a \"ends in a backslash\\";
  EXPECT_EQ(kc::lab::scanSource(backslashAtTheEnd).code, "a" + std::string(22, ' '));
  EXPECT_EQ(kc::lab::scanSource("//").lineComments.size(), 1u);
}

TEST(LabSourceScan, CarriageReturnsStayOutOfComments) {
  const auto scanned = kc::lab::scanSource("// @output gray\r\nx\r\n");
  ASSERT_EQ(scanned.lineComments.size(), 1u);
  EXPECT_EQ(scanned.lineComments[0].text, " @output gray");
}

TEST(LabSourceScan, PositionOf) {
  const std::string text = "ab\ncd\n";
  EXPECT_EQ(kc::lab::positionOf(text, 0).line, 1);
  EXPECT_EQ(kc::lab::positionOf(text, 4).line, 2);
  EXPECT_EQ(kc::lab::positionOf(text, 4).column, 2);
}

}  // namespace
