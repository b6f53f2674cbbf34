#include "ui/demos/kernel_source_view.hpp"

#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QVBoxLayout>
#include <algorithm>

namespace kc {

namespace {

QTextEdit::ExtraSelection lineSelection(QPlainTextEdit* edit, int line, const QColor& colour) {
  QTextEdit::ExtraSelection selection;
  selection.format.setBackground(colour);
  selection.format.setProperty(QTextFormat::FullWidthSelection, true);
  selection.cursor = QTextCursor(edit->document()->findBlockByNumber(line));
  return selection;
}

}  // namespace

KernelSourceView::KernelSourceView(QWidget* parent) : QWidget(parent) {
  why_ = new QLabel;
  why_->setObjectName(QStringLiteral("demoWhy"));
  why_->setWordWrap(true);
  why_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  location_ = new QLabel;
  location_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  source_ = new QPlainTextEdit;
  source_->setObjectName(QStringLiteral("demoSource"));
  source_->setReadOnly(true);
  source_->setLineWrapMode(QPlainTextEdit::NoWrap);
  source_->setPlaceholderText(tr("Select a row of the results to see the code it ran."));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(why_);
  layout->addWidget(location_);
  layout->addWidget(source_, 1);
  applyFonts();
}

// Both labels have fonts of their own (bold, fixed-width), so an application font change
// (View > Presentation) does not reach them by itself: derive them from it again.
void KernelSourceView::applyFonts() {
  QFont whyFont = font();
  whyFont.setBold(true);
  why_->setFont(whyFont);
  QFont code = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  if (font().pointSizeF() > 0) code.setPointSizeF(font().pointSizeF());
  else if (font().pixelSize() > 0) code.setPixelSize(font().pixelSize());
  source_->setFont(code);
}

void KernelSourceView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::FontChange) applyFonts();
  QWidget::changeEvent(event);
}

void KernelSourceView::clear() {
  why_->clear();
  location_->clear();
  source_->clear();
  shownFile_.clear();
  span_ = {};
}

QString KernelSourceView::text() const { return source_->toPlainText(); }

void KernelSourceView::showRow(const QString& demoId, const QString& anchor, const QString& why) {
  why_->setText(why);
  span_ = findAnchor(anchor, kernelSourceFiles(demoId));
  if (!span_.found()) {
    location_->setText(tr("%1: not found in the embedded sources").arg(anchor));
    source_->clear();
    shownFile_.clear();
    return;
  }
  if (span_.resourcePath != shownFile_) {
    source_->setPlainText(readKernelSource(span_.resourcePath));
    shownFile_ = span_.resourcePath;
  }
  const QString file = QString(span_.resourcePath).replace(QStringLiteral(":/kernels/"), QStringLiteral("gpu/demos/"));
  location_->setText(tr("%1 \u2014 %2, line %3").arg(anchor, file).arg(span_.definitionLine + 1));

  QList<QTextEdit::ExtraSelection> selections;
  // Pale marker colours: the code must stay readable on a projector under the highlight.
  for (int line = span_.firstLine; line <= span_.lastLine; ++line)
    selections << lineSelection(source_, line, QColor(255, 249, 196));
  selections << lineSelection(source_, span_.definitionLine, QColor(255, 224, 130));
  source_->setExtraSelections(selections);
  // Without wrapping the vertical scroll bar counts lines: the function's comment goes on top.
  source_->setTextCursor(QTextCursor(source_->document()->findBlockByNumber(span_.definitionLine)));
  source_->verticalScrollBar()->setValue(std::max(0, span_.firstLine - 1));
}

}  // namespace kc
