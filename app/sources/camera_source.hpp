#pragma once
// A camera through Qt Multimedia: QCamera -> QMediaCaptureSession -> QVideoSink; each
// videoFrameChanged becomes the latest frame, in the camera's own format (camera_frame.hpp), handed
// out by next() (shared, not copied). Frames arrive on the
// thread that owns this object (the GUI thread) through Qt's event loop.
// When the camera fails or is unplugged (QCamera::errorOccurred, QMediaDevices::videoInputsChanged
// without it), `lost` is emitted so the app can fall back to the test pattern.
#include <QCameraDevice>
#include <QObject>
#include <QSize>
#include <QString>
#include <memory>
#include <mutex>
#include <vector>

#include "app/sources/camera_format.hpp"
#include "app/sources/frame_source.hpp"

class QCamera;
class QMediaCaptureSession;
class QMediaDevices;
class QVideoFrame;
class QVideoSink;

namespace kc {

struct CameraRequest {
  int index = 0;               // into QMediaDevices::videoInputs()
  CameraFormatRequest format;  // empty: the default (chooseCameraFormat)
};

// One camera as the Source menu lists it.
struct CameraListing {
  QString description;
  std::vector<CameraFormatInfo> formats;  // in the order the camera lists them
};

class CameraSource final : public QObject, public FrameSource {
  Q_OBJECT
 public:
  // Throws SourceError when there is no camera or the index is out of range (listing the cameras).
  explicit CameraSource(const CameraRequest& request, QObject* parent = nullptr);
  ~CameraSource() override;

  std::string name() const override;
  HostFrame next() override;  // the latest frame; empty until the first one arrives
  int width() const override;
  int height() const override;
  bool isLive() const override { return true; }
  bool hasNews() const override;
  bool isActive() const;

  // "0: Integrated Camera" lines, each followed by its formats, for `kernelcam devices` and errors.
  static QStringList describeCameras();
  // The cameras in QMediaDevices order (so index i is camera:i); empty without camera support.
  static std::vector<CameraListing> listCameras();
  // The format the camera was set to (from the request), if it lists any.
  const CameraFormatInfo& format() const { return format_; }
  // Its QCamera, for the camera's own controls (exposure, focus, white balance).
  QCamera* camera() const { return camera_.get(); }

 signals:
  void frameAvailable();
  void lost(const QString& reason);

 private:
  void onFrame(const QVideoFrame& frame);
  void onInputsChanged();
  void markLost(const QString& reason);

  QCameraDevice device_;
  CameraFormatInfo format_;
  std::unique_ptr<QMediaDevices> devices_;
  std::unique_ptr<QCamera> camera_;
  std::unique_ptr<QVideoSink> sink_;
  std::unique_ptr<QMediaCaptureSession> session_;
  mutable std::mutex mutex_;  // QVideoSink may deliver on another thread on some backends
  HostFrame latest_;
  bool fresh_ = false;
  bool lost_ = false;
  std::int64_t next_ = 0;
};

}  // namespace kc
