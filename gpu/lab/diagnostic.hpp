#pragma once
// One message about a user kernel at a place in the user's own files: what the compiler said
// (parsed from the NVRTC log), what the annotation parser or the entry check found. Printed the
// way compilers print, so terminals and editors jump to it: PATH:LINE:COL: error: message
#include <string>
#include <vector>

namespace kc::lab {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  std::string path;  // as the user named the file (or the include as NVRTC resolved it)
  int line = 0;      // 1-based; 0 when the message has no place (then printed PATH: error: ...)
  int column = 0;    // 1-based, in characters of the line; 0 when unknown
  Severity severity = Severity::Error;
  std::string message;
};

const char* severityName(Severity severity);  // "error", "warning", "note"
// One line, path and message through printableText (gpu/core/message_text.hpp): a control
// character in a file name or in a #pragma message is shown as an escape, never sent raw.
std::string formatDiagnostic(const Diagnostic& diagnostic);
bool hasErrors(const std::vector<Diagnostic>& diagnostics);

}  // namespace kc::lab
