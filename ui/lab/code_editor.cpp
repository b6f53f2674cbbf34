#include "ui/lab/code_editor.hpp"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

#include "ui/lab/cuda_highlighter.hpp"

namespace kc {

namespace {

constexpr int kMarkerWidth = 14;
constexpr int kHeatWidth = 4;  // the profile's heat column, at the gutter's left edge

QColor markerColour(lab::Severity severity) {
  switch (severity) {
    case lab::Severity::Error:
      return QColor(0xd3, 0x2f, 0x2f);
    case lab::Severity::Warning:
      return QColor(0xf0, 0xa0, 0x20);
    case lab::Severity::Note:
      break;
  }
  return QColor(0x60, 0x90, 0xd0);
}

}  // namespace

// The strip left of the text: paints through the editor, which knows the blocks' geometry.
class CodeEditorGutter : public QWidget {
 public:
  explicit CodeEditorGutter(CodeEditor* editor) : QWidget(editor), editor_(editor) { setMouseTracking(true); }
  QSize sizeHint() const override { return {editor_->gutterWidth(), 0}; }

 protected:
  void paintEvent(QPaintEvent* event) override { editor_->paintGutter(event); }
  bool event(QEvent* event) override {
    if (event->type() == QEvent::ToolTip) {
      editor_->gutterToolTip(static_cast<QHelpEvent*>(event)->pos());
      return true;
    }
    return QWidget::event(event);
  }

 private:
  CodeEditor* editor_;
};

CodeEditor::CodeEditor(QWidget* parent) : QPlainTextEdit(parent) {
  QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  font.setPointSize(std::max(font.pointSize(), 10));
  setFont(font);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);
  gutter_ = new CodeEditorGutter(this);
  highlighter_ = new CudaHighlighter(document());
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
  connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateGutter);
  setViewportMargins(gutterWidth(), 0, 0, 0);
}

int CodeEditor::gutterWidth() const {
  int digits = 1;
  for (int max = std::max(1, blockCount()); max >= 10; max /= 10) ++digits;
  return 8 + kMarkerWidth + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
}

void CodeEditor::resizeEvent(QResizeEvent* event) {
  QPlainTextEdit::resizeEvent(event);
  const QRect area = contentsRect();
  gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
}

void CodeEditor::updateGutter(const QRect& rect, int dy) {
  if (dy) gutter_->scroll(0, dy);
  else gutter_->update(0, rect.y(), gutter_->width(), rect.height());
}

void CodeEditor::paintGutter(QPaintEvent* event) {
  QPainter painter(gutter_);
  painter.fillRect(event->rect(), QColor(0xf0, 0xf0, 0xf0));
  QTextBlock block = firstVisibleBlock();
  int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
  const int lineHeight = fontMetrics().height();
  while (block.isValid() && top <= event->rect().bottom()) {
    const int bottom = top + qRound(blockBoundingRect(block).height());
    if (block.isVisible() && bottom >= event->rect().top()) {
      const int line = block.blockNumber() + 1;
      if (const LineHeat* heat = heatAt(line)) {
        // Amber to red by level for memory access far from the ideal, grey-blue to orange for the
        // share of instructions: the column reads like a flame graph down the file.
        const double level = std::clamp(heat->level, 0.0, 1.0);
        const QColor colour = heat->memory ? QColor::fromHsvF(0.12 * (1 - level), 0.9, 0.95)
                                           : QColor::fromHsvF(0.6 - 0.5 * level, 0.25 + 0.6 * level, 0.95);
        painter.fillRect(QRect(0, top, kHeatWidth, bottom - top), colour);
      }
      if (const GutterMark* mark = markAt(line)) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(markerColour(mark->severity));
        const int d = std::min(kMarkerWidth - 4, lineHeight - 4);
        painter.drawEllipse(QRect(4, top + (lineHeight - d) / 2, d, d));
      }
      painter.setPen(QColor(0x90, 0x90, 0x90));
      painter.drawText(kMarkerWidth, top, gutter_->width() - kMarkerWidth - 4, lineHeight, Qt::AlignRight,
                       QString::number(line));
    }
    block = block.next();
    top = bottom;
  }
}

void CodeEditor::gutterToolTip(const QPoint& position) {
  const QTextCursor cursor = cursorForPosition(QPoint(0, position.y()));
  const GutterMark* mark = markAt(cursor.blockNumber() + 1);
  const LineHeat* heat = heatAt(cursor.blockNumber() + 1);
  QString text = mark ? mark->text : QString();
  if (heat) text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + heat->text;
  if (!text.isEmpty()) QToolTip::showText(gutter_->mapToGlobal(position), text, gutter_);
  else QToolTip::hideText();
}

void CodeEditor::setMarks(std::vector<GutterMark> marks) {
  marks_ = std::move(marks);
  tintMarkedLines();
  gutter_->update();
}

void CodeEditor::setHeat(std::vector<LineHeat> heat) {
  heat_ = std::move(heat);
  gutter_->update();
}

const LineHeat* CodeEditor::heatAt(int line) const {
  for (const LineHeat& heat : heat_)
    if (heat.line == line) return &heat;
  return nullptr;
}

const GutterMark* CodeEditor::markAt(int line) const {
  for (const GutterMark& mark : marks_)
    if (mark.line == line) return &mark;
  return nullptr;
}

void CodeEditor::tintMarkedLines() {
  QList<QTextEdit::ExtraSelection> selections;
  for (const GutterMark& mark : marks_) {
    if (mark.severity != lab::Severity::Error) continue;
    QTextEdit::ExtraSelection selection;
    QColor tint = markerColour(mark.severity);
    tint.setAlpha(40);
    selection.format.setBackground(tint);
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    selection.cursor = QTextCursor(document()->findBlockByNumber(mark.line - 1));
    selections.append(selection);
  }
  setExtraSelections(selections);
}

void CodeEditor::jumpTo(int line, int column) {
  const QTextBlock block = document()->findBlockByNumber(std::max(line, 1) - 1);
  if (!block.isValid()) return;
  QTextCursor cursor(block);
  cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                      std::clamp(column - 1, 0, std::max(0, static_cast<int>(block.length()) - 1)));
  setTextCursor(cursor);
  centerCursor();
  setFocus();
}

int CodeEditor::cursorLine() const { return textCursor().blockNumber() + 1; }
int CodeEditor::cursorColumn() const { return textCursor().positionInBlock() + 1; }

void CodeEditor::replaceText(const QString& text) {
  const int line = cursorLine(), column = cursorColumn();
  const int scroll = verticalScrollBar()->value();
  QTextCursor all(document());
  all.select(QTextCursor::Document);
  all.insertText(text);
  const QTextBlock block = document()->findBlockByNumber(std::min(line, blockCount()) - 1);
  QTextCursor cursor(block);
  cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                      std::clamp(column - 1, 0, std::max(0, static_cast<int>(block.length()) - 1)));
  setTextCursor(cursor);
  verticalScrollBar()->setValue(scroll);
}

}  // namespace kc
