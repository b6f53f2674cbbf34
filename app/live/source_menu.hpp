#pragma once
// Fills the window's Source menu: each camera Qt Multimedia lists (refreshed when devices come
// and go) with a submenu of its formats (resolution, frame rate, pixel format; the default
// first), the test pattern, and the image or video being shown (checked). Choosing a camera format
// emits cameraChosen; the pattern or the file emits the window's sourceRequested(spec). Images and
// videos are opened from the File menu. Below them: the shown camera's own controls
// (camera_controls.hpp) and the entries app/ adds (Send to virtual camera).
#include <QObject>
#include <QString>
#include <vector>

#include "app/sources/camera_format.hpp"
#include "app/sources/camera_source.hpp"

class QAction;
class QCamera;
class QMediaDevices;
class QMenu;

namespace kc {

class CameraControls;
class MainWindow;

class SourceMenu : public QObject {
  Q_OBJECT
 public:
  explicit SourceMenu(MainWindow& window);
  int cameraCount() const;

  // Fills the menu from these cameras (the real ones on rebuild; tests pass their own).
  // `noCameraReason`: shown as the tooltip of "(no camera support)" when the list is empty.
  void showCameras(const std::vector<CameraListing>& cameras, const QString& noCameraReason = {});
  // Checks the entry of what is shown: a camera spec with its format request, the pattern, or a
  // file (image:/video:/sequence: spec), which gets an entry of its own.
  void setCurrent(const QString& spec, const CameraFormatRequest& format);
  // The camera shown now (nullptr: another source): Camera controls follow it.
  void setCamera(QCamera* camera, const QString& name = {});
  CameraControls& cameraControls() const { return *controls_; }
  // An entry kept at the menu's end through every rebuild (its owner keeps it).
  void addTrailingAction(QAction* action);

 signals:
  void camerasChanged(int count);
  void cameraChosen(int index, const kc::CameraFormatRequest& format);

 private:
  void rebuild();
  void updateChecks();

  MainWindow& window_;
  QMediaDevices* devices_ = nullptr;
  QObject* built_ = nullptr;  // owns what one showCameras() made beside the menu's own actions
  QString currentSpec_;
  CameraFormatRequest currentFormat_;
  std::vector<CameraListing> cameras_;  // the last list shown, for rebuilding when the file changes
  QString noCameraReason_;
  CameraControls* controls_ = nullptr;
  QList<QAction*> trailing_;
};

}  // namespace kc
