#include "gpu/lab/diagnostic.hpp"

#include <algorithm>

#include "gpu/core/message_text.hpp"

namespace kc::lab {

namespace {
constexpr std::size_t kDiagnosticPathBytes = 1024;     // PATH_MAX is 4096, a real one is far shorter
constexpr std::size_t kDiagnosticMessageBytes = 2048;  // NVRTC's longest are template back-traces
}  // namespace

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
    case Severity::Error:
      break;
  }
  return "error";
}

std::string formatDiagnostic(const Diagnostic& d) {
  // The path is the user's file name and the message the compiler's, which quotes the user's code
  // (a #pragma message is any text at all): both through the one sanitiser, so a diagnostic is one
  // line that cannot drive the terminal it is printed on.
  // Appends rather than operator+ chains: GCC 12 warns falsely on those (-Wrestrict, PR 105651).
  std::string text = printableText(d.path, kDiagnosticPathBytes);
  if (d.line > 0) {
    text.append(":").append(std::to_string(d.line));
    if (d.column > 0) text.append(":").append(std::to_string(d.column));
  }
  return text.append(": ")
      .append(severityName(d.severity))
      .append(": ")
      .append(printableText(d.message, kDiagnosticMessageBytes));
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace kc::lab
