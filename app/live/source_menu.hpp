#pragma once
// Fills the window's Source menu: the cameras Qt Multimedia lists (refreshed when devices come
// and go), open an image or video file, the test pattern. Choosing one emits the window's
// sourceRequested(spec) with spec = camera:N | image:PATH | video:PATH | pattern.
#include <QObject>

class QMediaDevices;
class QMenu;

namespace kc {

class MainWindow;

class SourceMenu : public QObject {
  Q_OBJECT
 public:
  explicit SourceMenu(MainWindow& window);
  int cameraCount() const;

 signals:
  void camerasChanged(int count);

 private:
  void rebuild();
  void openFile();

  MainWindow& window_;
  QMediaDevices* devices_ = nullptr;
};

// "image:PATH" or "video:PATH" from the file's extension.
QString sourceSpecForFile(const QString& path);

}  // namespace kc
