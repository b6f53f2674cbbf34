#pragma once
// Finds a demo row's sourceAnchor (a function name) in the kernel sources compiled in from
// resources/kernels.qrc, so the panel can show the function the row measured.
#include <QString>
#include <QStringList>

namespace kc {

// The embedded sources of one demo: every file resources/kernels.qrc puts in the folder named by
// the demo's id (":/kernels/reduce/..."), by name. The qrc is the one list: a file added there is
// searched here.
QStringList kernelSourceFiles(const QString& demoId);
QString readKernelSource(const QString& resourcePath);  // "" when missing

struct SourceSpan {
  QString resourcePath;  // empty: the anchor was not found
  int firstLine = 0;     // 0-based: the comment and template line(s) just above the definition
  int definitionLine = 0;
  int lastLine = 0;      // the closing brace of the body (the definition line for a plain mention)
  bool found() const { return !resourcePath.isEmpty(); }
};

// The anchor's definition (a name followed by its parameter list and then a body '{', not a ';')
// in the first file that has one; else its first mention (library calls: cub::DeviceReduce).
SourceSpan findAnchor(const QString& anchor, const QStringList& resourcePaths);
// The same on text already loaded (tests).
SourceSpan findAnchorInText(const QString& anchor, const QString& text, bool mentionIsEnough);

}  // namespace kc
