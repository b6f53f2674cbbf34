#pragma once
// File > Record (Ctrl+R, after Snapshot): records the filtered image or the view with its overlays
// to MP4/AVI while the window runs; Ctrl+R again stops. While it records, the status bar shows
// the time, the size, the frame rate and the frames dropped (the writer's queue was full). Frames
// come from the live path's FrameTap; encoding runs on the BackgroundSink's thread. A recording
// survives a kill: it is written fragmented (video_file.hpp, VideoWriteMode::Recording) and noted
// in the settings while it runs, and the next start puts an interrupted one in place with a notice
// (recording_recovery.hpp).
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <memory>

#include "app/record/record_dialog.hpp"

class QAction;
class QLabel;

namespace kc {

class BackgroundSink;
class FrameTap;
class MainWindow;

class RecordController : public QObject {
  Q_OBJECT
 public:
  RecordController(MainWindow& window, FrameTap& tap, QObject* parent = nullptr);
  ~RecordController() override;  // a recording still running is finished and kept

  QAction* action() const { return action_; }
  // Starts recording to `path` (.mp4, .avi). False, with lastError() and a status message, when
  // the file cannot be written (missing or read-only folder, another extension).
  bool start(const QString& path, RecordContent content);
  // Asked before a recording starts (the window's output guard: never a file the window reads
  // now); throws with the one-line reason. Without one, only the target itself is checked.
  void setTargetCheck(std::function<void(const std::string& path)> check) { targetCheck_ = std::move(check); }
  // The file being recorded to ("" when not recording).
  QString target() const { return recording() ? path_ : QString(); }
  // Stops and puts the file in place. False when the recording failed (a notice says why).
  bool stop();
  bool recording() const { return sink_ != nullptr; }
  const QString& lastError() const { return lastError_; }
  // The status bar's line while recording: "REC 0:05  1280x720  29.8 fps  0 dropped".
  QString statusText() const;
  // The recordings an earlier run left unfinished (killed) that this start put in place.
  const QStringList& recovered() const { return recovered_; }

 signals:
  void recordingChanged(bool recording);

 private:
  void toggle();
  void refresh();
  void recoverInterrupted();
  QSize viewPixels() const;

  MainWindow& window_;
  FrameTap& tap_;
  QAction* action_ = nullptr;
  QLabel* status_ = nullptr;
  QTimer refresh_;
  QElapsedTimer clock_;
  QString path_;
  QString lastError_;
  QString runningEntry_;  // this recording in the settings' list of running ones
  QStringList recovered_;
  std::unique_ptr<BackgroundSink> sink_;
  std::function<void(const std::string&)> targetCheck_;
};

}  // namespace kc
