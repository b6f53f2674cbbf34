#pragma once
// The kernel editor's text area: a QPlainTextEdit with a gutter of line numbers and diagnostic
// markers (red error, amber warning; hover for the messages), CUDA highlighting, a monospaced font,
// and the lines with errors tinted. Qt's "code editor" example, with markers.
#include <QPlainTextEdit>
#include <vector>

#include "ui/lab/gutter_marks.hpp"
#include "ui/lab/line_heat.hpp"

namespace kc {

class CudaHighlighter;

class CodeEditor : public QPlainTextEdit {
  Q_OBJECT
 public:
  explicit CodeEditor(QWidget* parent = nullptr);

  void setMarks(std::vector<GutterMark> marks);
  // The per-line profile's heat column (left of the markers); empty clears it.
  void setHeat(std::vector<LineHeat> heat);
  const std::vector<LineHeat>& heat() const { return heat_; }
  const LineHeat* heatAt(int line) const;
  const std::vector<GutterMark>& marks() const { return marks_; }
  // The mark on a 1-based line, or null.
  const GutterMark* markAt(int line) const;
  // Puts the cursor at a 1-based line and column and shows it.
  void jumpTo(int line, int column);
  int cursorLine() const;    // 1-based
  int cursorColumn() const;  // 1-based
  // Replaces the text as one undoable edit, keeping the cursor's line and column where they exist
  // (a reload from disk).
  void replaceText(const QString& text);

  int gutterWidth() const;
  CudaHighlighter* highlighter() const { return highlighter_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  friend class CodeEditorGutter;
  void paintGutter(QPaintEvent* event);
  void gutterToolTip(const QPoint& position);
  void updateGutter(const QRect& rect, int dy);
  void tintMarkedLines();

  QWidget* gutter_ = nullptr;
  CudaHighlighter* highlighter_ = nullptr;
  std::vector<GutterMark> marks_;
  std::vector<LineHeat> heat_;
};

}  // namespace kc
