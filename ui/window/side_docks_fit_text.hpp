#pragma once
// Presentation mode enlarges the application font; a side dock keeps its width, so its content
// (the filter dock's Add/Remove/Up/Down row) ended behind a horizontal scroll bar. This widens each
// side dock whose scroll area's content no longer fits, and when the text is back at 1x returns
// the docks to the widths they had before.
#include <QHash>
#include <QObject>
#include <QString>

class QEvent;
class QMainWindow;

namespace kc {

class SideDocksFitText : public QObject {
 public:
  explicit SideDocksFitText(QMainWindow* window);
  // Called with PresentationMode's scale after each change (1 = actual size).
  void scaleChanged(double scale);

 protected:
  // A side dock's content that lays itself out anew (the new font reaches widgets through queued
  // events, after scaleChanged) is measured once that is done.
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void fitSoon();
  void fit();
  QMainWindow* window_;
  double scale_ = 1.0;
  QHash<QString, int> widthsAtActualSize_;  // by dock objectName, taken when the scale leaves 1
};

}  // namespace kc
