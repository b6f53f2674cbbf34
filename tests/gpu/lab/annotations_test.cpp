// @param / @output / @block: what parses, and one precise message (with its column) for what does not.
#include <gtest/gtest.h>

#include "gpu/lab/kernel_annotations.hpp"

namespace {

using kc::lab::Diagnostic;
using kc::lab::KernelParamType;
using kc::lab::OutputFormat;
using kc::lab::Severity;

kc::lab::AnnotationParse parse(const std::string& text) {
  return kc::lab::parseAnnotations("k.cu", kc::lab::scanSource(text));
}

// The one diagnostic `text` gives, checked for severity, place and a piece of its message.
void expectOne(const std::string& text, Severity severity, int line, int column, const std::string& part) {
  SCOPED_TRACE(text);
  const auto result = parse(text);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  const Diagnostic& d = result.diagnostics[0];
  EXPECT_EQ(d.severity, severity);
  EXPECT_EQ(d.path, "k.cu");
  EXPECT_EQ(d.line, line);
  EXPECT_EQ(d.column, column);
  EXPECT_NE(d.message.find(part), std::string::npos) << d.message;
}

TEST(LabAnnotations, ParsesParamsOutputAndBlock) {
  const auto result = parse(
      "// @param radius int 1..15 = 3  blur radius in pixels\n"
      "int x; // @param strength float -0.5..2.5e0 = 1   \n"
      "/// @output gray\n"
      "//@block 32x8\n"
      "// an ordinary comment that mentions @param in passing\n");
  EXPECT_TRUE(result.diagnostics.empty());
  ASSERT_EQ(result.annotations.params.size(), 2u);
  const auto& radius = result.annotations.params[0];
  EXPECT_EQ(radius.name, "radius");
  EXPECT_EQ(radius.type, KernelParamType::Int);
  EXPECT_EQ(radius.minValue, 1);
  EXPECT_EQ(radius.maxValue, 15);
  EXPECT_EQ(radius.defaultValue, 3);
  EXPECT_EQ(radius.description, "blur radius in pixels");
  EXPECT_EQ(radius.line, 1);
  const auto& strength = result.annotations.params[1];
  EXPECT_EQ(strength.type, KernelParamType::Float);
  EXPECT_DOUBLE_EQ(strength.minValue, -0.5);
  EXPECT_DOUBLE_EQ(strength.maxValue, 2.5);
  EXPECT_EQ(strength.description, "");
  EXPECT_EQ(strength.line, 2);
  EXPECT_EQ(result.annotations.output, OutputFormat::Gray8);
  EXPECT_EQ(result.annotations.block.x, 32);
  EXPECT_EQ(result.annotations.block.y, 8);
}

TEST(LabAnnotations, DefaultsWithoutAnnotations) {
  const auto result = parse("__global__ void k(KcInput in, KcOutput out, KcParams p) {}\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_TRUE(result.annotations.params.empty());
  EXPECT_EQ(result.annotations.output, OutputFormat::SameAsInput);
  EXPECT_EQ(result.annotations.block.threads(), 256);
}

TEST(LabAnnotations, AnnotationsInsideStringsOrBlockCommentsAreNotRead) {
  const auto result = parse("const char* s = \"// @param a int 0..1 = 0\";\n/* // @output gray */\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_TRUE(result.annotations.params.empty());
  EXPECT_EQ(result.annotations.output, OutputFormat::SameAsInput);
}

TEST(LabAnnotations, OneDimensionalBlock) {
  const auto result = parse("// @block 256\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_EQ(result.annotations.block.x, 256);
  EXPECT_EQ(result.annotations.block.y, 1);
}

TEST(LabAnnotations, BlockTakesAnXInEitherCase) {
  const auto result = parse("// @block 32X8\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_EQ(result.annotations.block.x, 32);
  EXPECT_EQ(result.annotations.block.y, 8);
}

TEST(LabAnnotations, BadParamsAreRejectedAtTheirToken) {
  //                 columns: "// @param " is 10 characters, the name starts at 11
  expectOne("// @param radius int\n", Severity::Error, 1, 4, "incomplete");
  expectOne("// @param radius int 1..15\n", Severity::Error, 1, 27, "'= DEFAULT' missing");
  expectOne("// @param 2radius int 1..15 = 3\n", Severity::Error, 1, 11, "C++ identifier");
  expectOne("// @param float int 1..15 = 3\n", Severity::Error, 1, 11, "C++ keyword");
  expectOne("// @param __x int 1..15 = 3\n", Severity::Error, 1, 11, "reserved");
  expectOne("// @param radius double 1..15 = 3\n", Severity::Error, 1, 18, "type 'double' is not int or float");
  expectOne("// @param radius int 1-15 = 3\n", Severity::Error, 1, 22, "must read MIN..MAX");
  expectOne("// @param radius int 1..1.5 = 1\n", Severity::Error, 1, 25, "'1.5' is not a 32-bit integer");
  expectOne("// @param radius int 15..1 = 3\n", Severity::Error, 1, 22, "MIN must be below MAX");
  expectOne("// @param radius int 1..15 3\n", Severity::Error, 1, 28, "'= DEFAULT' missing");
  expectOne("// @param radius int 1..15 =\n", Severity::Error, 1, 28, "default value is missing");
  expectOne("// @param radius int 1..15 = 20\n", Severity::Error, 1, 30, "default 20 is outside 1..15");
  expectOne("// @param gain float 0..1 = nan\n", Severity::Error, 1, 29, "'nan' is not a float number");
  expectOne("// @param big int 0..3000000000 = 0\n", Severity::Error, 1, 22, "not a 32-bit integer");
}

TEST(LabAnnotations, DuplicatesAndLimits) {
  expectOne("// @param a int 0..1 = 0\n// @param a float 0..1 = 0\n", Severity::Error, 2, 11,
            "declared twice (first at line 1)");
  std::string many;
  for (int i = 0; i <= kc::lab::kMaxKernelParams; ++i) many += "// @param p" + std::to_string(i) + " int 0..1 = 0\n";
  expectOne(many, Severity::Error, kc::lab::kMaxKernelParams + 1, 11, "more than 16 parameters");
  expectOne("// @output gray\n// @output rgba\n", Severity::Error, 2, 4, "@output given twice (first at line 1)");
  expectOne("// @block 16x16\n// @block 8x8\n", Severity::Error, 2, 4, "@block given twice");
}

TEST(LabAnnotations, BadOutputAndBlock) {
  expectOne("// @output hsv\n", Severity::Error, 1, 12, "expected rgba, gray or same");
  expectOne("// @output\n", Severity::Error, 1, 4, "needs a format");
  expectOne("// @output gray please\n", Severity::Error, 1, 17, "unexpected 'please'");
  expectOne("// @block 33x33\n", Severity::Error, 1, 11, "at most 1024 threads");
  expectOne("// @block 0x16\n", Severity::Error, 1, 11, "at most 1024 threads");
  expectOne("// @block 16x\n", Severity::Error, 1, 11, "e.g. @block 16x16");
}

TEST(LabAnnotations, UnknownAnnotationIsAWarning) {
  expectOne("// @todo make it faster\n", Severity::Warning, 1, 4, "unknown annotation '@todo' ignored");
}

}  // namespace
