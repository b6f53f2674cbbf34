#include "gpu/lab/grid_expression.hpp"

#include <cctype>
#include <limits>

namespace kc::lab {
namespace {

// Recursive descent over: sum := product (('+'|'-') product)*; product := unary (('*'|'/'|'%') unary)*;
// unary := '-' unary | atom; atom := number | name | name '(' sum ',' sum ')' | '(' sum ')'.
// Depth is bounded so a hostile text cannot exhaust the stack.
class Parser {
 public:
  Parser(std::string_view text, const GridNames* names) : text_(text), names_(names) {}

  GridValue run() {
    GridValue result;
    const std::optional<std::int64_t> value = sum();
    skipSpace();
    if (!error_ && at_ < text_.size()) fail(at_, "unexpected '" + std::string(1, text_[at_]) + "'");
    if (error_) result.error = error_;
    else result.value = value;
    return result;
  }
  const std::vector<std::string>& namesUsed() const { return used_; }

 private:
  static constexpr int kMaxDepth = 64;

  void skipSpace() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }
  bool take(char c) {
    skipSpace();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  std::nullopt_t fail(std::size_t offset, std::string message) {
    if (!error_) error_ = GridExpressionError{offset, std::move(message)};
    return std::nullopt;
  }
  // Checked arithmetic: a grid beyond 64 bits is a mistake, never a wrap-around.
  std::optional<std::int64_t> combine(char op, std::int64_t a, std::int64_t b, std::size_t offset) {
    std::int64_t r = 0;
    switch (op) {
      case '+':
        if (__builtin_add_overflow(a, b, &r)) return fail(offset, "the value does not fit in 64 bits");
        return r;
      case '-':
        if (__builtin_sub_overflow(a, b, &r)) return fail(offset, "the value does not fit in 64 bits");
        return r;
      case '*':
        if (__builtin_mul_overflow(a, b, &r)) return fail(offset, "the value does not fit in 64 bits");
        return r;
      default:
        break;
    }
    if (b == 0) return fail(offset, op == '/' ? "division by zero" : "remainder of a division by zero");
    if (a == std::numeric_limits<std::int64_t>::min() && b == -1)
      return fail(offset, "the value does not fit in 64 bits");
    return op == '/' ? a / b : a % b;
  }

  std::optional<std::int64_t> sum() {
    if (++depth_ > kMaxDepth) return fail(at_, "nested too deeply");
    std::optional<std::int64_t> left = product();
    for (;;) {
      skipSpace();
      if (!left || at_ >= text_.size() || (text_[at_] != '+' && text_[at_] != '-')) break;
      const char op = text_[at_];
      const std::size_t where = at_++;
      const std::optional<std::int64_t> right = product();
      if (!right) return std::nullopt;
      left = combine(op, *left, *right, where);
    }
    --depth_;
    return left;
  }

  std::optional<std::int64_t> product() {
    std::optional<std::int64_t> left = unary();
    for (;;) {
      skipSpace();
      if (!left || at_ >= text_.size() || (text_[at_] != '*' && text_[at_] != '/' && text_[at_] != '%')) break;
      const char op = text_[at_];
      const std::size_t where = at_++;
      const std::optional<std::int64_t> right = unary();
      if (!right) return std::nullopt;
      left = combine(op, *left, *right, where);
    }
    return left;
  }

  std::optional<std::int64_t> unary() {
    skipSpace();
    const std::size_t where = at_;
    if (take('-')) {
      if (++depth_ > kMaxDepth) return fail(where, "nested too deeply");
      const std::optional<std::int64_t> value = unary();
      --depth_;
      if (!value) return std::nullopt;
      return combine('-', 0, *value, where);
    }
    return atom();
  }

  std::optional<std::int64_t> atom() {
    skipSpace();
    if (at_ >= text_.size()) return fail(at_, "an expression is missing here");
    const std::size_t start = at_;
    const char c = text_[at_];
    if (take('(')) {
      const std::optional<std::int64_t> value = sum();
      if (value && !take(')')) return fail(at_, "expected ')'");
      return value;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::int64_t value = 0;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
        if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[at_] - '0', &value))
          return fail(start, "the number does not fit in 64 bits");
        ++at_;
      }
      if (at_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_'))
        return fail(at_, "a number followed by a letter");
      return value;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
      const std::string name(text_.substr(start, at_ - start));
      if (name == "ceil_div") return ceilDiv(start);
      bool seen = false;
      for (const std::string& u : used_) seen = seen || u == name;
      if (!seen) used_.push_back(name);
      if (!names_) return 1;  // syntax only
      const std::optional<std::int64_t> value = (*names_)(name);
      if (!value) return fail(start, "'" + name + "' is not a size parameter of the kernel");
      return value;
    }
    return fail(start, "unexpected '" + std::string(1, c) + "'");
  }

  std::optional<std::int64_t> ceilDiv(std::size_t start) {
    if (!take('(')) return fail(at_, "ceil_div needs two values: ceil_div(a, b)");
    const std::optional<std::int64_t> a = sum();
    if (!a) return std::nullopt;
    if (!take(',')) return fail(at_, "ceil_div needs two values: ceil_div(a, b)");
    const std::optional<std::int64_t> b = sum();
    if (!b) return std::nullopt;
    if (!take(')')) return fail(at_, "expected ')'");
    if (!names_) return 1;
    if (*b <= 0) return fail(start, "ceil_div(a, b) needs b above 0");
    if (*a <= 0) return 0;
    return (*a - 1) / *b + 1;
  }

  std::string_view text_;
  const GridNames* names_;
  std::size_t at_ = 0;
  int depth_ = 0;
  std::optional<GridExpressionError> error_;
  std::vector<std::string> used_;
};

}  // namespace

GridValue evaluateGridExpression(std::string_view text, const GridNames& names) { return Parser(text, &names).run(); }

std::optional<GridExpressionError> checkGridExpressionSyntax(std::string_view text) {
  return Parser(text, nullptr).run().error;
}

std::vector<std::string> gridExpressionNames(std::string_view text) {
  Parser parser(text, nullptr);
  (void)parser.run();
  return parser.namesUsed();
}

}  // namespace kc::lab
