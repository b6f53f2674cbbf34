#pragma once
// The selected row's "why" and the source of the function it measured: the demo's embedded
// file, scrolled to the function, its lines highlighted. Read-only, monospace, no wrapping
// (code lines keep their shape on a projector).
#include <QWidget>

#include "ui/demos/kernel_source_lookup.hpp"

class QLabel;
class QPlainTextEdit;

namespace kc {

class KernelSourceView : public QWidget {
  Q_OBJECT
 public:
  explicit KernelSourceView(QWidget* parent = nullptr);

  // The row's why, and the function `anchor` in the embedded sources of the demo `demoId`.
  void showRow(const QString& demoId, const QString& anchor, const QString& why);
  void clear();

  QString shownFile() const { return shownFile_; }
  int highlightedFirstLine() const { return span_.firstLine; }
  QString text() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void applyFonts();

  QLabel* why_ = nullptr;
  QLabel* location_ = nullptr;
  QPlainTextEdit* source_ = nullptr;
  QString shownFile_;
  SourceSpan span_;
};

}  // namespace kc
