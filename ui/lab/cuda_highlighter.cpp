#include "ui/lab/cuda_highlighter.hpp"

#include <QStringList>

namespace kc {
namespace {

QRegularExpression words(const QStringList& list) {
  return QRegularExpression(QStringLiteral("\\b(") + list.join(QLatin1Char('|')) + QStringLiteral(")\\b"));
}

QTextCharFormat charFormat(const QColor& colour, bool bold = false, bool italic = false) {
  QTextCharFormat f;
  f.setForeground(colour);
  if (bold) f.setFontWeight(QFont::Bold);
  f.setFontItalic(italic);
  return f;
}

constexpr int kInBlockComment = 1;  // block state: the line ends inside /* ... */

}  // namespace

CudaHighlighter::CudaHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
  formats_[static_cast<int>(Category::Keyword)] = charFormat(QColor(0x1f, 0x4e, 0xb4), true);
  formats_[static_cast<int>(Category::Type)] = charFormat(QColor(0x00, 0x7a, 0x7a));
  formats_[static_cast<int>(Category::Builtin)] = charFormat(QColor(0x8a, 0x3f, 0xb8));
  formats_[static_cast<int>(Category::Number)] = charFormat(QColor(0xb3, 0x5c, 0x00));
  formats_[static_cast<int>(Category::String)] = charFormat(QColor(0x2e, 0x7d, 0x32));
  formats_[static_cast<int>(Category::Preprocessor)] = charFormat(QColor(0x9a, 0x67, 0x00));
  formats_[static_cast<int>(Category::Comment)] = charFormat(QColor(0x70, 0x70, 0x70), false, true);
  formats_[static_cast<int>(Category::Annotation)] = charFormat(QColor(0xc2, 0x18, 0x5b), true);

  rules_.push_back({words({QStringLiteral("__global__"),
                           QStringLiteral("__device__"),
                           QStringLiteral("__host__"),
                           QStringLiteral("__shared__"),
                           QStringLiteral("__constant__"),
                           QStringLiteral("__restrict__"),
                           QStringLiteral("__forceinline__"),
                           QStringLiteral("__launch_bounds__"),
                           QStringLiteral("if"),
                           QStringLiteral("else"),
                           QStringLiteral("for"),
                           QStringLiteral("while"),
                           QStringLiteral("do"),
                           QStringLiteral("return"),
                           QStringLiteral("break"),
                           QStringLiteral("continue"),
                           QStringLiteral("switch"),
                           QStringLiteral("case"),
                           QStringLiteral("default"),
                           QStringLiteral("const"),
                           QStringLiteral("constexpr"),
                           QStringLiteral("static"),
                           QStringLiteral("inline"),
                           QStringLiteral("struct"),
                           QStringLiteral("template"),
                           QStringLiteral("typename"),
                           QStringLiteral("extern"),
                           QStringLiteral("volatile"),
                           QStringLiteral("static_cast"),
                           QStringLiteral("reinterpret_cast"),
                           QStringLiteral("sizeof"),
                           QStringLiteral("true"),
                           QStringLiteral("false"),
                           QStringLiteral("nullptr"),
                           QStringLiteral("namespace"),
                           QStringLiteral("using"),
                           QStringLiteral("auto")}),
                    Category::Keyword});
  rules_.push_back(
      {words({QStringLiteral("void"), QStringLiteral("bool"), QStringLiteral("char"), QStringLiteral("short"),
              QStringLiteral("int"), QStringLiteral("long"), QStringLiteral("unsigned"), QStringLiteral("signed"),
              QStringLiteral("float"), QStringLiteral("double"), QStringLiteral("KcInput"), QStringLiteral("KcOutput"),
              QStringLiteral("KcParams"), QStringLiteral("dim3"),
              QStringLiteral("u?(char|short|int|long|longlong|float|double)[1-4]")}),
       Category::Type});
  rules_.push_back({words({QStringLiteral("threadIdx"), QStringLiteral("blockIdx"), QStringLiteral("blockDim"),
                           QStringLiteral("gridDim"), QStringLiteral("warpSize"), QStringLiteral("__syncthreads"),
                           QStringLiteral("__syncwarp"), QStringLiteral("__shfl_\\w+"), QStringLiteral("atomic\\w+"),
                           QStringLiteral("make_\\w+"), QStringLiteral("min"), QStringLiteral("max"),
                           QStringLiteral("__[a-z]\\w*[a-z0-9]"),
                           QStringLiteral("(rint|fmin|fmax|sqrt|rsqrt|exp|log|pow|fabs|floor|ceil|sin|cos)f")}),
                    Category::Builtin});
  rules_.push_back(
      {QRegularExpression(QStringLiteral("\\b(0[xX][0-9a-fA-F]+|\\d+\\.?\\d*([eE][-+]?\\d+)?)[uUlLfF]*\\b")),
       Category::Number});
  rules_.push_back({QRegularExpression(QStringLiteral("^\\s*#\\s*\\w+")), Category::Preprocessor});
  rules_.push_back(
      {QRegularExpression(QStringLiteral("\"(\\\\.|[^\"\\\\])*\"|'(\\\\.|[^'\\\\])*'")), Category::String});
}

QTextCharFormat CudaHighlighter::formatOf(Category category) const { return formats_[static_cast<int>(category)]; }

void CudaHighlighter::highlightBlock(const QString& text) {
  for (const Rule& rule : rules_) {
    auto matches = rule.pattern.globalMatch(text);
    while (matches.hasNext()) {
      const auto match = matches.next();
      setFormat(static_cast<int>(match.capturedStart()), static_cast<int>(match.capturedLength()),
                formatOf(rule.category));
    }
  }
  // Comments last: they win over whatever the rules painted inside them (a string in a comment).
  const QTextCharFormat comment = formatOf(Category::Comment);
  int start = previousBlockState() == kInBlockComment ? 0 : -1;
  int scan = 0;
  setCurrentBlockState(0);
  while (scan < text.size()) {
    if (start < 0) {
      const int line = static_cast<int>(text.indexOf(QStringLiteral("//"), scan));
      const int block = static_cast<int>(text.indexOf(QStringLiteral("/*"), scan));
      if (line >= 0 && (block < 0 || line < block)) {
        setFormat(line, static_cast<int>(text.size()) - line, comment);
        // The lab's annotations: "@word" at the start of the comment's text.
        static const QRegularExpression annotation(QStringLiteral("^//\\s*(@(param|output|block))\\b"));
        const auto match = annotation.match(text.mid(line));
        if (match.hasMatch())
          setFormat(line + static_cast<int>(match.capturedStart(1)), static_cast<int>(match.capturedLength(1)),
                    formatOf(Category::Annotation));
        return;
      }
      if (block < 0) return;
      start = block;
      scan = block + 2;
    }
    const int end = static_cast<int>(text.indexOf(QStringLiteral("*/"), scan));
    if (end < 0) {
      setFormat(start, static_cast<int>(text.size()) - start, comment);
      setCurrentBlockState(kInBlockComment);
      return;
    }
    setFormat(start, end + 2 - start, comment);
    scan = end + 2;
    start = -1;
  }
}

}  // namespace kc
