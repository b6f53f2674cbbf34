#include "gpu/lab/kernel_annotations.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "gpu/core/text.hpp"
#include "gpu/lab/grid_expression.hpp"

namespace kc::lab {
namespace {

constexpr std::string_view kParamUsage =
    "@param NAME int|float MIN..MAX = DEFAULT, e.g. // @param radius int 1..15 = 3";

constexpr std::array<std::string_view, 96> kCppKeywords{
    "alignas",     "alignof",    "and",        "and_eq",     "asm",         "auto",         "bitand",
    "bitor",       "bool",       "break",      "case",       "catch",       "char",         "char8_t",
    "char16_t",    "char32_t",   "class",      "compl",      "concept",     "const",        "consteval",
    "constexpr",   "constinit",  "const_cast", "continue",   "co_await",    "co_return",    "co_yield",
    "decltype",    "default",    "delete",     "do",         "double",      "dynamic_cast", "else",
    "enum",        "explicit",   "export",     "extern",     "false",       "float",        "for",
    "friend",      "goto",       "if",         "inline",     "int",         "long",         "mutable",
    "namespace",   "new",        "noexcept",   "not",        "not_eq",      "nullptr",      "operator",
    "or",          "or_eq",      "private",    "protected",  "public",      "register",     "reinterpret_cast",
    "requires",    "return",     "short",      "signed",     "sizeof",      "static",       "static_assert",
    "static_cast", "struct",     "switch",     "template",   "this",        "thread_local", "throw",
    "true",        "try",        "typedef",    "typeid",     "typename",    "union",        "unsigned",
    "using",       "virtual",    "void",       "volatile",   "wchar_t",     "while",        "xor",
    "xor_eq",      "__global__", "__device__", "__shared__", "__constant__"};

bool isIdentifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// A word of the annotation and where it starts in the comment text.
struct Token {
  std::string_view text;
  std::size_t offset = 0;
};

class Words {
 public:
  Words(std::string_view text, std::size_t from) : text_(text), i_(from) {}
  std::optional<Token> next() {
    while (i_ < text_.size() && isSpace(text_[i_])) ++i_;
    if (i_ >= text_.size()) return std::nullopt;
    const std::size_t start = i_;
    while (i_ < text_.size() && !isSpace(text_[i_])) ++i_;
    return Token{text_.substr(start, i_ - start), start};
  }
  // The rest of the line, trimmed, and where it starts.
  Token rest() {
    while (i_ < text_.size() && isSpace(text_[i_])) ++i_;
    std::size_t end = text_.size();
    while (end > i_ && isSpace(text_[end - 1])) --end;
    return {text_.substr(i_, end - i_), i_};
  }
  std::size_t offset() const { return i_; }

 private:
  std::string_view text_;
  std::size_t i_;
};

std::optional<double> parseNumber(std::string_view s, KernelParamType type) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  if (type == KernelParamType::Int) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
    if (value < std::numeric_limits<std::int32_t>::min() || value > std::numeric_limits<std::int32_t>::max())
      return std::nullopt;
    return static_cast<double>(value);
  }
  double value = 0;
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (error != std::errc() || end != s.data() + s.size() || !std::isfinite(value) ||
      std::fabs(value) > std::numeric_limits<float>::max())
    return std::nullopt;
  return value;
}

class AnnotationParser {
 public:
  AnnotationParser(const std::string& path) : path_(path) {}

  void comment(const LineComment& comment) {
    comment_ = &comment;
    std::size_t i = 0;
    while (i < comment.text.size() && (isSpace(comment.text[i]) || comment.text[i] == '/')) ++i;
    if (i >= comment.text.size() || comment.text[i] != '@') return;
    std::size_t end = i + 1;
    while (end < comment.text.size() && !isSpace(comment.text[end])) ++end;
    const std::string_view word = std::string_view(comment.text).substr(i + 1, end - i - 1);
    Words words(comment.text, end);
    if (word == "param") param(words, i);
    else if (word == "output") output(words, i);
    else if (word == "block") block(words, i);
    else if (word == "grid") grid(words, i);
    else if (word == "exercise") exercise(words, i);
    else
      report(Severity::Warning, i,
             "unknown annotation '@" + std::string(word) +
                 "' ignored (the lab reads @param, @output, @block, and in an exercise @grid and @exercise)");
  }

  AnnotationParse finish() { return std::move(result_); }

 private:
  void report(Severity severity, std::size_t offset, std::string message) {
    result_.diagnostics.push_back(
        {path_, comment_->line, comment_->column + static_cast<int>(offset), severity, std::move(message)});
  }
  void error(std::size_t offset, std::string message) { report(Severity::Error, offset, std::move(message)); }

