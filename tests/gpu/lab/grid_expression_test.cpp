// @grid's arithmetic: what a student writes evaluates as C's integer arithmetic does, with the
// kernel's sizes by name; anything else is one message with its place.
#include <gtest/gtest.h>

#include "gpu/lab/grid_expression.hpp"

namespace {

using kc::lab::evaluateGridExpression;

std::optional<std::int64_t> sizes(std::string_view name) {
  if (name == "n") return 1000;
  if (name == "rows") return 17;
  if (name == "cols") return 3;
  return std::nullopt;
}

std::int64_t value(const char* text) {
  const kc::lab::GridValue v = evaluateGridExpression(text, sizes);
  EXPECT_FALSE(v.error) << text << ": " << (v.error ? v.error->message : "");
  return v.value.value_or(-999);
}

TEST(GridExpression, EvaluatesIntegerArithmeticWithTheKernelsSizes) {
  EXPECT_EQ(value("(n + 255) / 256"), 4);
  EXPECT_EQ(value("ceil_div(n, 256)"), 4);
  EXPECT_EQ(value("ceil_div(cols, 32) * ceil_div(rows, 32)"), 1);
  EXPECT_EQ(value("2 + 3 * 4"), 14);
  EXPECT_EQ(value("(2 + 3) * 4"), 20);
  EXPECT_EQ(value("-3 + 10"), 7);
  EXPECT_EQ(value("7 / 2"), 3);
  EXPECT_EQ(value("  n  "), 1000);
  EXPECT_EQ(value("ceil_div(0, 32)"), 0);
}

TEST(GridExpression, NamesTheFirstProblemAndWhere) {
  const auto error = [](const char* text) {
    const kc::lab::GridValue v = evaluateGridExpression(text, sizes);
    EXPECT_FALSE(v.value) << text;
    return v.error.value_or(kc::lab::GridExpressionError{999, "no error"});
  };
  EXPECT_EQ(error("(N + 255) / 256").message, "'N' is not a size parameter of the kernel");
  EXPECT_EQ(error("(N + 255) / 256").offset, 1u);
  EXPECT_EQ(error("n / 0").message, "division by zero");
  EXPECT_EQ(error("n % 0").message, "remainder of a division by zero");
  EXPECT_EQ(error("(n + 1").message, "expected ')'");
  EXPECT_EQ(error("n +").message, "an expression is missing here");
  EXPECT_EQ(error("n != 0").message, "unexpected '!'");
  EXPECT_EQ(error("99999999999999999999").message, "the number does not fit in 64 bits");
  EXPECT_EQ(error("4611686018427387904 * 4").message, "the value does not fit in 64 bits");
  EXPECT_EQ(error("ceil_div(n)").message, "ceil_div needs two values: ceil_div(a, b)");
  EXPECT_EQ(error("ceil_div(n, 0)").message, "ceil_div(a, b) needs b above 0");
  EXPECT_EQ(error("12abc").message, "a number followed by a letter");
}

TEST(GridExpression, AHostileTextCannotExhaustTheStack) {
  const std::string deep(100000, '(');
  EXPECT_EQ(evaluateGridExpression(deep, sizes).error->message, "nested too deeply");
  const std::string minus(100000, '-');
  EXPECT_EQ(evaluateGridExpression(minus + "1", sizes).error->message, "nested too deeply");
}

TEST(GridExpression, SyntaxAloneAcceptsAnyNameAndListsThem) {
  EXPECT_FALSE(kc::lab::checkGridExpressionSyntax("(whatever + 1) / 2"));
  EXPECT_TRUE(kc::lab::checkGridExpressionSyntax("(whatever + 1 / 2"));
  EXPECT_EQ(kc::lab::gridExpressionNames("ceil_div(cols, 32) * rows + cols"),
            (std::vector<std::string>{"cols", "rows"}));
}

}  // namespace
