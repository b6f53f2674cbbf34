#pragma once
// The window's virtual camera (--vcam, Source > Send to virtual camera: vcam_control.hpp): the
// filtered stream, as the view presents it, to a virtual camera (virtual_camera.hpp), written on
// its own thread. A failure (the device went away) becomes a
// notice and the feed stops; the view goes on. While it runs, the status bar says where frames go.
#include <QObject>
#include <QTimer>
#include <memory>

class QLabel;

namespace kc {

class BackgroundSink;
class FrameTap;
class MainWindow;
class VirtualCamera;

class VcamFeed : public QObject {
  Q_OBJECT
 public:
  VcamFeed(MainWindow& window, FrameTap& tap, std::unique_ptr<VirtualCamera> camera, QObject* parent = nullptr);
  ~VcamFeed() override;
  bool running() const { return sink_ != nullptr; }
  // Stops without finishing: a file: target's temporary is removed, the file left as it was.
  void discard();

 private:
  void check();
  void detach();

  MainWindow& window_;
  FrameTap& tap_;
  QString name_;
  QLabel* status_ = nullptr;  // owned by the status bar
  std::unique_ptr<BackgroundSink> sink_;
  QTimer check_;
};

}  // namespace kc