  void param(Words& words, std::size_t at) {
    const std::optional<Token> name = words.next();
    const std::optional<Token> type = words.next();
    const std::optional<Token> range = words.next();
    if (!name || !type || !range) return error(at, "incomplete: " + std::string(kParamUsage));
    const std::string label = "@param " + std::string(name->text);
    if (!isIdentifier(name->text))
      return error(name->offset, "@param '" + std::string(name->text) + "': the name must be a C++ identifier");
    if (name->text.starts_with("__")) return error(name->offset, label + ": names starting with __ are reserved");
    if (std::find(kCppKeywords.begin(), kCppKeywords.end(), name->text) != kCppKeywords.end())
      return error(name->offset, label + ": the name is a C++ keyword");
    for (const KernelParam& other : result_.annotations.params)
      if (other.name == name->text)
        return error(name->offset, label + ": declared twice (first at line " + std::to_string(other.line) + ")");
    if (static_cast<int>(result_.annotations.params.size()) == kMaxKernelParams)
      return error(name->offset, label + ": more than " + std::to_string(kMaxKernelParams) + " parameters");

    KernelParam param;
    param.name = std::string(name->text);
    param.line = comment_->line;
    if (type->text == "int") param.type = KernelParamType::Int;
    else if (type->text == "float") param.type = KernelParamType::Float;
    else return error(type->offset, label + ": type '" + std::string(type->text) + "' is not int or float");

    const std::size_t dots = range->text.find("..");
    if (dots == std::string_view::npos)
      return error(range->offset, label + ": range '" + std::string(range->text) + "' must read MIN..MAX, e.g. 1..15");
    const std::string_view minText = range->text.substr(0, dots), maxText = range->text.substr(dots + 2);
    const std::optional<double> minValue = number(minText, range->offset, param, label);
    if (!minValue) return;
    const std::optional<double> maxValue = number(maxText, range->offset + dots + 2, param, label);
    if (!maxValue) return;
    if (!(*minValue < *maxValue))
      return error(range->offset, label + ": MIN must be below MAX in " + std::string(range->text));

    const Token afterRange = words.rest();
    if (!afterRange.text.starts_with('='))
      return error(afterRange.offset,
                   label + ": '= DEFAULT' missing after the range (" + std::string(kParamUsage) + ")");
    Words defaultWords(comment_->text, afterRange.offset + 1);
    const std::optional<Token> defaultToken = defaultWords.next();
    if (!defaultToken) return error(afterRange.offset, label + ": the default value is missing after '='");
    const std::optional<double> defaultValue = number(defaultToken->text, defaultToken->offset, param, label);
    if (!defaultValue) return;
    if (*defaultValue < *minValue || *defaultValue > *maxValue)
      return error(defaultToken->offset,
                   label + ": default " + std::string(defaultToken->text) + " is outside " + std::string(range->text));
    param.minValue = *minValue;
    param.maxValue = *maxValue;
    param.defaultValue = *defaultValue;
    param.description = std::string(defaultWords.rest().text);
    result_.annotations.params.push_back(std::move(param));
  }

  std::optional<double> number(std::string_view text, std::size_t offset, const KernelParam& param,
                               const std::string& label) {
    const std::optional<double> value = parseNumber(text, param.type);
    if (!value)
      error(offset, label + ": '" + std::string(text) + "' is not " +
                        (param.type == KernelParamType::Int ? "a 32-bit integer" : "a float number"));
    return value;
  }

  void output(Words& words, std::size_t at) {
    const std::optional<Token> format = words.next();
    if (sawOutputLine_) return error(at, "@output given twice (first at line " + std::to_string(sawOutputLine_) + ")");
    sawOutputLine_ = comment_->line;
    if (!format) return error(at, "@output needs a format: rgba, gray or same");
    if (format->text == "rgba") result_.annotations.output = OutputFormat::Rgba8;
    else if (format->text == "gray") result_.annotations.output = OutputFormat::Gray8;
    else if (format->text == "same") result_.annotations.output = OutputFormat::SameAsInput;
    else return error(format->offset, "@output '" + std::string(format->text) + "': expected rgba, gray or same");
    if (const std::optional<Token> extra = words.next())
      error(extra->offset, "@output: unexpected '" + std::string(extra->text) + "' after the format");
  }

