#include "gpu/lab/kernel_entry.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace kc::lab {
namespace {

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Specifiers that may sit between __global__ and the name, each followed by a parenthesised list.
bool takesParenthesisedArgument(std::string_view word) {
  return word == "__launch_bounds__" || word == "__maxnreg__" || word == "__cluster_dims__" ||
         word == "__attribute__" || word == "__declspec" || word == "alignas";
}

class Cursor {
 public:
  Cursor(std::string_view code, std::size_t at) : code_(code), i_(at) {}
  std::size_t at() const { return i_; }
  bool done() const { return i_ >= code_.size(); }
  char peek() const { return done() ? '\0' : code_[i_]; }
  void skipSpace() {
    while (!done() && std::isspace(static_cast<unsigned char>(code_[i_]))) ++i_;
  }
  std::string_view identifier() {
    const std::size_t start = i_;
    while (!done() && isIdentifierChar(code_[i_])) ++i_;
    return code_.substr(start, i_ - start);
  }
  // From an opening bracket to just past its matching close.
  void skipBalanced(char open, char close) {
    int depth = 0;
    do {
      if (code_[i_] == open) ++depth;
      else if (code_[i_] == close) --depth;
      ++i_;
    } while (!done() && depth > 0);
  }
  void advance() { ++i_; }

 private:
  std::string_view code_;
  std::size_t i_;
};

bool onPreprocessorLine(std::string_view code, std::size_t at) {
  const std::size_t lineStart = code.rfind('\n', at) == std::string_view::npos ? 0 : code.rfind('\n', at) + 1;
  const std::size_t first = code.find_first_not_of(" \t", lineStart);
  return first != std::string_view::npos && code[first] == '#';
}

struct Found {
  EntryCandidate candidate;
  bool definition = false;
};

// The function that a `__global__` at `at` declares, if the tokens after it read as one.
std::optional<Found> functionAfter(std::string_view code, std::size_t at) {
  Cursor cursor(code, at);
  std::string_view lastName;
  std::size_t lastNameAt = 0;
  while (true) {
    cursor.skipSpace();
    if (cursor.done()) return std::nullopt;
    const char c = cursor.peek();
    if (isIdentifierStart(c)) {
      const std::size_t start = cursor.at();
      const std::string_view word = cursor.identifier();
      cursor.skipSpace();
      if (takesParenthesisedArgument(word) && cursor.peek() == '(') {
        cursor.skipBalanced('(', ')');
        continue;
      }
      lastName = word;
      lastNameAt = start;
    } else if (c == '[' && code.substr(cursor.at(), 2) == "[[") {
      cursor.skipBalanced('[', ']');
    } else if (c == '(') {
      if (lastName.empty()) return std::nullopt;
      cursor.skipBalanced('(', ')');
      cursor.skipSpace();
      while (!cursor.done() && cursor.peek() != '{' && cursor.peek() != ';') cursor.advance();
      const TextPosition position = positionOf(code, lastNameAt);
      return Found{{std::string(lastName), position.line, position.column}, cursor.peek() == '{'};
    } else if (c == '{' || c == ';' || c == '}') {
      return std::nullopt;
    } else {
      cursor.advance();  // '*', '&', ':', '<', ...
    }
  }
}

}  // namespace

std::vector<EntryCandidate> findGlobalFunctions(const ScannedSource& scanned) {
  const std::string_view code = scanned.code;
  constexpr std::string_view keyword = "__global__";
  std::vector<Found> found;
  for (std::size_t at = code.find(keyword); at != std::string_view::npos; at = code.find(keyword, at + 1)) {
    const bool wordStart = at == 0 || !isIdentifierChar(code[at - 1]);
    const bool wordEnd = at + keyword.size() >= code.size() || !isIdentifierChar(code[at + keyword.size()]);
    if (!wordStart || !wordEnd || onPreprocessorLine(code, at)) continue;
    const std::optional<Found> function = functionAfter(code, at + keyword.size());
    if (!function) continue;
    auto same = std::find_if(found.begin(), found.end(),
                             [&](const Found& f) { return f.candidate.name == function->candidate.name; });
    if (same == found.end()) found.push_back(*function);
    else if (function->definition && !same->definition) *same = *function;
  }
  std::vector<EntryCandidate> candidates;
  for (const Found& f : found) candidates.push_back(f.candidate);
  return candidates;
}

EntryCheck findEntry(const std::string& path, const ScannedSource& scanned, const std::string& signature) {
  EntryCheck check;
  const std::vector<EntryCandidate> candidates = findGlobalFunctions(scanned);
  if (candidates.empty()) {
    check.diagnostics.push_back({path, 0, 0, Severity::Error,
                                 "no kernel: the file has no __global__ function; the lab runs one, " + signature});
  } else if (candidates.size() > 1) {
    const EntryCandidate& first = candidates[0];
    const EntryCandidate& second = candidates[1];
    check.diagnostics.push_back({path, second.line, second.column, Severity::Error,
                                 "two candidate entries, '" + first.name + "' (line " + std::to_string(first.line) +
                                     ") and '" + second.name +
                                     "': the lab runs exactly one __global__ function; make the others __device__"});
  } else {
    check.entry = candidates[0];
  }
  return check;
}

}  // namespace kc::lab
