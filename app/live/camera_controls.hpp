#pragma once
// Source > Camera controls: the shown camera's own exposure, focus and white balance, through Qt
// Multimedia's QCamera (on Linux, the V4L2 controls its GStreamer camera reaches). Every entry is
// always listed; one that cannot be used is disabled and says why in its tooltip (no camera is
// shown; this camera, or Qt's backend for it, offers no such control), so nobody hunts for a
// setting that is not there. The menu is built from a plain record of what the camera offers, read
// from its QCamera, so tests give any camera.
#include <QObject>
#include <QPointer>
#include <QString>
#include <vector>

class QAction;
class QCamera;
class QMenu;

namespace kc {

// What the shown camera offers.
struct CameraControlSupport {
  bool camera = false;  // a camera is shown at all
  QString name;         // its description, for the reasons
  bool autoExposure = false, manualExposure = false, exposureCompensation = false;
  std::vector<int> focusModes;         // QCamera::FocusMode values it offers
  std::vector<int> whiteBalanceModes;  // QCamera::WhiteBalanceMode values it offers
};
// Read from `camera` (nullptr: none shown).
CameraControlSupport cameraControlSupport(const QCamera* camera, const QString& name = {});

class CameraControls : public QObject {
  Q_OBJECT
 public:
  explicit CameraControls(QObject* parent = nullptr);
  ~CameraControls() override;
  QMenu* menu() const { return menu_; }

  // The camera now shown (nullptr: none); its controls are read and the entries follow.
  void setCamera(QCamera* camera, const QString& name = {});
  // The entries for `support`, applied to `camera` when chosen (tests: any record, no camera).
  void show(const CameraControlSupport& support, QCamera* camera = nullptr);
  // The entry whose text is `text` (without '&'), or nullptr: for tests.
  QAction* entry(const QString& text) const;

 private:
  QMenu* menu_;
  QPointer<QCamera> camera_;
};

}  // namespace kc
