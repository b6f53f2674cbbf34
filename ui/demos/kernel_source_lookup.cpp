#include "ui/demos/kernel_source_lookup.hpp"

#include <QFile>
#include <QRegularExpression>

#include "gpu/demos/demo_registry.hpp"

// rcc output linked into a static library needs an explicit reference, or the linker drops it.
static void initKernelResources() { Q_INIT_RESOURCE(kernels); }

namespace kc {

namespace {

int lineOf(const QString& text, qsizetype offset) {
  return static_cast<int>(text.left(offset).count(QLatin1Char('\n')));
}

bool inLineComment(const QString& text, qsizetype offset) {
  const qsizetype lineStart = text.lastIndexOf(QLatin1Char('\n'), offset - 1) + 1;
  return text.mid(lineStart, offset - lineStart).contains(QLatin1String("//"));
}

// A name inside a string literal (KC_CUDA_CHECK_LAUNCH("name")) is a message, not code: an odd
// number of unescaped quotes before it on its line.
bool inStringLiteral(const QString& text, qsizetype offset) {
  const qsizetype lineStart = text.lastIndexOf(QLatin1Char('\n'), offset - 1) + 1;
  bool inside = false;
  for (qsizetype i = lineStart; i < offset; ++i) {
    if (text[i] == QLatin1Char('\\')) ++i;
    else if (text[i] == QLatin1Char('"')) inside = !inside;
  }
  return inside;
}

// After the name: optional template arguments, then the parameter list must open at once (a name
// in a string, an argument list or a launch's <<<...>>> is not followed by '('); a '{' at depth 0
// before any ';' makes it a definition (a lambda inside a call's arguments sits at depth > 0).
bool opensBody(const QString& text, qsizetype from, qsizetype* brace) {
  qsizetype i = from;
  const auto skipSpaces = [&] {
    while (i < text.size() && text[i].isSpace()) ++i;
  };
  skipSpaces();
  if (i < text.size() && text[i] == QLatin1Char('<')) {
    for (int angles = 0; i < text.size(); ++i) {
      if (text[i] == QLatin1Char('<')) ++angles;
      else if (text[i] == QLatin1Char('>') && --angles == 0) break;
    }
    ++i;
    skipSpaces();
  }
  if (i >= text.size() || text[i] != QLatin1Char('(')) return false;
  int parens = 0;
  for (; i < text.size(); ++i) {
    const QChar c = text[i];
    if (c == QLatin1Char('(')) ++parens;
    else if (c == QLatin1Char(')')) --parens;
    else if (parens == 0 && c == QLatin1Char(';')) return false;
    else if (parens == 0 && c == QLatin1Char('{')) {
      *brace = i;
      return true;
    }
  }
  return false;
}

qsizetype matchingBrace(const QString& text, qsizetype open) {
  int depth = 0;
  for (qsizetype i = open; i < text.size(); ++i) {
    if (text[i] == QLatin1Char('{')) ++depth;
    else if (text[i] == QLatin1Char('}') && --depth == 0) return i;
  }
  return text.size() - 1;
}

// Walk up over the template header and the comment block that explain the function.
int introStart(const QStringList& lines, int definitionLine) {
  int first = definitionLine;
  while (first > 0) {
    const QString above = lines[first - 1].trimmed();
    if (above.startsWith(QLatin1String("//")) || above.startsWith(QLatin1String("template"))) --first;
    else break;
  }
  return first;
}

void ensureKernelResources() {
  static const bool initialised = (initKernelResources(), true);
  (void)initialised;
}

}  // namespace

QStringList kernelSourceFiles(const QString& demoId) {
  ensureKernelResources();
  QStringList files;
  const demos::DemoDefinition* demo = demos::demoRegistry().find(demoId.toStdString());
  if (!demo) return files;
  for (const std::string& name : demo->sourceFiles)
    files << QStringLiteral(":/kernels/") + demoId + u'/' + QString::fromStdString(name);
  return files;
}

QString readKernelSource(const QString& resourcePath) {
  ensureKernelResources();
  QFile file(resourcePath);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  return QString::fromUtf8(file.readAll());
}

SourceSpan findAnchorInText(const QString& anchor, const QString& text, bool mentionIsEnough) {
  SourceSpan span;
  if (anchor.isEmpty() || text.isEmpty()) return span;
  // The name as a whole word (not a member or qualified call: gpu::name<<<...>>> is a launch).
  const QRegularExpression pattern(QStringLiteral("(?<![\\w:.])") + QRegularExpression::escape(anchor) +
                                   QStringLiteral("(?!\\w)"));
  const QStringList lines = text.split(QLatin1Char('\n'));
  qsizetype firstMention = -1;
  for (auto it = pattern.globalMatch(text); it.hasNext();) {
    const QRegularExpressionMatch match = it.next();
    // In a comment or a string, its '{' search would run into code below.
    if (inLineComment(text, match.capturedStart()) || inStringLiteral(text, match.capturedStart())) continue;
    if (firstMention < 0) firstMention = match.capturedStart();
    qsizetype brace = 0;
    if (!opensBody(text, match.capturedEnd(), &brace)) continue;
    span.definitionLine = lineOf(text, match.capturedStart());
    span.firstLine = introStart(lines, span.definitionLine);
    span.lastLine = lineOf(text, matchingBrace(text, brace));
    span.resourcePath = QStringLiteral("(text)");
    return span;
  }
  if (!mentionIsEnough) return span;
  // A library call has no definition here, and is often qualified (cub::DeviceReduce::Sum).
  const qsizetype at = firstMention >= 0 ? firstMention : text.indexOf(anchor);
  if (at < 0) return span;
  span.definitionLine = span.firstLine = span.lastLine = lineOf(text, at);
  span.resourcePath = QStringLiteral("(text)");
  return span;
}

SourceSpan findAnchor(const QString& anchor, const QStringList& resourcePaths) {
  for (bool mentionIsEnough : {false, true})
    for (const QString& path : resourcePaths) {
      SourceSpan span = findAnchorInText(anchor, readKernelSource(path), mentionIsEnough);
      if (span.found()) {
        span.resourcePath = path;
        return span;
      }
    }
  return {};
}

}  // namespace kc
