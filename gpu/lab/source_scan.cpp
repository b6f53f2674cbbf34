#include "gpu/lab/source_scan.hpp"

#include <cctype>

namespace kc::lab {
namespace {

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) { result_.code.assign(text.begin(), text.end()); }

  ScannedSource run() {
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == '\n') {
        ++line_;
        lineStart_ = ++i_;
      } else if (startsWith("//")) {
        lineComment();
      } else if (startsWith("/*")) {
        blockComment();
      } else if (c == 'R' && startsWith("R\"") && (i_ == 0 || !isIdentifierChar(text_[i_ - 1]))) {
        rawString();
      } else if (c == '"') {
        quoted('"');
      } else if (c == '\'' && !insideNumber()) {
        quoted('\'');  // a digit separator (1'000'000) is not a character literal
      } else {
        ++i_;
      }
    }
    return std::move(result_);
  }

 private:
  bool startsWith(std::string_view s) const { return text_.substr(i_, s.size()) == s; }

  // True when the characters before i_ are a numeric literal (they start with a digit).
  bool insideNumber() const {
    std::size_t k = i_;
    while (k > 0 && (isIdentifierChar(text_[k - 1]) || text_[k - 1] == '\'' || text_[k - 1] == '.')) --k;
    return k < i_ && std::isdigit(static_cast<unsigned char>(text_[k]));
  }

  void blank(std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k)
      if (result_.code[k] != '\n') result_.code[k] = ' ';
  }

  void lineComment() {
    const std::size_t start = i_;
    std::size_t end = text_.find('\n', i_);
    if (end == std::string_view::npos) end = text_.size();
    std::string body(text_.substr(start + 2, end - start - 2));
    if (!body.empty() && body.back() == '\r') body.pop_back();
    result_.lineComments.push_back({line_, static_cast<int>(start - lineStart_) + 3, std::move(body)});
    blank(start, end);
    i_ = end;
  }

  void blockComment() {
    const std::size_t start = i_;
    std::size_t end = text_.find("*/", i_ + 2);
    end = end == std::string_view::npos ? text_.size() : end + 2;
    advanceLines(start, end);
    blank(start, end);
    i_ = end;
  }

  void quoted(char quote) {
    const std::size_t start = i_++;
    while (i_ < text_.size() && text_[i_] != quote && text_[i_] != '\n') i_ += text_[i_] == '\\' ? 2 : 1;
    if (i_ < text_.size() && text_[i_] == quote) ++i_;
    if (i_ > text_.size()) i_ = text_.size();
    advanceLines(start, i_);
    blank(start, i_);
  }

  void rawString() {
    const std::size_t start = i_;
    const std::size_t open = text_.find('(', i_ + 2);
    if (open == std::string_view::npos) {
      i_ += 2;
      return;
    }
    std::string close(1, ')');
    close.append(text_.substr(i_ + 2, open - i_ - 2)).append(1, '"');
    std::size_t end = text_.find(close, open);
    end = end == std::string_view::npos ? text_.size() : end + close.size();
    advanceLines(start, end);
    blank(start, end);
    i_ = end;
  }

  void advanceLines(std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k)
      if (text_[k] == '\n') {
        ++line_;
        lineStart_ = k + 1;
      }
  }

  std::string_view text_;
  ScannedSource result_;
  std::size_t i_ = 0;
  std::size_t lineStart_ = 0;
  int line_ = 1;
};

}  // namespace

ScannedSource scanSource(std::string_view text) { return Scanner(text).run(); }

TextPosition positionOf(std::string_view text, std::size_t offset) {
  TextPosition position;
  std::size_t lineStart = 0;
  for (std::size_t k = 0; k < offset && k < text.size(); ++k)
    if (text[k] == '\n') {
      ++position.line;
      lineStart = k + 1;
    }
  position.column = static_cast<int>(offset - lineStart) + 1;
  return position;
}

}  // namespace kc::lab
