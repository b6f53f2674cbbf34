#pragma once
// Fills the window's Source menu: each camera Qt Multimedia lists (refreshed when devices come
// and go) with a submenu of its formats (resolution, frame rate, pixel format; the default
// first), the test pattern, and the image or video being shown (checked). Choosing a camera format
// emits cameraChosen; the pattern or the file emits the window's sourceRequested(spec). Images and
// videos are opened from the File menu.
#include <QObject>
#include <QString>
#include <vector>

#include "app/sources/camera_format.hpp"
#include "app/sources/camera_source.hpp"

class QMediaDevices;
class QMenu;

namespace kc {

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
};

}  // namespace kc
