#pragma once
// Source > Send to virtual camera: the filtered stream to a v4l2loopback device (what video-call
// apps see as a camera) or to file:PATH (raw YUYV frames), started and stopped from the window as
// --vcam starts it from the command line. The target is asked in a dialog offering the machine's
// /dev/video* devices and the one used last; VirtualCamera::open checks it (a missing, busy or
// wrong device is one line). A file: target is an output like any other: the window's output
// guard refuses a file the window reads or writes now, and while it runs the guard counts it.
// The frames flow through VcamFeed (its status bar label, its notice when the device goes away).
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <string>

class QAction;

namespace kc {

class FrameTap;
class MainWindow;
class VcamFeed;

class VcamControl : public QObject {
  Q_OBJECT
 public:
  // `checkOutput(path)` throws (one line) when the window may not write `path` (the output guard).
  VcamControl(MainWindow& window, FrameTap& tap, std::function<void(const std::string&)> checkOutput,
              QObject* parent = nullptr);
  ~VcamControl() override;

  // The Source menu's entry (checkable; checked while frames go out).
  QAction* action() const { return action_; }
  // Starts sending to `target` (/dev/videoN or file:PATH), stopping a feed already running. False
  // with lastError() (also in the status bar) when the target is refused or cannot be opened.
  // `named`: how the guard's messages name this output while it runs ("--vcam" when the command
  // line asked for it).
  bool start(const QString& target, const std::string& named = "the virtual camera");
  void stop();  // a file: target is put in place
  bool running() const;
  // The file a file: target is writing ("" for a device or when stopped): an output of the window.
  const std::string& file() const { return file_; }
  const std::string& named() const { return named_; }
  const QString& lastError() const { return lastError_; }

 private:
  void chooseAndStart();

  MainWindow& window_;
  FrameTap& tap_;
  std::function<void(const std::string&)> checkOutput_;
  QAction* action_ = nullptr;
  std::unique_ptr<VcamFeed> feed_;
  std::string file_;
  std::string named_;
  QString lastError_;
};

}  // namespace kc
