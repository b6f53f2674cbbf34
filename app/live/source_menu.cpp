#include "app/live/source_menu.hpp"

#include <QCameraDevice>
#include <QFileDialog>
#include <QFileInfo>
#include <QMediaDevices>
#include <QMenu>

#include "app/sources/camera_backend.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

QString sourceSpecForFile(const QString& path) {
  static const QStringList imageSuffixes = {"png", "jpg", "jpeg", "bmp", "tif", "tiff", "webp", "ppm", "pgm"};
  const QString suffix = QFileInfo(path).suffix().toLower();
  return (imageSuffixes.contains(suffix) ? QStringLiteral("image:") : QStringLiteral("video:")) + path;
}

SourceMenu::SourceMenu(MainWindow& window) : QObject(&window), window_(window) {
  if (cameraBackendAvailable()) {  // else QMediaDevices would abort the app
    devices_ = new QMediaDevices(this);
    connect(devices_, &QMediaDevices::videoInputsChanged, this, [this] {
      rebuild();
      emit camerasChanged(cameraCount());
    });
  }
  rebuild();
}

int SourceMenu::cameraCount() const {
  return cameraBackendAvailable() ? static_cast<int>(QMediaDevices::videoInputs().size()) : 0;
}

void SourceMenu::rebuild() {
  QMenu* menu = window_.sourceMenu();
  menu->clear();
  QString why;
  const auto cameras = cameraBackendAvailable(&why) ? QMediaDevices::videoInputs() : QList<QCameraDevice>();
  for (int i = 0; i < cameras.size(); ++i) {
    QAction* action = menu->addAction(tr("Camera %1: %2").arg(i).arg(cameras[i].description()));
    connect(action, &QAction::triggered, &window_,
            [this, i] { emit window_.sourceRequested(QStringLiteral("camera:%1").arg(i)); });
  }
  if (cameras.isEmpty()) {
    QAction* none = menu->addAction(why.isEmpty() ? tr("(no camera found)") : tr("(no camera support)"));
    none->setToolTip(why);
    none->setEnabled(false);
  }
  menu->addSeparator();
  connect(menu->addAction(tr("Open image or video...")), &QAction::triggered, this, &SourceMenu::openFile);
  connect(menu->addAction(tr("Test pattern")), &QAction::triggered, &window_,
          [this] { emit window_.sourceRequested(QStringLiteral("pattern")); });
}

void SourceMenu::openFile() {
  const QString path = QFileDialog::getOpenFileName(
      &window_, tr("Open image or video"), QString(),
      tr("Images and videos (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.webp *.mp4 *.mkv *.avi *.mov *.webm);;All files (*)"));
  if (!path.isEmpty()) emit window_.sourceRequested(sourceSpecForFile(path));
}

}  // namespace kc
