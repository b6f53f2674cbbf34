#include "ui/window/side_docks_fit_text.hpp"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>
#include <QTimer>

namespace kc {

namespace {

// Docked at the left or right and shown: the ones whose width the text can outgrow.
QList<QDockWidget*> sideDocks(QMainWindow* window) {
  QList<QDockWidget*> docks;
  for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    if (dock->isVisible() && !dock->isFloating() && (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea))
      docks << dock;
  }
  return docks;
}

// The dock width at which its scroll area shows all of its content's minimum width (the dock's
// frame, margins and vertical scroll bar are what the dock is wider than the viewport); 0 when
// the dock holds no scroll area (such content sets the dock's minimum itself).
int widthForContent(QDockWidget* dock) {
  auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
  if (!scroll || !scroll->widget()) return 0;
  return dock->width() - scroll->viewport()->width() + scroll->widget()->minimumSizeHint().width();
}

}  // namespace

SideDocksFitText::SideDocksFitText(QMainWindow* window) : QObject(window), window_(window) {}

void SideDocksFitText::scaleChanged(double scale) {
  if (scale > 1.0 && scale_ <= 1.0) {
    // Still the old widths: the layouts take the new font in later.
    widthsAtActualSize_.clear();
    for (QDockWidget* dock : sideDocks(window_)) widthsAtActualSize_.insert(dock->objectName(), dock->width());
  }
  scale_ = scale;
  for (QDockWidget* dock : sideDocks(window_))
    if (auto* scroll = qobject_cast<QScrollArea*>(dock->widget()); scroll && scroll->widget())
      scroll->widget()->installEventFilter(this);  // once: Qt replaces an earlier installation
  fitSoon();
}

bool SideDocksFitText::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::LayoutRequest && scale_ > 1.0) fitSoon();
  return QObject::eventFilter(watched, event);
}

// Queued behind the event being delivered: a layout request has been handled by then.
void SideDocksFitText::fitSoon() {
  QTimer::singleShot(0, this, [this] { fit(); });
}

void SideDocksFitText::fit() {
  QList<QDockWidget*> docks;
  QList<int> widths;
  for (QDockWidget* dock : sideDocks(window_)) {
    if (scale_ <= 1.0) {
      if (!widthsAtActualSize_.contains(dock->objectName())) continue;
      docks << dock;
      widths << widthsAtActualSize_.value(dock->objectName());
    } else if (const int needed = widthForContent(dock); needed > dock->width()) {
      docks << dock;
      widths << needed;
    }
  }
  if (scale_ <= 1.0) widthsAtActualSize_.clear();
  if (!docks.isEmpty()) window_->resizeDocks(docks, widths, Qt::Horizontal);
}

}  // namespace kc
