#pragma once
// Which lines of the edited file get a marker in the editor's gutter, from the compiler's
// diagnostics: a diagnostic in the file at its line; one in a header the file includes at the
// #include line that brings it in; one with no place (or a place past the end) at line 1 (or the
// last line). Several on one line: the most severe colours the marker, the tooltip lists all.
#include <QString>
#include <string>
#include <vector>

#include "gpu/lab/diagnostic.hpp"

namespace kc {

struct GutterMark {
  int line = 1;  // 1-based
  lab::Severity severity = lab::Severity::Error;
  QString text;  // every diagnostic of the line, one per line, as the compiler prints them
};

// `path` is the edited file (as the compiler was given it), `text` what the editor holds.
std::vector<GutterMark> gutterMarks(const std::vector<lab::Diagnostic>& diagnostics, const std::string& path,
                                    const QString& text);

}  // namespace kc
