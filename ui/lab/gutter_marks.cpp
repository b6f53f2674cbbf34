#include "ui/lab/gutter_marks.hpp"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <map>

#include "gpu/lab/kernel_program.hpp"

namespace kc {
namespace {

// The line of `#include "NAME"` (or <NAME>) whose file name is `fileName`, or 0.
int includeLineOf(const QString& fileName, const QStringList& lines) {
  static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*[\"<]([^\">]+)[\">]"));
  for (int i = 0; i < lines.size(); ++i) {
    const auto match = include.match(lines[i]);
    if (match.hasMatch() && QFileInfo(match.captured(1)).fileName() == fileName) return i + 1;
  }
  return 0;
}

}  // namespace

std::vector<GutterMark> gutterMarks(const std::vector<lab::Diagnostic>& diagnostics, const std::string& path,
                                    const QString& text) {
  const QStringList lines = text.split(QLatin1Char('\n'));
  const int lineCount = std::max(1, static_cast<int>(lines.size()));
  const std::string key = lab::kernelPathKey(path);
  std::map<int, GutterMark> byLine;
  for (const lab::Diagnostic& d : diagnostics) {
    int line = 1;
    if (d.path.empty() || d.path == path || lab::kernelPathKey(d.path) == key) {
      line = d.line;
    } else {
      line = includeLineOf(QFileInfo(QString::fromStdString(d.path)).fileName(), lines);
    }
    line = std::clamp(line, 1, lineCount);
    GutterMark& mark = byLine[line];
    mark.line = line;
    if (mark.text.isEmpty()) {
      mark.severity = d.severity;
    } else {
      mark.severity = std::min(mark.severity, d.severity);  // Error < Warning < Note
      mark.text += QLatin1Char('\n');
    }
    mark.text += QString::fromStdString(lab::formatDiagnostic(d));
  }
  std::vector<GutterMark> marks;
  for (auto& [line, mark] : byLine) marks.push_back(std::move(mark));
  return marks;
}

}  // namespace kc
