#include "gpu/lab/diagnostic.hpp"

#include <algorithm>

namespace kc::lab {

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    case Severity::Error: break;
  }
  return "error";
}

std::string formatDiagnostic(const Diagnostic& d) {
  // Appends rather than operator+ chains: GCC 12 warns falsely on those (-Wrestrict, PR 105651).
  std::string text = d.path;
  if (d.line > 0) {
    text.append(":").append(std::to_string(d.line));
    if (d.column > 0) text.append(":").append(std::to_string(d.column));
  }
  return text.append(": ").append(severityName(d.severity)).append(": ").append(d.message);
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace kc::lab