  void block(Words& words, std::size_t at) {
    const std::optional<Token> shape = words.next();
    if (sawBlockLine_) return error(at, "@block given twice (first at line " + std::to_string(sawBlockLine_) + ")");
    sawBlockLine_ = comment_->line;
    const std::string usage = "expected X or XxY with at most 1024 threads per block, e.g. @block 16x16";
    if (!shape) return error(at, "@block needs a size: " + usage);
    int x = 0, y = 1;  // X alone is Xx1
    const bool read = shape->text.find_first_of("xX") == std::string_view::npos
                          ? parseWxH(std::string(shape->text) + "x1", &x, &y)
                          : parseWxH(shape->text, &x, &y);
    if (!read || x < 1 || y < 1 || static_cast<long long>(x) * y > 1024)
      return error(shape->offset, "@block '" + std::string(shape->text) + "': " + usage);
    result_.annotations.block = {x, y};
    result_.annotations.blockLine = comment_->line;
    if (const std::optional<Token> extra = words.next())
      error(extra->offset, "@block: unexpected '" + std::string(extra->text) + "' after the size");
  }

  void grid(Words& words, std::size_t at) {
    if (sawGridLine_) return error(at, "@grid given twice (first at line " + std::to_string(sawGridLine_) + ")");
    sawGridLine_ = comment_->line;
    const std::string usage =
        "expected one to three block counts, e.g. @grid (n + 255) / 256 or @grid ceil_div(cols, 32), ceil_div(rows, "
        "32)";
    const Token rest = words.rest();
    if (rest.text.empty()) return error(at, "@grid needs the number of blocks: " + usage);
    GridAnnotation grid;
    grid.line = comment_->line;
    // Split at the commas outside parentheses (ceil_div's comma is inside).
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= rest.text.size(); ++i) {
      const char c = i < rest.text.size() ? rest.text[i] : ',';
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c != ',' || (depth > 0 && i < rest.text.size())) continue;  // the end closes the last piece
      std::string_view piece = rest.text.substr(start, i - start);
      std::size_t lead = 0;
      while (lead < piece.size() && isSpace(piece[lead])) ++lead;
      piece.remove_prefix(lead);
      while (!piece.empty() && isSpace(piece.back())) piece.remove_suffix(1);
      const std::size_t offset = rest.offset + start + lead;
      if (piece.empty()) return error(offset, "@grid: a block count is missing: " + usage);
      if (const std::optional<GridExpressionError> bad = checkGridExpressionSyntax(piece))
        return error(offset + bad->offset, "@grid '" + std::string(piece) + "': " + bad->message);
      grid.dimensions.emplace_back(piece);
      grid.columns.push_back(comment_->column + static_cast<int>(offset));
      start = i + 1;
    }
    if (grid.dimensions.size() > 3) return error(rest.offset, "@grid: more than three dimensions: " + usage);
    result_.annotations.grid = std::move(grid);
  }

  void exercise(Words& words, std::size_t at) {
    const std::optional<Token> id = words.next();
    if (sawExerciseLine_)
      return error(at, "@exercise given twice (first at line " + std::to_string(sawExerciseLine_) + ")");
    sawExerciseLine_ = comment_->line;
    if (!id) return error(at, "@exercise needs the exercise's id, e.g. @exercise reduce-sum (kernelcam exercise list)");
    const bool wellFormed = std::all_of(id->text.begin(), id->text.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
    if (!wellFormed || id->text.size() > 64)
      return error(id->offset, "@exercise '" + std::string(id->text.substr(0, 64)) +
                                   "': an exercise id is letters, digits and '-' (kernelcam exercise list)");
    result_.annotations.exercise = std::string(id->text);
    result_.annotations.exerciseLine = comment_->line;
    if (const std::optional<Token> extra = words.next())
      error(extra->offset, "@exercise: unexpected '" + std::string(extra->text) + "' after the id");
  }

  const std::string& path_;
  const LineComment* comment_ = nullptr;
  AnnotationParse result_;
  int sawOutputLine_ = 0;
  int sawBlockLine_ = 0;
  int sawGridLine_ = 0;
  int sawExerciseLine_ = 0;
};

}  // namespace

AnnotationParse parseAnnotations(const std::string& path, const ScannedSource& scanned) {
  AnnotationParser parser(path);
  for (const LineComment& comment : scanned.lineComments) parser.comment(comment);
  return parser.finish();
}

const char* typeName(KernelParamType type) { return type == KernelParamType::Int ? "int" : "float"; }

const char* outputFormatName(OutputFormat format) {
  switch (format) {
    case OutputFormat::Rgba8:
      return "rgba";
    case OutputFormat::Gray8:
      return "gray";
    case OutputFormat::SameAsInput:
      break;
  }
  return "same";
}

}  // namespace kc::lab
