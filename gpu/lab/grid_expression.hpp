#pragma once
// The arithmetic of an exercise kernel's `// @grid` annotation: how many blocks it runs, written
// from the kernel's own size parameters, e.g. `// @grid (n + 255) / 256` or
// `// @grid ceil_div(cols, 32), ceil_div(rows, 32)`. Integers (64-bit), + - * / %, parentheses,
// unary minus, the parameters' names and ceil_div(a, b). Nothing else: the text comes from a student
// and is evaluated by kernelcam, never compiled.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kc::lab {

struct GridExpressionError {
  std::size_t offset = 0;  // in the expression's text
  std::string message;     // "expected ')'", "'N' is not a size parameter of the kernel (n)"
};

// A name's value, or nullopt for a name the kernel does not have.
using GridNames = std::function<std::optional<std::int64_t>(std::string_view name)>;

// The value, or the first error. Division by zero and results beyond 64 bits are errors.
struct GridValue {
  std::optional<std::int64_t> value;
  std::optional<GridExpressionError> error;
};
GridValue evaluateGridExpression(std::string_view text, const GridNames& names);

// Syntax alone (every name accepted): the annotation's check before any size is known.
std::optional<GridExpressionError> checkGridExpressionSyntax(std::string_view text);

// The names an expression uses, in order of first use (the check names unknown ones).
std::vector<std::string> gridExpressionNames(std::string_view text);

}  // namespace kc::lab
