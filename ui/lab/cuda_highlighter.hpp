#pragma once
// Colours for CUDA C++ in the kernel editor: keywords, types (the lab's KcInput/KcOutput/KcParams
// and CUDA's vector types), built-in variables and functions, numbers, strings, preprocessor lines,
// comments (// and /* */ across lines) and, inside // comments, the lab's annotations (@param,
// @output, @block) so the lines that make sliders stand out.
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <vector>

namespace kc {

class CudaHighlighter : public QSyntaxHighlighter {
  Q_OBJECT
 public:
  explicit CudaHighlighter(QTextDocument* document);

  // The format a category gets (tests ask what a character was painted with).
  enum class Category { Keyword, Type, Builtin, Number, String, Preprocessor, Comment, Annotation };
  QTextCharFormat formatOf(Category category) const;

 protected:
  void highlightBlock(const QString& text) override;

 private:
  struct Rule {
    QRegularExpression pattern;
    Category category;
  };
  std::vector<Rule> rules_;
  QTextCharFormat formats_[8];
};

}  // namespace kc
