// @param / @output / @block: what parses, and one precise message (with its column) for what does not.
#include <gtest/gtest.h>

#include "gpu/lab/kernel_annotations.hpp"
#include "tests/gpu/lab/annotation_parse.hpp"

namespace {

using namespace kc::test;

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

TEST(LabAnnotations, UnknownAnnotationIsAWarning) {
  expectOne("// @todo make it faster\n", Severity::Warning, 1, 4, "unknown annotation '@todo' ignored");
}

}  // namespace

namespace {

using namespace kc::test;

TEST(LabAnnotations, ExerciseKernelsSayWhichExerciseAndTheirGrid) {
  const auto result = parse(
      "// @exercise reduce-sum\n"
      "// @block 256\n"
      "// @grid (n + 255) / 256, ceil_div(rows, 2)\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_EQ(result.annotations.exercise, "reduce-sum");
  EXPECT_EQ(result.annotations.exerciseLine, 1);
  EXPECT_EQ(result.annotations.blockLine, 2);
  ASSERT_TRUE(result.annotations.grid.has_value());
  EXPECT_EQ(result.annotations.grid->dimensions, (std::vector<std::string>{"(n + 255) / 256", "ceil_div(rows, 2)"}));
  EXPECT_EQ(result.annotations.grid->columns, (std::vector<int>{10, 27}));
  EXPECT_EQ(result.annotations.grid->line, 3);
}

}  // namespace
