#pragma once
// View > Presentation, for a projector: the application font (so every widget without a font
// of its own: menus, docks, the demo panel's table and charts), the docks' titles, the style's
// check boxes, icons and scroll bars (ScaledStyle) and the view's overlays scale together. Ctrl+= and Ctrl+- step the
// scale (above 1 is presentation), Ctrl+0 resets it to 1. The last presentation scale is remembered (QSettings
// view/presentationScale); presentation itself starts off, because the projector may not be there next time.
#include <QFont>
#include <QObject>

class QAction;
class QMenu;

namespace kc {

class GlView;

class PresentationMode : public QObject {
  Q_OBJECT
 public:
  static constexpr double kMinScale = 1.0, kMaxScale = 3.0, kStep = 0.25, kDefaultScale = 1.5;

  // Adds Presentation (checkable), Larger, Smaller and Actual size to `viewMenu`.
  PresentationMode(GlView* view, QMenu* viewMenu, QObject* parent = nullptr);
  ~PresentationMode() override;  // gives the application its font and style back

  bool active() const { return scale_ > kMinScale; }
  double scale() const { return scale_; }
  QAction* toggleAction() const { return toggle_; }

 public slots:
  void setActive(bool on);      // on: the remembered presentation scale (1.5 the first time)
  void setScale(double scale);  // clamped to [1, 3]
  void zoomIn();
  void zoomOut();
  void reset();

 signals:
  void scaleChanged(double scale);

 private:
  GlView* view_;
  QAction* toggle_ = nullptr;
  void scaleDockTitles();

  QFont baseFont_;         // the application font at scale 1
  QString baseStyleName_;  // the application style at scale 1
  double scale_ = kMinScale;
  double presentationScale_ = kDefaultScale;
};

}  // namespace kc
