#include "gpu/lab/compiler_log.hpp"

#include <cctype>
#include <optional>
#include <string>

namespace kc::lab {
namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

struct SeverityWord {
  std::string_view word;
  Severity severity;
};
constexpr SeverityWord kSeverities[] = {{"catastrophic error", Severity::Error},
                                        {"error", Severity::Error},
                                        {"warning", Severity::Warning},
                                        {"remark", Severity::Note},
                                        {"note", Severity::Note}};

// "error: msg" or "warning #177-D: msg" at the start of `text`.
std::optional<Diagnostic> severityAndMessage(std::string_view text) {
  for (const SeverityWord& s : kSeverities) {
    if (!text.starts_with(s.word)) continue;
    std::string_view rest = text.substr(s.word.size());
    if (rest.starts_with(" #")) {  // the diagnostic number, for -diag-suppress
      const std::size_t colon = rest.find(':');
      if (colon == std::string_view::npos) continue;
      rest.remove_prefix(colon);
    }
    if (!rest.starts_with(": ")) continue;
    Diagnostic d;
    d.severity = s.severity;
    d.message = std::string(rest.substr(2));
    return d;
  }
  return std::nullopt;
}

// "PATH(LINE): <severity>: message". PATH may itself hold parentheses: the first "(digits): "
// followed by a severity word is the one.
std::optional<Diagnostic> frontEndHeader(std::string_view line) {
  for (std::size_t close = line.find("): "); close != std::string_view::npos; close = line.find("): ", close + 1)) {
    const std::size_t open = line.rfind('(', close);
    if (open == std::string_view::npos || open == 0 || open + 1 == close) continue;
    const std::string_view digits = line.substr(open + 1, close - open - 1);
    bool allDigits = digits.size() < 10;
    for (char c : digits) allDigits = allDigits && std::isdigit(static_cast<unsigned char>(c));
    if (!allDigits) continue;
    std::optional<Diagnostic> d = severityAndMessage(line.substr(close + 3));
    if (!d) continue;
    d->path = std::string(line.substr(0, open));
    d->line = std::stoi(std::string(digits));
    return d;
  }
  return std::nullopt;
}

// The caret line under the echoed source: indentation then '^'. Returns the 1-based column.
int caretColumn(std::string_view echo, std::string_view caret) {
  const std::size_t at = caret.find('^');
  if (at == std::string_view::npos || caret.find_first_not_of(" \t") != at) return 0;
  constexpr std::size_t kIndent = 2;  // NVRTC indents both the echo and the caret by two spaces
  if (at < kIndent || !echo.starts_with("  ")) return 0;
  return static_cast<int>(at - kIndent) + 1;
}

// "ptxas error   : message", "ptxas fatal   : message", "ptxas warning : message".
std::optional<Diagnostic> ptxasLine(std::string_view line) {
  if (!line.starts_with("ptxas ")) return std::nullopt;
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view kind = line.substr(6, colon - 6);
  while (!kind.empty() && kind.back() == ' ') kind.remove_suffix(1);
  Diagnostic d;
  if (kind == "error" || kind == "fatal") d.severity = Severity::Error;
  else if (kind == "warning") d.severity = Severity::Warning;
  else return std::nullopt;  // "ptxas info", the resource report
  std::string_view message = line.substr(colon + 1);
  while (!message.empty() && message.front() == ' ') message.remove_prefix(1);
  d.message = "ptxas: " + std::string(message);
  return d;
}

}  // namespace

std::vector<Diagnostic> parseCompilerLog(std::string_view log) {
  std::vector<Diagnostic> diagnostics;
  const std::vector<std::string_view> lines = splitLines(log);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (std::optional<Diagnostic> d = frontEndHeader(line)) {
      if (i + 2 < lines.size()) {
        const int column = caretColumn(lines[i + 1], lines[i + 2]);
        if (column > 0) {
          d->column = column;
          i += 2;
        }
      }
      diagnostics.push_back(std::move(*d));
    } else if (std::optional<Diagnostic> p = ptxasLine(line)) {
      diagnostics.push_back(std::move(*p));
    } else if (line.starts_with("nvrtc: error: ")) {
      diagnostics.push_back({"", 0, 0, Severity::Error, std::string(line.substr(14))});
    }
  }
  return diagnostics;
}

}  // namespace kc::lab
